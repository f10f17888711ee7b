// `npm run bench:rescan`: what the index buys. On the tree of bench:exact plus the text corpus of
// bench:near, times `shingle scan` three times with one fresh index: the first scan, a rescan of
// the unchanged tree, and a rescan after touching 1 % of the files (new mtimes, same contents).
// Goal: the unchanged rescan takes ≤ 0.1× the first scan's wall time and reads no file contents.
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ScanReport } from '../shared/report.ts';
import { machineInfo, measure } from './bench/measure.ts';
import { exactTree, nearCorpus, treeAndCorpusSizes } from './bench/scanRoots.ts';

const USAGE = `Usage: npm run bench:rescan -- [--files N] [--sources N] [--no-near]
  --files N     files in the bench:exact tree (default 50000; bytes scale as in bench:exact)
  --sources N   sources of the bench:near corpus (default 250)
  --no-near     exact duplicates only (no text corpus, no fingerprints)`;

const { values: options } = parseArgs({
  options: {
    files: { type: 'string', default: '50000' },
    sources: { type: 'string', default: '250' },
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

console.log('Machine');
for (const line of machineInfo(tmpdir())) console.log(`  ${line}`);

const roots = [exactTree(files)];
if (options.near) roots.push(await nearCorpus(sources));
console.log(`\nRoots: ${roots.join(', ')}`);

const work = mkdtempSync(join(tmpdir(), 'shingle-bench-rescan-'));
const index = join(work, 'index.sqlite');
const cli = join(import.meta.dirname, '..', 'electron/node/cli/shingle.ts');
const args = ['scan', ...roots, '--json', '--index', index, ...(options.near ? [] : ['--no-near'])];

async function scan(label: string): Promise<{ label: string; seconds: number; rss?: number; report: ScanReport }> {
  const out = join(work, 'report.json');
  const run = await measure(process.execPath, [cli, ...args], { cwd: work, stdoutFile: out });
  if (run.exitCode !== 0) throw new Error(`${label}: shingle exited ${run.exitCode}: ${run.stderrTail}`);
  return { label, seconds: run.seconds, rss: run.peakRssMB, report: JSON.parse(readFileSync(out, 'utf8')) as ScanReport };
}

try {
  const first = await scan('first scan (empty index)');
  const unchanged = await scan('rescan, unchanged');
  const touched = everyHundredthFile(roots);
  const now = new Date();
  for (const path of touched) utimesSync(path, now, now);
  const after = await scan(`rescan, 1 % touched (${touched.length.toLocaleString('en-US')} files)`);

  const rows = [first, unchanged, after];
  console.log(`\n${'run'.padEnd(34)}${'wall (s)'.padStart(10)}${'× first'.padStart(10)}${'files read'.padStart(12)}${'peak RSS (MB)'.padStart(15)}  clusters`);
  for (const row of rows) {
    const ratio = row.seconds / first.seconds;
    console.log(
      `${row.label.padEnd(34)}${row.seconds.toFixed(2).padStart(10)}${`${ratio.toFixed(3)}×`.padStart(10)}` +
        `${(row.report.stats.filesRead ?? 0).toLocaleString('en-US').padStart(12)}${(row.rss?.toFixed(0) ?? '–').padStart(15)}  ${row.report.clusters.length}`,
    );
  }
  const same = JSON.stringify(unchanged.report.clusters) === JSON.stringify(first.report.clusters);
  console.log(`\nUnchanged rescan gives the same clusters as the first scan: ${same ? 'yes' : 'NO'}`);
  const ratio = unchanged.seconds / first.seconds;
  const met = ratio <= 0.1 && unchanged.report.stats.filesRead === 0;
  console.log(`Goal: unchanged rescan ≤ 0.1× the first scan, reading 0 files — measured ${ratio.toFixed(3)}×, ${unchanged.report.stats.filesRead} files read: ${met ? 'met' : 'MISSED'}`);
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
