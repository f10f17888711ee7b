// Throughput of the default (minhash) pipeline stage by stage, on the corpus's files: extraction
// in the pool (2 threads), then canonical tokens, shingles + sketch, and clustering on the main
// thread (one core), then extraction + fingerprinting together in the fingerprint pool, the way a
// scan runs them. Each pool is warmed up first (workers started, pdf.js loaded) and the files are
// in the page cache, so the figures are steady-state CPU rates, not disk rates. Each stage runs
// `runs` times: on a shared machine the spread says how much to trust the median. The CPU time
// the process used (all its threads) is recorded too: bytes per CPU-second hardly depend on what
// else the machine is doing, where wall-clock rates do.
import { join } from 'node:path';
import { CANDIDATE_MARGIN } from '../../shared/cluster/claimRules.ts';
import { similarPairs, starClusters } from '../../shared/cluster/nearClusters.ts';
import type { NearNode } from '../../shared/cluster/nearClusters.ts';
import { containmentSample } from '../../shared/fingerprint/containment.ts';
import { minhashSketch } from '../../shared/fingerprint/minhash.ts';
import { wordShingles } from '../../shared/fingerprint/shingles.ts';
import type { DocumentFormat } from '../../shared/report.ts';
import { canonicalTokenHashes } from '../../shared/text/canonicalTokens.ts';
import { createExtractPool } from '../../electron/node/extract/extractPool.ts';
import type { ExtractPool } from '../../electron/node/extract/extractPool.ts';
import { fingerprintStepUrl } from '../../electron/node/near/fingerprintStep.ts';
import type { Corpus } from './corpus.ts';

export const STAGE_THREADS = 2;
const WARM_UP_FILES = 4;

export interface StageTiming {
  stage: string;
  files: number;
  /** File bytes for the pool stages, UTF-8 bytes of the extracted text for the others. */
  bytes: number;
  /** Wall-clock time, one per run. */
  seconds: number[];
  /** CPU time of the whole process (main thread and workers), one per run. */
  cpuSeconds: number[];
}

export interface StageRun {
  timings: StageTiming[];
  /** By document id: the shingle set of the text extracted from the file (empty when extraction failed). */
  extractedSets: Uint32Array[];
  failures: string[];
}

interface Job {
  /** Document id, or -1 for a bulk throughput file. */
  id: number;
  path: string;
  format: DocumentFormat;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Extracts every job `runs` times; onResult sees the results of the first run only. */
async function timedExtract<Output extends object>(
  pool: ExtractPool<Output>,
  jobs: readonly Job[],
  stage: string,
  runs: number,
  onResult: (job: Job, output: Output) => void,
  failures: string[],
): Promise<StageTiming> {
  await Promise.all(jobs.slice(0, WARM_UP_FILES).map((job) => pool.extract(job.path)));
  const timing: StageTiming = { stage, files: jobs.length, bytes: 0, seconds: [], cpuSeconds: [] };
  for (let run = 0; run < runs; run++) {
    const clock = startClock();
    const results = await Promise.all(jobs.map((job) => pool.extract(job.path)));
    clock.stop(timing);
    if (run > 0) continue;
    results.forEach((result, i) => {
      if (result.ok) {
        timing.bytes += result.bytes;
        onResult(jobs[i]!, result);
      } else failures.push(`${jobs[i]!.path}: ${result.code} ${result.message}`);
    });
  }
  return timing;
}

function timed(stage: string, files: number, bytes: number, runs: number, work: () => void): StageTiming {
  const timing: StageTiming = { stage, files, bytes, seconds: [], cpuSeconds: [] };
  for (let run = 0; run < runs; run++) {
    const clock = startClock();
    work();
    clock.stop(timing);
  }
  return timing;
}

/** Wall and CPU time from now until stop(), which records them in the timing. */
function startClock(): { stop(timing: StageTiming): void } {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return {
    stop(timing) {
      const used = process.cpuUsage(cpu);
      timing.seconds.push((performance.now() - wall) / 1000);
      timing.cpuSeconds.push((used.user + used.system) / 1e6);
    },
  };
}

export async function measureStages(corpus: Corpus, threshold: number, runs: number): Promise<StageRun> {
  const { documents, bulkFiles } = corpus.manifest;
  const jobs: Job[] = [
    ...documents.map((d) => ({ id: d.id, path: join(corpus.root, d.path), format: d.format })),
    ...bulkFiles.map((path) => ({ id: -1, path: join(corpus.base, path), format: 'text' as const })),
  ];
  const byFormat = (format: DocumentFormat) => jobs.filter((job) => job.format === format);
  const failures: string[] = [];
  const timings: StageTiming[] = [];
  const texts: { id: number; text: string }[] = [];

  const pool = createExtractPool({ threads: STAGE_THREADS });
  try {
    for (const format of ['text', 'html', 'pdf'] as const) {
      const label = format === 'text' ? 'plain text' : format.toUpperCase();
      timings.push(await timedExtract(pool, byFormat(format), `extract ${label}`, runs, (job, { text }) => texts.push({ id: job.id, text }), failures));
    }
  } finally {
    await pool.destroy();
  }
  // Completion order varies; the later stages see the texts in a fixed order.
  texts.sort((a, b) => a.id - b.id);
  const textBytes = texts.reduce((sum, t) => sum + Buffer.byteLength(t.text), 0);

  let tokens: Uint32Array[] = [];
  timings.push(timed('canonicalize', texts.length, textBytes, runs, () => (tokens = texts.map((t) => canonicalTokenHashes(t.text)))));
  let nodes: NearNode[] = [];
  let sets: Uint32Array[] = [];
  timings.push(
    timed('shingle + sketch', texts.length, textBytes, runs, () => {
      sets = tokens.map((docTokens) => wordShingles(docTokens));
      nodes = sets.map((set) => ({ sketch: minhashSketch(set), sample: containmentSample(set), shingleCount: set.length }));
    }),
  );
  timings.push(
    timed('cluster', nodes.length, textBytes, runs, () => {
      const { pairs } = similarPairs(nodes, 'minhash', threshold, CANDIDATE_MARGIN);
      starClusters(nodes.length, pairs);
    }),
  );

  const fingerprintPool = createExtractPool<object>({ threads: STAGE_THREADS, postProcess: fingerprintStepUrl({ unit: 'words', method: 'minhash', threshold: 0.5 }) });
  try {
    timings.push(await timedExtract(fingerprintPool, byFormat('text'), 'extract + fingerprint, plain text', runs, () => {}, failures));
  } finally {
    await fingerprintPool.destroy();
  }

  const extractedSets: Uint32Array[] = documents.map(() => new Uint32Array(0));
  texts.forEach((t, i) => {
    if (t.id >= 0) extractedSets[t.id] = sets[i]!;
  });
  return { timings, extractedSets, failures };
}
