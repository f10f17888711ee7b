// bench:near on real documents: every text file under the roots exactly as named on disk, scanned
// by each method through the real engine and scored against the exact brute-force truth.
import { runScan } from '../../electron/node/scan/scanService.ts';
import { defaultScanOptions } from '../../shared/scanOptions.ts';
import type { NearMethod } from '../../shared/scanOptions.ts';
import { REAL_BANDS, scoreRealScan } from './realEvaluate.ts';
import type { RealScore } from './realEvaluate.ts';
import { exactMeasures, loadRealTruth } from './realTruth.ts';
import { fixed, formatTable, megabytes, ratio } from './table.ts';

export interface RealMethodResult {
  method: NearMethod;
  seconds: number;
  cpuSeconds: number;
  score: RealScore;
  clusters: number;
}

export async function runRealBench(roots: readonly string[], methods: readonly NearMethod[], threshold: number, verbose: boolean, progress: (message: string) => void): Promise<RealMethodResult[]> {
  progress(`exact ground truth over every text file of ${roots.join(', ')}`);
  const truth = await loadRealTruth(roots);
  const bands = { '≥ 0.85': 0, '0.5–0.85': 0 };
  for (const { a, b, shared } of truth.overlaps) {
    const j = exactMeasures(truth.sets[a]!, truth.sets[b]!, shared).jaccard;
    if (j >= 0.85) bands['≥ 0.85']++;
    else if (j >= threshold) bands['0.5–0.85']++;
  }
  const results: RealMethodResult[] = [];
  for (const method of methods) {
    progress(`scanning the real documents with ${method}`);
    const wall = performance.now();
    const cpu = process.cpuUsage();
    // Hidden files too: the truth takes every text file.
    const report = await runScan({ ...defaultScanOptions, roots: [...roots], hidden: true, method, threshold });
    const used = process.cpuUsage(cpu);
    const seconds = (performance.now() - wall) / 1000;
    const score = await scoreRealScan(truth, report, threshold);
    results.push({ method, seconds, cpuSeconds: (used.user + used.system) / 1e6, score, clusters: report.clusters.length });
  }

  const textBytes = truth.sets.reduce((sum, set) => sum + set.length, 0);
  console.log(`\nReal documents: every text file of ${roots.join(' and ')}, exactly as named on disk`);
  console.log(
    `  ${truth.filesSeen.toLocaleString('en-US')} files, ${truth.documents.length.toLocaleString('en-US')} text files by file(1) (hard links once; ` +
      `${megabytes(textBytes * 4)} MB of shingle sets); ${truth.overlaps.length.toLocaleString('en-US')} pairs share a 5-word shingle; ` +
      `${bands['≥ 0.85'].toLocaleString('en-US')} pairs at resemblance ≥ 0.85, ${bands['0.5–0.85'].toLocaleString('en-US')} at ${threshold}–0.85.`,
  );
  console.log(`  Exact brute force (inverted index over all shingles, with reading and file(1)): ${truth.seconds.toFixed(1)} s. Threshold ${threshold}.`);
  const rows = [['method', 'precision', ...REAL_BANDS.map((b) => `recall ${b}`), 'contained precision', 'contained recall', 'clusters', 'wall (s)', 'CPU (s)']];
  for (const { method, seconds, cpuSeconds, score, clusters } of results) {
    rows.push([
      method,
      ratio(score.precision.found, score.precision.total),
      ...REAL_BANDS.map((b) => ratio(score.recall[b].found, score.recall[b].total)),
      ratio(score.containmentPrecision.found, score.containmentPrecision.total),
      ratio(score.containmentRecall.found, score.containmentRecall.total),
      String(clusters),
      fixed(seconds, 1),
      fixed(cpuSeconds, 1),
    ]);
  }
  for (const line of formatTable(rows)) console.log(line);
  console.log('  precision: every pair a near cluster asserts (each file and the member it `matches`) at or above the threshold on the exact sets;');
  console.log('  contained precision: every contained claim ≥ 0.9 inside a clearly larger container; CPU is the main thread and workers of this process.');
  for (const { method, score } of results) {
    const shown = verbose ? 40 : 5;
    if (score.falseClaims.length) console.log(`  ${method}: false claims (${score.falseClaims.length}): ${score.falseClaims.slice(0, shown).join('; ')}`);
    if (verbose && score.misses.length) console.log(`  ${method}: misses (${score.misses.length}): ${score.misses.slice(0, shown).join('; ')}`);
  }
  return results;
}
