// `npm run bench:overview`: the time to draw the Overview for a large scan. Scans a generated
// home-like tree (the exact bench's generator: copies near and far in a few thousand folders) with
// `shingle scan --json`, untimed, then times what the app does when the overview opens: the
// engine's per-folder figures (folderSummary, as getFolderSummary computes them) and the
// renderer's tree and first level's layout (treemapLayout). The DOM then draws only the areas the
// layout returns (a few hundred). CPU seconds beside wall time, with the load average.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { scanReportSchema } from '../shared/contract/schemas.ts';
import { folderSummary } from '../shared/folders/folderSummary.ts';
import { folderTree, layoutLevel } from '../renderer/overview/treemapLayout.ts';
import { planHomeTree } from './bench/home-tree.ts';
import { median } from './bench/measure.ts';
import { ensureTree } from './bench/tree.ts';

const { values: options } = parseArgs({
  options: {
    files: { type: 'string', default: '50000' },
    bytes: { type: 'string', default: '400000000' },
    runs: { type: 'string', default: '5' },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (options.help) {
  console.log('Usage: npm run bench:overview -- [--files N (50000)] [--bytes B (400000000)] [--runs K (5)] [--keep]');
  process.exit(0);
}
const files = Number(options.files);
const bytes = Number(options.bytes);
const runs = Number(options.runs);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const base = join(tmpdir(), `shingle-bench-overview-${files}f-${bytes}b`);
const tree = ensureTree(base, { kind: 'home', files, bytes }, () => planHomeTree(files, bytes), false);
console.log(`Tree: ${tree.manifest.files.toLocaleString('en-US')} files in ${tree.manifest.folders.toLocaleString('en-US')} folders (${tree.reused ? 'reused' : 'built'}), load ${load()}`);

const cli = join(import.meta.dirname, '../electron/node/cli/shingle.mjs');
const scan = spawnSync(process.execPath, [cli, 'scan', '--json', '--no-index', tree.root], { maxBuffer: 1 << 30, encoding: 'utf8' });
if (scan.status !== 0) throw new Error(`shingle scan failed: ${scan.stderr.trim()}`);
const report = scanReportSchema.parse(JSON.parse(scan.stdout));
const clusterFiles = report.clusters.reduce((sum, c) => sum + c.files.length, 0);
console.log(`Report: ${report.clusters.length.toLocaleString('en-US')} clusters, ${clusterFiles.toLocaleString('en-US')} files in clusters`);

const walls: number[] = [];
const cpus: number[] = [];
let drawn = 0;
let folders = 0;
for (let run = 0; run < runs; run++) {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const summary = folderSummary(report.clusters, [tree.root]);
  const areas = layoutLevel(folderTree(summary), 0, 1000, 560);
  walls.push(performance.now() - started);
  const cpu = process.cpuUsage(cpuBefore);
  cpus.push((cpu.user + cpu.system) / 1000);
  drawn = areas.length;
  folders = summary.folders.length;
}
console.log(`Overview of ${folders.toLocaleString('en-US')} folders, ${drawn} areas drawn: median ${median(walls).toFixed(0)} ms wall, ${median(cpus).toFixed(0)} ms CPU (runs: ${walls.map((w) => w.toFixed(0)).join(', ')} ms), load ${load()}`);
if (!options.keep) rmSync(base, { recursive: true, force: true });
