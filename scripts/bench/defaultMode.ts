// Shingle in its default mode against jdupes, measured in the same run on the same folders: with
// its index (a first scan into an empty index file, then an unchanged rescan), `--no-near` and
// with near duplicates on (the default). The index is a fresh file under the bench's temporary
// folder, so the user's own index is never touched; it is the default mode all the same.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ScanReport } from '../../shared/report.ts';
import { DEFAULT_EXCLUDED_NAMES } from '../../electron/node/scan/excludes.ts';
import { agrees, compareGroups, fingerprint } from './groups.ts';
import { measure, median, type Measurement } from './measure.ts';
import type { Groups } from './peers.ts';

export const SHINGLE_CLI = join(import.meta.dirname, '..', '..', 'electron/node/cli/shingle.mjs');
const NODE_FLOOR = join(import.meta.dirname, 'nodeFloor.mjs');

export interface DefaultModeSetup {
  /** What the table calls the folders. */
  name: string;
  roots: string[];
  /** Options both Shingle scans take, e.g. --hidden. */
  shingleArgs: string[];
  /** Options for jdupes so that it considers the same files (Shingle's default excludes). */
  jdupesArgs: string[];
  runs: number;
  /** Also time the default scan, near duplicates on. */
  near: boolean;
  /** The groups of identical files, when known in advance; else Shingle is compared with jdupes. */
  truth?: Groups;
  /** A folder for the index, reports and jdupes's output; emptied by the caller. */
  work: string;
}

interface Row {
  label: string;
  timed: Measurement[];
  /** Checked on the first run: what the answer was, and whether it is right. */
  verdict: string;
  wrong: boolean;
}

export interface DefaultModeResult {
  name: string;
  rows: Row[];
  /** Median wall time of each row over jdupes's. */
  ratios: Map<string, number>;
  wrong: boolean;
}

const JDUPES = 'jdupes';
const FLOOR = 'node floor: jdupes’s system calls on one thread, nothing else';
export const NO_NEAR_FIRST = 'shingle --no-near, first scan (empty index)';
export const NO_NEAR_RESCAN = 'shingle --no-near, unchanged rescan';
const NEAR_FIRST = 'shingle (near on, default), first scan';
const NEAR_RESCAN = 'shingle (near on, default), unchanged rescan';

function exactGroups(report: ScanReport): Groups {
  return report.clusters.filter((cluster) => cluster.kind === 'exact').map((cluster) => cluster.files.map((file) => file.path));
}

function parseJdupes(text: string): Groups {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((line) => line !== ''))
    .filter((group) => group.length > 0);
}

/** Runs the rows round-robin, `runs` times after a warm-up of jdupes; returns the medians' ratios. */
export async function runDefaultMode(setup: DefaultModeSetup): Promise<DefaultModeResult> {
  const { work, roots } = setup;
  const out = (name: string) => join(work, name);
  const index = out('index.sqlite');
  const shingle = (near: boolean, fresh: boolean) => async () => {
    if (fresh) for (const suffix of ['', '-wal', '-shm']) rmSync(`${index}${suffix}`, { force: true });
    return measure(process.execPath, [SHINGLE_CLI, 'scan', ...roots, ...setup.shingleArgs, '--json', '--index', index, ...(near ? [] : ['--no-near'])], { cwd: work, stdoutFile: out('report.json') });
  };
  const jdupes = () => measure(JDUPES, ['-r', '-q', ...setup.jdupesArgs, ...roots], { cwd: work, stdoutFile: out('jdupes.out') });
  const floorArgs = [...(setup.shingleArgs.includes('--hidden') ? ['--hidden'] : []), ...[...DEFAULT_EXCLUDED_NAMES].flatMap((name) => ['--exclude', name])];
  const floor = () => measure(process.execPath, [NODE_FLOOR, ...floorArgs, ...roots], { cwd: work, stdoutFile: out('floor.out') });
  const plan: Array<[string, () => Promise<Measurement>]> = [
    [JDUPES, jdupes],
    [FLOOR, floor],
    [NO_NEAR_FIRST, shingle(false, true)],
    [NO_NEAR_RESCAN, shingle(false, false)],
    ...(setup.near
      ? ([
          [NEAR_FIRST, shingle(true, true)],
          [NEAR_RESCAN, shingle(true, false)],
        ] as Array<[string, () => Promise<Measurement>]>)
      : []),
  ];
  // Fills the page cache, so that every timed run reads warm.
  await jdupes();
  let jdupesAnswer: Groups = [];
  let firstNear = '';
  const rows: Row[] = plan.map(([label]) => ({ label, timed: [], verdict: '', wrong: false }));
  for (let round = 0; round < setup.runs; round++) {
    for (const [i, [label, run]] of plan.entries()) {
      const measurement = await run();
      const row = rows[i]!;
      row.timed.push(measurement);
      if (measurement.exitCode !== 0) throw new Error(`${setup.name}: ${label} exited ${measurement.exitCode}: ${measurement.stderrTail.trim()}`);
      if (round > 0) continue;
      if (label === JDUPES) {
        jdupesAnswer = parseJdupes(readFileSync(out('jdupes.out'), 'utf8'));
        row.verdict = `${jdupesAnswer.length.toLocaleString('en-US')} groups`;
        continue;
      }
      if (label === FLOOR) {
        row.verdict = readFileSync(out('floor.out'), 'utf8').trim();
        continue;
      }
      const report = JSON.parse(readFileSync(out('report.json'), 'utf8')) as ScanReport;
      if (label === NEAR_FIRST) firstNear = JSON.stringify(report.clusters);
      if (label === NEAR_RESCAN) {
        row.wrong = JSON.stringify(report.clusters) !== firstNear;
        row.verdict = row.wrong ? 'NOT the first scan’s clusters' : `same clusters as the first scan, ${report.stats.filesRead ?? 0} files read`;
        continue;
      }
      if (label === NEAR_FIRST) {
        row.verdict = `${report.clusters.length.toLocaleString('en-US')} clusters`;
        continue;
      }
      const groups = exactGroups(report);
      if (setup.truth) {
        row.wrong = !agrees(compareGroups(setup.truth, groups));
        row.verdict = row.wrong ? 'WRONG groups' : 'correct groups';
      } else {
        // jdupes leaves hard links out and Shingle lists them apart, so an answer may differ there.
        const same = fingerprint(groups) === fingerprint(jdupesAnswer);
        row.verdict = same ? 'same groups as jdupes' : `${groups.length} groups (jdupes ${jdupesAnswer.length})`;
      }
      if (label === NO_NEAR_RESCAN) row.verdict += `, ${report.stats.filesRead ?? 0} files read`;
    }
  }
  const wall = (row: Row) => median(row.timed.map((m) => m.seconds));
  const base = wall(rows[0]!);
  return { name: setup.name, rows, ratios: new Map(rows.map((row) => [row.label, wall(row) / base])), wrong: rows.some((row) => row.wrong) };
}

export function printDefaultMode(result: DefaultModeResult): void {
  const wall = (row: Row) => median(row.timed.map((m) => m.seconds));
  const cpu = (row: Row) => median(row.timed.map((m) => m.cpuSeconds ?? NaN));
  const rss = (row: Row) => Math.max(...row.timed.map((m) => m.peakRssMB ?? NaN));
  const table = [
    ['run', 'median wall (s)', '× jdupes', 'CPU (s)', 'peak RSS (MB)', 'answer', 'runs (s)'],
    ...result.rows.map((row) => [
      row.label,
      wall(row).toFixed(2),
      `${result.ratios.get(row.label)!.toFixed(2)}×`,
      cpu(row).toFixed(2),
      rss(row).toFixed(0),
      row.verdict,
      row.timed.map((m) => m.seconds.toFixed(2)).join(' '),
    ]),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  console.log(`\n${result.name}: default mode against jdupes, same run (median of ${result.rows[0]!.timed.length})`);
  for (const line of table) console.log(`  ${line.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`.trimEnd());
  const first = result.ratios.get(NO_NEAR_FIRST)!;
  const rescan = result.ratios.get(NO_NEAR_RESCAN)!;
  const met = first <= 1 && rescan <= 1;
  console.log(`Goal: shingle --no-near, default index, ≤ 1.0× jdupes — first scan ${first.toFixed(2)}×, rescan ${rescan.toFixed(2)}×: ${met ? 'met' : 'MISSED'}`);
  console.log(`  (Node itself, on one thread, with no work but jdupes's system calls: ${result.ratios.get(FLOOR)!.toFixed(2)}× jdupes)`);
}
