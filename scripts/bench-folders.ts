// `npm run bench:folders`: what the duplicate-folder step costs beside the scan it follows, on the
// bench:exact tree (50,000 files by default; the same folder name, so either script reuses a tree
// the other kept). The scan is the exact one bench:exact times (no near-duplicates, no index).
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultScanOptions } from '../shared/scanOptions.ts';
import type { ScanOptions } from '../shared/scanOptions.ts';
import { duplicateFolders } from '../electron/node/scan/duplicateFolders.ts';
import { runScanWith } from '../electron/node/scan/scanService.ts';
import { createScanPools } from '../electron/node/scan/scanPools.ts';
import { planHomeTree } from './bench/home-tree.ts';
import { machineInfo, median } from './bench/measure.ts';
import { ensureTree } from './bench/tree.ts';

// bench:exact's tree layout version and defaults (scripts/bench-exact.ts).
const LAYOUT = 1;
const { values: options } = parseArgs({
  options: {
    files: { type: 'string', default: '50000' },
    bytes: { type: 'string', default: '3700000000' },
    runs: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (options.help) {
  console.log('Usage: npm run bench:folders -- [--files N] [--bytes B] [--runs K] [--keep]');
  process.exit(0);
}
const files = Number(options.files);
const bytes = Number(options.bytes);
const runs = Number(options.runs);

console.log('Machine');
for (const line of machineInfo(tmpdir())) console.log(`  ${line}`);
const base = join(tmpdir(), `shingle-bench-exact-${files}f-${bytes}b-v${LAYOUT}`);
const tree = ensureTree(base, { kind: 'home', files, bytes, layout: LAYOUT }, () => planHomeTree(files, bytes), false);
console.log(`\nTree under ${base}: ${tree.manifest.files.toLocaleString('en-US')} files, ${tree.manifest.folders.toLocaleString('en-US')} folders (${tree.reused ? 'reused' : 'built'})`);

const scanOptions: ScanOptions = { ...defaultScanOptions, roots: [tree.root], near: false, folders: false };
const scanMs: number[] = [];
const folderMs: number[] = [];
// CPU time (all threads of the process): steadier than wall time on a shared, loaded machine.
const scanCpuMs: number[] = [];
const folderCpuMs: number[] = [];
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
let pairs = 0;
// The CLI runs the step once per process, before the JIT has warmed to it: the warm-up run's figure.
let coldMs = 0;
// One warm-up run, then `runs` timed ones; each scan with fresh pools, as the CLI makes them.
for (let run = 0; run <= runs; run++) {
  const pools = createScanPools(scanOptions);
  try {
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    const { report, walked } = await runScanWith(scanOptions, pools);
    const scanned = performance.now();
    const cpuScanned = process.cpuUsage();
    pairs = duplicateFolders(walked.files, report.clusters, { ...scanOptions, folders: true })!.length;
    const done = performance.now();
    const cpuDone = process.cpuUsage();
    if (run === 0) coldMs = done - scanned;
    else {
      scanMs.push(scanned - started);
      folderMs.push(done - scanned);
      scanCpuMs.push(cpuMs(process.cpuUsage(cpuStart)) - cpuMs(process.cpuUsage(cpuScanned)));
      folderCpuMs.push(cpuMs(process.cpuUsage(cpuScanned)) - cpuMs(process.cpuUsage(cpuDone)));
    }
  } finally {
    await pools.destroy();
  }
}
const scan = median(scanMs);
const folders = median(folderMs);
console.log(`\nScan (exact, no index): median ${(scan / 1000).toFixed(2)} s  [${scanMs.map((ms) => (ms / 1000).toFixed(2)).join(' ')}]`);
console.log(`Duplicate folders:      median ${(folders / 1000).toFixed(3)} s  [${folderMs.map((ms) => (ms / 1000).toFixed(3)).join(' ')}], ${pairs} folder pairs`);
console.log(`CPU time: scan median ${(median(scanCpuMs) / 1000).toFixed(2)} s, duplicate folders ${(median(folderCpuMs) / 1000).toFixed(3)} s (${((100 * median(folderCpuMs)) / median(scanCpuMs)).toFixed(1)} %)`);
console.log(`  first run in the process (cold JIT, as in the CLI): ${(coldMs / 1000).toFixed(3)} s`);
console.log(`Cost: ${((100 * folders) / scan).toFixed(1)} % of the scan, ${((100 * coldMs) / scan).toFixed(1)} % cold (goal ≤ 10 %)`);
console.log(`Load average after: ${machineInfo(tmpdir())[1]!.replace(/.*load average /, '')}`);

if (options.keep) console.log(`\nKept ${base}`);
else {
  rmSync(base, { recursive: true, force: true });
  console.log(`\nRemoved ${base} (--keep keeps it for the next run)`);
}
