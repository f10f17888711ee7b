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
  /**
   * CPU seconds of the process, all threads (workers included), at the beginning of each phase and
   * at the end: on a machine shared with others, wall time follows their load, CPU time much less.
   */
  cpu: Partial<Record<ScanProgress['phase'], number>>;
  totalCpuSeconds: number;
}

const root = process.argv[2];
if (!root) throw new Error('usage: scanChild.ts DIR');
const started = performance.now();
const phases: ScanChildResult['phases'] = {};
const cpu: ScanChildResult['cpu'] = {};
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const report = await runScan(
  { ...defaultScanOptions, roots: [root] },
  {
    onProgress: (p) => {
      phases[p.phase] ??= (performance.now() - started) / 1000;
      cpu[p.phase] ??= cpuSeconds();
    },
  },
);
const result: ScanChildResult = {
  files: report.stats.files,
  clusters: report.clusters.length,
  errors: report.errors.length,
  phases,
  totalSeconds: (performance.now() - started) / 1000,
  cpu,
  totalCpuSeconds: cpuSeconds(),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
