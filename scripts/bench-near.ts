// `npm run bench:near`: the quality and speed of near-duplicate detection. First on real
// documents as they are on disk (every text file of /usr/share/doc and /usr/share/common-licenses)
// against an exact brute-force truth (scripts/near/realBench.ts); then builds (or reuses) a
// corpus of real documents and their variants in several formats whose ground truth is known,
// scans it with each method through the real engine, scores the clusters against the truth and
// against a brute-force exact baseline, then times the default pipeline stage by stage and
// clustering at scale.
// `npm run bench:near -- --help` for the options.
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runScan } from '../electron/node/scan/scanService.ts';
import { defaultScanOptions } from '../shared/scanOptions.ts';
import type { NearMethod } from '../shared/scanOptions.ts';
import { isOneOf, nearMethods } from '../shared/contract/vocabulary.ts';
import { machineInfo } from './bench/measure.ts';
import { exactAllPairs } from './near/baseline.ts';
import type { ClusterScaleResult } from './near/cluster-scale.ts';
import { ensureCorpus } from './near/corpus.ts';
import { evaluate, loadTruth } from './near/evaluate.ts';
import type { Evaluation, PredictedCluster } from './near/evaluate.ts';
import { printCorpus, printDetails, printFidelity, printGoals, printQuality, printThroughput } from './near/printout.ts';
import type { MethodResult } from './near/printout.ts';
import { printRealGoals } from './near/realGoals.ts';
import { runRealBench } from './near/realBench.ts';
import { measureStages } from './near/stages.ts';

const USAGE = `Usage: npm run bench:near -- [options]
  --sources N        source documents, ~15 files each (default 250)
  --seed S           corpus seed (default 1)
  --threshold T      resemblance threshold of every method (default 0.5, the scan default)
  --methods a,b      minhash, lists, simhash (default all three)
  --baseline-max N   documents the exact all-pairs baseline takes at most (default 8000)
  --sketches N       synthetic sketches for the clustering-scale test (default 100000)
  --runs K           timed runs of each throughput stage; the median is reported (default 3)
  --real a,b         folders of real documents scored against the exact truth
                     (default /usr/share/doc,/usr/share/common-licenses; "" to skip)
  --no-corpus        only the real documents: skip the generated corpus and the timings
  --rebuild          rebuild the corpus even if a matching one exists
  --verbose          list false positives, false negatives and containment misses`;

const { values: options } = parseArgs({
  options: {
    sources: { type: 'string', default: '250' },
    seed: { type: 'string', default: '1' },
    threshold: { type: 'string', default: '0.5' },
    methods: { type: 'string', default: 'minhash,lists,simhash' },
    'baseline-max': { type: 'string', default: '8000' },
    sketches: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    real: { type: 'string', default: '/usr/share/doc,/usr/share/common-licenses' },
    'no-corpus': { type: 'boolean', default: false },
    rebuild: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

function positiveOption(text: string, option: string, integer = true): number {
  const value = Number(text);
  if (!(value > 0) || (integer && !Number.isInteger(value))) {
    console.error(`--${option}: not a positive ${integer ? 'integer' : 'number'}: ${text}\n\n${USAGE}`);
    process.exit(2);
  }
  return value;
}

const threshold = positiveOption(options.threshold, 'threshold', false);
const methods = options.methods.split(',').map((m) => m.trim()) as NearMethod[];
const unknownMethod = methods.find((m) => !isOneOf(nearMethods, m));
if (unknownMethod) {
  console.error(`--methods: unknown method ${unknownMethod}\n\n${USAGE}`);
  process.exit(2);
}
const params = { sources: positiveOption(options.sources, 'sources'), seed: positiveOption(options.seed, 'seed') };
const progress = (message: string) => process.stderr.write(`… ${message}\n`);

console.log('Machine');
for (const line of machineInfo(tmpdir())) console.log(`  ${line}`);
console.log('  Timings are wall-clock on 2 cores shared with other work: expect noise of 20 % or more.');

const realRoots = options.real.split(',').filter((root) => root.trim() !== '');
const real = realRoots.length ? await runRealBench(realRoots, methods, threshold, options.verbose, progress) : [];
const realDefault = real.find((r) => r.method === defaultScanOptions.method);
if (realDefault) printRealGoals(realDefault);
if (options['no-corpus']) process.exit(0);

const corpus = await ensureCorpus(params, options.rebuild, progress);
progress('reading the ground truth');
const truth = loadTruth(corpus);
printCorpus(corpus, truth);

const idOf = new Map(truth.documents.map((d) => [join(corpus.root, d.path), d.id]));
const results: MethodResult[] = [];
for (const method of methods) {
  progress(`scanning with ${method}`);
  const started = performance.now();
  const report = await runScan({ ...defaultScanOptions, roots: [corpus.root], method, threshold });
  const seconds = (performance.now() - started) / 1000;
  const clusters: PredictedCluster[] = report.clusters.map((c) => ({ kind: c.kind, members: c.files.map((f) => idOf.get(f.path) ?? -1).filter((id) => id >= 0) }));
  results.push({ name: method, seconds, evaluation: evaluate(truth, clusters), errors: report.errors.map((e) => `${e.path}: ${e.code}`) });
}

progress('timing the stages');
const stages = await measureStages(corpus, threshold, positiveOption(options.runs, 'runs'));
// The baseline takes whole families, as many as fit in --baseline-max documents (at least one).
const baselineMax = positiveOption(options['baseline-max'], 'baseline-max');
const familyEnds = truth.documents.filter((d) => truth.documents[d.id + 1]?.family !== d.family).map((d) => d.id + 1);
const docLimit = familyEnds.findLast((end) => end <= baselineMax) ?? familyEnds[0]!;
progress(`exact all-pairs baseline on ${docLimit} documents`);
const baseline = exactAllPairs(stages.extractedSets.slice(0, docLimit), threshold);
const baselineEvaluation: Evaluation = evaluate(truth, baseline.clusters, { docLimit });
results.push({ name: 'exact all-pairs', seconds: baseline.seconds, evaluation: baselineEvaluation, errors: [] });

progress(`clustering ${options.sketches} synthetic sketches in a child process`);
const child = spawnSync(process.execPath, [join(import.meta.dirname, 'near/cluster-scale.ts'), '--sketches', options.sketches, '--threshold', String(threshold)], {
  encoding: 'utf8',
});
if (child.status !== 0) throw new Error(`cluster-scale.ts failed: ${child.stderr}`);
const scale = JSON.parse(child.stdout) as ClusterScaleResult;

printQuality(results, truth, threshold);
console.log(
  `  Exact all-pairs baseline: the first ${docLimit} documents (${docLimit === truth.documents.length ? 'the whole corpus' : `of ${truth.documents.length}`}), ` +
    `5-word shingles of the EXTRACTED text of each file;\n  ${baseline.pairsWithOverlap.toLocaleString('en-US')} pairs share a shingle, ` +
    `${baseline.pairsAboveThreshold.toLocaleString('en-US')} reach ${threshold}; union-find clusters; its wall time excludes extraction.`,
);
printFidelity(truth, stages.extractedSets, options.verbose);
printThroughput(stages, scale, threshold);
const defaultResult = results.find((r) => r.name === defaultScanOptions.method) ?? results[0]!;
printGoals(defaultResult, stages, scale, defaultResult.name);
if (options.verbose) printDetails(results, truth, corpus);
