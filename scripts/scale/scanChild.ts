// One scan of a folder in its own process, so that its peak RSS is its own: prints one JSON line
// with the time of each phase. bench-near-scale.ts starts it; by hand:
//
//   node scripts/scale/scanChild.ts DIR
import { runScan } from '../../electron/node/scan/scanService.ts';
import { defaultScanOptions } from '../../shared/scanOptions.ts';
import type { ScanProgress } from '../../shared/scanOptions.ts';

export interface ScanChildResult {
  files: number;
  clusters: number;
  errors: number;
  /** Seconds from the start to the beginning of each phase, and to the end. */
  phases: Partial<Record<ScanProgress['phase'], number>>;
  totalSeconds: number;
}

const root = process.argv[2];
if (!root) throw new Error('usage: scanChild.ts DIR');
const started = performance.now();
const phases: ScanChildResult['phases'] = {};
const report = await runScan(
  { ...defaultScanOptions, roots: [root] },
  { onProgress: (p) => void (phases[p.phase] ??= (performance.now() - started) / 1000) },
);
const result: ScanChildResult = {
  files: report.stats.files,
  clusters: report.clusters.length,
  errors: report.errors.length,
  phases,
  totalSeconds: (performance.now() - started) / 1000,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
