// `npm run bench:rescan`: what the index buys. On the tree of bench:exact plus the text corpus of
// bench:near, times `shingle scan` three times with one fresh index: the first scan, a rescan of
// the unchanged tree, and a rescan after touching 1 % of the files (new mtimes, same contents).
// Goal: the unchanged rescan takes ≤ 0.1× the first scan's wall time and reads no file contents,
// and ≤ 1.0× jdupes's time on the same folders, measured in the same run (the unchanged rescan
// and jdupes alternate --runs times; medians).
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ScanReport } from '../shared/report.ts';
import { machineInfo, measure, median } from './bench/measure.ts';
import { onPath } from './bench/peers.ts';
import { SHINGLE_CLI } from './bench/defaultMode.ts';
import { exactTree, nearCorpus, treeAndCorpusSizes } from './bench/scanRoots.ts';

const USAGE = `Usage: npm run bench:rescan -- [--files N] [--sources N] [--runs K] [--no-near]
  --files N     files in the bench:exact tree (default 50000; bytes scale as in bench:exact)
  --sources N   sources of the bench:near corpus (default 250)
  --runs K      unchanged rescans, each followed by a run of jdupes (default 3)
  --no-near     exact duplicates only (no text corpus, no fingerprints)`;

const { values: options } = parseArgs({
  options: {
    files: { type: 'string', default: '50000' },
    sources: { type: 'string', default: '250' },
    runs: { type: 'string', default: '3' },
    near: { type: 'boolean', default: true },
    help: { type: 'boolean', default: false },
  },
  allowNegative: true,
});
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
const { files, sources } = treeAndCorpusSizes(options, USAGE);
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs takes a whole number\n\n${USAGE}`);
  process.exit(2);
}
const jdupes = onPath('jdupes');
if (!jdupes) console.log('jdupes not installed (Debian: apt-get install -y jdupes): its ratio is skipped');

console.log('Machine');
for (const line of machineInfo(tmpdir())) console.log(`  ${line}`);

const roots = [exactTree(files)];
if (options.near) roots.push(await nearCorpus(sources));
console.log(`\nRoots: ${roots.join(', ')}`);

const work = mkdtempSync(join(tmpdir(), 'shingle-bench-rescan-'));
const index = join(work, 'index.sqlite');
const args = ['scan', ...roots, '--json', '--index', index, ...(options.near ? [] : ['--no-near'])];

interface Row {
  label: string;
  seconds: number;
  cpu?: number;
  rss?: number;
  report: ScanReport;
}

async function scan(label: string): Promise<Row> {
  const out = join(work, 'report.json');
  const run = await measure(process.execPath, [SHINGLE_CLI, ...args], { cwd: work, stdoutFile: out });
  if (run.exitCode !== 0) throw new Error(`${label}: shingle exited ${run.exitCode}: ${run.stderrTail}`);
  return { label, seconds: run.seconds, cpu: run.cpuSeconds, rss: run.peakRssMB, report: JSON.parse(readFileSync(out, 'utf8')) as ScanReport };
}

/** The unchanged rescan and jdupes, alternating: medians of each, and the rescan with the median time. */
async function rescansAndJdupes(): Promise<{ unchanged: Row; jdupesSeconds: number; jdupesCpu: number; jdupesRss?: number; times: number[]; jdupesTimes: number[] }> {
  const rescans: Row[] = [];
  const jdupesRuns: { seconds: number; cpu?: number; rss?: number }[] = [];
  if (jdupes) await measure('jdupes', ['-r', '-q', ...roots], { cwd: work, stdoutFile: join(work, 'jdupes.out') });
  for (let round = 0; round < runs; round++) {
    rescans.push(await scan('rescan, unchanged'));
    if (!jdupes) continue;
    const run = await measure('jdupes', ['-r', '-q', ...roots], { cwd: work, stdoutFile: join(work, 'jdupes.out') });
    if (run.exitCode !== 0) throw new Error(`jdupes exited ${run.exitCode}: ${run.stderrTail}`);
    jdupesRuns.push({ seconds: run.seconds, cpu: run.cpuSeconds, rss: run.peakRssMB });
  }
  const times = rescans.map((row) => row.seconds);
  const middle = rescans.toSorted((a, b) => a.seconds - b.seconds)[Math.floor((rescans.length - 1) / 2)]!;
  const unchanged = { ...middle, seconds: median(times), rss: Math.max(...rescans.map((row) => row.rss ?? NaN)) };
  const jdupesTimes = jdupesRuns.map((run) => run.seconds);
  return { unchanged, jdupesSeconds: median(jdupesTimes), jdupesCpu: median(jdupesRuns.map((run) => run.cpu ?? NaN)), jdupesRss: Math.max(...jdupesRuns.map((run) => run.rss ?? NaN)), times, jdupesTimes };
}

try {
  console.log(`Load average at start: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const first = await scan('first scan (empty index)');
  const { unchanged, jdupesSeconds, jdupesCpu, jdupesRss, times, jdupesTimes } = await rescansAndJdupes();
  const touched = everyHundredthFile(roots);
  const now = new Date();
  for (const path of touched) utimesSync(path, now, now);
  const after = await scan(`rescan, 1 % touched (${touched.length.toLocaleString('en-US')} files)`);

  const rows = [first, { ...unchanged, label: `rescan, unchanged (median of ${runs})` }, after];
  console.log(`\n${'run'.padEnd(34)}${'wall (s)'.padStart(10)}${'× first'.padStart(10)}${'CPU (s)'.padStart(9)}${'files read'.padStart(12)}${'peak RSS (MB)'.padStart(15)}  clusters`);
  for (const row of rows) {
    const ratio = row.seconds / first.seconds;
    console.log(
      `${row.label.padEnd(34)}${row.seconds.toFixed(2).padStart(10)}${`${ratio.toFixed(3)}×`.padStart(10)}${(row.cpu?.toFixed(2) ?? '–').padStart(9)}` +
        `${(row.report.stats.filesRead ?? 0).toLocaleString('en-US').padStart(12)}${(row.rss?.toFixed(0) ?? '–').padStart(15)}  ${row.report.clusters.length}`,
    );
  }
  if (jdupes) console.log(`${'jdupes, same folders'.padEnd(34)}${jdupesSeconds.toFixed(2).padStart(10)}${''.padStart(10)}${jdupesCpu.toFixed(2).padStart(9)}${''.padStart(12)}${(jdupesRss?.toFixed(0) ?? '–').padStart(15)}`);
  console.log(`Unchanged rescans (s): ${times.map((t) => t.toFixed(2)).join(' ')}${jdupes ? `; jdupes (s): ${jdupesTimes.map((t) => t.toFixed(2)).join(' ')}` : ''}`);
  const same = JSON.stringify(unchanged.report.clusters) === JSON.stringify(first.report.clusters);
  console.log(`\nUnchanged rescan gives the same clusters as the first scan: ${same ? 'yes' : 'NO'}`);
  const ratio = unchanged.seconds / first.seconds;
  const met = ratio <= 0.1 && unchanged.report.stats.filesRead === 0;
  console.log(`Goal: unchanged rescan ≤ 0.1× the first scan, reading 0 files — measured ${ratio.toFixed(3)}×, ${unchanged.report.stats.filesRead} files read: ${met ? 'met' : 'MISSED'}`);
  if (jdupes) {
    const versusJdupes = unchanged.seconds / jdupesSeconds;
    console.log(`Goal: unchanged rescan ≤ 1.0× jdupes on the same folders — measured ${versusJdupes.toFixed(2)}×: ${versusJdupes <= 1 ? 'met' : 'MISSED'}`);
  }
  console.log(`Load average at end: ${loadavg().map((l) => l.toFixed(2)).join(' ')} (mode: ${options.near ? 'default, near on' : '--no-near'}; index: a fresh file, the default mode)`);
  if (!same) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** Every 100th file in path order: the same 1 % each run. New mtimes force a re-read of each. */
function everyHundredthFile(scanRoots: string[]): string[] {
  const all = scanRoots.flatMap((root) =>
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name)),
  );
  return all.sort().filter((_, i) => i % 100 === 0);
}
