// The benchmark's report: quality per method, throughput per stage, the goals beside the measured
// values, and (with --verbose) the pairs each method got wrong.
import { containmentSample } from '../../shared/fingerprint/containment.ts';
import { jaccard } from '../../shared/fingerprint/jaccard.ts';
import type { ClusterScaleResult } from './cluster-scale.ts';
import type { Corpus } from './corpus.ts';
import { BANDS } from './evaluate.ts';
import type { Evaluation, PairDetail, Truth } from './evaluate.ts';
import type { StageRun } from './stages.ts';
import { median, STAGE_THREADS } from './stages.ts';
import { fixed, formatTable, megabytes, ratio } from './table.ts';
import type { VariantKind } from './variants.ts';

export interface MethodResult {
  name: string;
  seconds: number;
  evaluation: Evaluation;
  /** Scan errors, "path: code". */
  errors: string[];
}

const KINDS: VariantKind[] = [
  'copy', 'reflow', 'utf16', 'html', 'pdf', 'edit-2%', 'edit-5%', 'header-footer', 'rebrand', 'paragraph-swap',
  'licence-footer', 'truncated', 'excerpt', 'rewrite',
];
const DETAIL_LINES = 8;

export function printCorpus({ base, manifest, reused, stale }: Corpus, { documents, positives, sets }: Truth): void {
  const count = (items: readonly string[]) => {
    const counts = new Map<string, number>();
    for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
    return [...counts].map(([name, n]) => `${name} ${n}`).join(', ');
  };
  const bytesOf = (format: string) => documents.filter((d) => d.format === format).reduce((sum, d) => sum + d.bytes, 0) / 1e6;
  console.log(`\nCorpus under ${base} (${reused ? 'reused' : `built in ${manifest.buildSeconds.toFixed(0)} s`})`);
  if (stale) console.log('  Packages were installed or upgraded since it was built: --rebuild would choose other sources.');
  console.log(`  ${manifest.families.length} sources from /usr/share/doc and /usr/share/common-licenses: ${count(manifest.families.map((f) => f.category))}`);
  console.log(
    `  ${manifest.rejectedSimilar} candidates dropped for exact resemblance ≥ 0.3 to a chosen source; among the chosen, ` +
      `${manifest.boilerplatePairs} pairs share boilerplate (resemblance 0.1–0.3, hard negatives), highest ${manifest.maxSourceResemblance.toFixed(3)}`,
  );
  console.log(`  ${documents.length} documents: ${count(documents.map((d) => d.kind))}`);
  console.log(
    `  ${bytesOf('text').toFixed(1)} MB plain text, ${bytesOf('html').toFixed(1)} MB HTML, ${bytesOf('pdf').toFixed(1)} MB PDF` +
      (manifest.bulkFiles.length ? `; + ${(manifest.bulkBytes / 1e6).toFixed(1)} MB bulk plain text for throughput only (not scanned)` : ''),
  );
  const bands = BANDS.map((b) => `${b.name}: ${positives.filter((p) => p.resemblance >= b.min && p.resemblance < b.max).length}`);
  console.log(`  positive pairs (two full variants of one source): ${positives.length}; by exact resemblance ${bands.join(', ')}`);
  const originalOf = new Map(documents.filter((d) => d.kind === 'original').map((d) => [d.family, d.id]));
  const rewrites = documents.filter((d) => d.kind === 'rewrite').map((d) => jaccard(sets[d.id]!, sets[originalOf.get(d.family)!]!));
  console.log(
    `  containment cases: ${documents.filter((d) => d.role === 'containment').length}; heavy rewrites (hard negatives): ${rewrites.length}, ` +
      `resemblance to their source mean ${(rewrites.reduce((a, b) => a + b, 0) / rewrites.length).toFixed(3)}, max ${Math.max(...rewrites).toFixed(3)}`,
  );
  const perNotice = new Map<string, number>();
  for (const d of documents) if (d.kind === 'licence-footer') perNotice.set(d.note!, (perNotice.get(d.note!) ?? 0) + 1);
  const noticePairs = [...perNotice.values()].reduce((sum, n) => sum + (n * (n - 1)) / 2, 0);
  console.log(`  licence-footer variants: ${count(documents.filter((d) => d.kind === 'licence-footer').map((d) => d.note!))}; ${noticePairs} cross-source pairs share a notice (hard negatives)`);
}

export function printQuality(results: readonly MethodResult[], truth: Truth, threshold: number): void {
  console.log(`\nQuality at threshold ${threshold}`);
  const rows = [['method', 'wall s', 'near/contained/exact clusters', 'largest', 'pairs', 'TP', 'FP', 'neutral', 'ignored', 'precision']];
  for (const { name, seconds, evaluation: e } of results) {
    const clusters = `${e.clusters.near}/${e.clusters.contained}/${e.clusters.exact}`;
    const counts = [e.largestCluster, e.predictedPairs, e.truePositives, e.falsePositives, e.neutral, e.ignored].map(String);
    rows.push([name, seconds.toFixed(1), clusters, ...counts, fixed(e.precision, 4)]);
  }
  formatTable(rows).forEach((line) => console.log(line));
  const recallRows = [['method', ...BANDS.map((b) => `recall ${b.name}${b.min < 0.5 ? ' (no goal)' : ''}`), 'containment recall']];
  for (const { name, evaluation: e } of results) {
    const bands = BANDS.map((b) => e.recall.get(b.name)!);
    recallRows.push([name, ...bands.map((r) => ratio(r.found, r.total)), ratio(e.containment.found, e.containment.total)]);
  }
  console.log('');
  formatTable(recallRows).forEach((line) => console.log(line));
  for (const { name, errors } of results) if (errors.length) console.log(`  ${name}: ${errors.length} scan errors, e.g. ${errors[0]}`);
  for (const { name, evaluation: e } of results) {
    if (e.falsePositives === 0) continue;
    const across = e.falsePositives - e.falsePositivesWithRewrite;
    console.log(`  ${name} false positives: ${e.falsePositivesWithRewrite} pair a heavy rewrite with its own source, ${across} join different sources`);
  }

  console.log('\nBy variant kind: share of files grouped with the ORIGINAL (variants: same near/exact cluster; excerpt,');
  console.log('truncated: any cluster with a full variant of their source; rewrite: wrongly grouped with a full variant)');
  const originalOf = new Map(truth.documents.filter((d) => d.kind === 'original').map((d) => [d.family, d.id]));
  const kindRows = [['kind', 'files', 'mean resemblance', ...results.map((r) => r.name)]];
  for (const kind of KINDS) {
    const docs = truth.documents.filter((d) => d.kind === kind);
    if (docs.length === 0) continue;
    const mean = docs.reduce((sum, d) => sum + jaccard(truth.sets[d.id]!, truth.sets[originalOf.get(d.family)!]!), 0) / docs.length;
    const cells = results.map(({ evaluation }) => {
      const r = evaluation.byKind.get(kind);
      return r ? fixed(r.found / r.total, 3) : '–';
    });
    kindRows.push([kind, `${docs.length}`, mean.toFixed(3), ...cells]);
  }
  formatTable(kindRows).forEach((line) => console.log(line));
  console.log('  Pairs: every two files of a near or exact cluster, and the container with each file of a contained cluster.');
  console.log('  TP: two full variants of one source. FP: a pair with a heavy rewrite or across sources. Neutral: an excerpt or');
  console.log('  truncated copy with its own source. Ignored: across sources but truly close (resemblance ≥ 0.5 or containment ≥ 0.9).');
  console.log('  Recall: positive pairs in one near or exact cluster, banded by the exact resemblance of their GENERATED texts.');
  const [first] = results;
  if (first && first.evaluation.containedElsewhere > 0) {
    console.log(`  ${first.name}: ${first.evaluation.containedElsewhere} missed containment cases sit with another source's file that truly contains them.`);
  }
}

/** How much of each file's generated text its extraction gives back. */
export function printFidelity({ documents, sets }: Truth, extractedSets: readonly Uint32Array[], verbose: boolean): void {
  console.log('\nExtraction fidelity: exact resemblance of the extracted text to the generated text, per file');
  for (const format of ['text', 'html', 'pdf'] as const) {
    const scored = documents.filter((d) => d.format === format).map((d) => ({ doc: d, resemblance: jaccard(extractedSets[d.id]!, sets[d.id]!) }));
    scored.sort((a, b) => a.resemblance - b.resemblance);
    const identical = scored.filter((s) => s.resemblance === 1).length;
    const mean = scored.reduce((sum, s) => sum + s.resemblance, 0) / scored.length;
    console.log(`  ${format.padEnd(5)} ${scored.length} files: identical ${ratio(identical, scored.length)}, mean ${mean.toFixed(3)}, min ${fixed(scored[0]?.resemblance ?? NaN, 3)}`);
    if (!verbose) continue;
    for (const { doc, resemblance } of scored.slice(0, 3).filter((s) => s.resemblance < 1)) {
      console.log(`    ${resemblance.toFixed(3)}  ${doc.path}${doc.note ? ` [${doc.note}]` : ''}`);
    }
  }
}

export function printThroughput({ timings, failures }: StageRun, scale: ClusterScaleResult, threshold: number): void {
  const runs = timings[0]?.seconds.length ?? 0;
  console.log(`\nThroughput of the minhash pipeline (files in the page cache; pools of ${STAGE_THREADS} threads, other stages one core; median of ${runs} runs)`);
  const rows = [['stage', 'files', 'MB', 's', 'MB/s', 'range MB/s', 'docs/s', 'MB per CPU-s']];
  for (const t of timings) {
    const seconds = median(t.seconds);
    const range = `${fixed(t.bytes / 1e6 / Math.max(...t.seconds), 1)}–${fixed(t.bytes / 1e6 / Math.min(...t.seconds), 1)}`;
    const perCpuSecond = fixed(t.bytes / 1e6 / median(t.cpuSeconds), 1);
    rows.push([t.stage, `${t.files}`, megabytes(t.bytes), seconds.toFixed(2), fixed(t.bytes / 1e6 / seconds, 1), range, fixed(t.files / seconds, 0), perCpuSecond]);
  }
  formatTable(rows).forEach((line) => console.log(line));
  console.log('  MB per CPU-s: bytes over the CPU time the whole process used (all threads), which other load hardly changes;');
  console.log(`  with perfect scaling, ${STAGE_THREADS} idle cores would run a pool stage at ${STAGE_THREADS}× that.`);
  console.log('  Pool stages count file bytes; canonicalize, shingle + sketch (wordShingles, minhashSketch, containmentSample)');
  console.log(`  and cluster (similarPairs + starClusters at ${threshold}) count the UTF-8 bytes of all extracted texts.`);
  for (const failure of failures.slice(0, 3)) console.log(`  extraction failed: ${failure}`);
  const singletons = scale.sketches - scale.familyMembers;
  console.log(
    `\nClustering scale: ${scale.sketches.toLocaleString('en-US')} synthetic sketches (${scale.families.toLocaleString('en-US')} families of 2–6 at ` +
      `resemblance 0.5–1 to their base, ${singletons.toLocaleString('en-US')} singletons; generated in ${scale.generateSeconds.toFixed(1)} s)`,
  );
  console.log(
    `  similarPairs('minhash', ${threshold}) + starClusters: ${scale.clusterSeconds.toFixed(2)} s, ${scale.pairs.toLocaleString('en-US')} pairs ` +
      `(base–member pairs found ${ratio(scale.basePairsFound, scale.basePairs)}, ${scale.unrelatedPairs} unrelated), ${scale.clusters.toLocaleString('en-US')} clusters`,
  );
  console.log(`  peak RSS of the child process ${scale.peakRssMB.toFixed(0)} MB (includes generating the sketches; ${scale.rssBeforeMB.toFixed(0)} MB before clustering)`);
}

export function printGoals(result: MethodResult, { timings }: StageRun, scale: ClusterScaleResult, method: string): void {
  const e = result.evaluation;
  const rate = (r: { found: number; total: number }) => r.found / r.total;
  const combined = timings.find((t) => t.stage.startsWith('extract + fingerprint'))!;
  const goals: [string, string, number, (v: number) => boolean, (v: number) => string][] = [
    ['recall, resemblance ≥ 0.85', '≥ 0.99', rate(e.recall.get(BANDS[0].name)!), (v) => v >= 0.99, (v) => v.toFixed(4)],
    ['recall, resemblance 0.5–0.85', '≥ 0.95', rate(e.recall.get(BANDS[1].name)!), (v) => v >= 0.95, (v) => v.toFixed(4)],
    ['precision', '≥ 0.995', e.precision, (v) => v >= 0.995, (v) => v.toFixed(4)],
    ['containment recall', '≥ 0.9', rate(e.containment), (v) => v >= 0.9, (v) => v.toFixed(4)],
    [
      `extraction + sketching, ${STAGE_THREADS} workers`,
      '≥ 150 MB/s',
      combined.bytes / 1e6 / median(combined.seconds),
      (v) => v >= 150,
      (v) => `${v.toFixed(1)} MB/s (best run ${(combined.bytes / 1e6 / Math.min(...combined.seconds)).toFixed(1)}; ${(combined.bytes / 1e6 / median(combined.cpuSeconds)).toFixed(1)} per CPU-s)`,
    ],
    ['100k sketches clustered', '≤ 10 s', scale.clusterSeconds, (v) => v <= 10, (v) => `${v.toFixed(2)} s`],
    ['  peak RSS meanwhile', '≤ 1.5 GB', scale.peakRssMB / 1024, (v) => v <= 1.5, (v) => `${v.toFixed(2)} GB`],
  ];
  console.log(`\nGoals (default method: ${method})`);
  const rows = [['goal', 'target', 'measured', ''], ...goals.map(([name, target, value, met, show]) => [name, target, show(value), met(value) ? 'met' : 'MISSED'])];
  formatTable(rows).forEach((line) => console.log(line));
  if (scale.sketches !== 100_000) console.log(`  (the clustering run used ${scale.sketches} sketches, not 100k)`);
  console.log('Published anchors, for context only (other corpora, other definitions of a duplicate):');
  console.log('  MinHash-LSH on the CORE deduplication set: precision 0.96, recall 0.94');
  console.log("  Henzinger (SIGIR 2006), 1.6 billion web pages: precision 0.38 for Broder's shingling, 0.50 for Charikar's simhash");
}

export function printDetails(results: readonly MethodResult[], truth: Truth, corpus: Corpus): void {
  const docs = truth.documents;
  const name = (id: number) => `${docs[id]!.path}${docs[id]!.note && docs[id]!.kind !== 'original' ? ` [${docs[id]!.note}]` : ''}`;
  const pair = (p: PairDetail) => `J ${p.resemblance.toFixed(3)}  ${name(p.a)}  ~  ${name(p.b)}${p.cluster ? `  (${p.cluster} cluster)` : ''}`;
  console.log(`\nDetails (paths under ${corpus.root}; J = exact resemblance of the generated texts)`);
  for (const { name: method, evaluation: e } of results) {
    console.log(`  ${method}: false positives ${e.falsePositives}, false negatives at J ≥ 0.5 ${e.falseNegativeList.length}, containment misses ${e.containmentMisses.length}`);
    // The closest false positives of each sort: rewrites of the same source, and different sources.
    const sameSource = e.falsePositiveList.filter((p) => docs[p.a]!.family === docs[p.b]!.family);
    const acrossSources = e.falsePositiveList.filter((p) => docs[p.a]!.family !== docs[p.b]!.family);
    for (const p of [...sameSource.slice(0, DETAIL_LINES / 2), ...acrossSources.slice(0, DETAIL_LINES / 2)]) console.log(`    FP  ${pair(p)}`);
    const clusterOf = (id: number) => (e.representative[id]! < 0 ? 'in no near cluster' : `in the cluster of ${docs[e.representative[id]!]!.path}`);
    for (const p of e.falseNegativeList.slice(0, DETAIL_LINES)) console.log(`    FN  ${pair(p)}\n          (first ${clusterOf(p.a)}; second ${clusterOf(p.b)})`);
    for (const id of e.containmentMisses.slice(0, DETAIL_LINES / 2)) {
      const original = docs.find((d) => d.family === docs[id]!.family && d.kind === 'original')!;
      const set = truth.sets[id]!;
      const size = `${set.length} shingles, ${containmentSample(set).length} sampled, J ${jaccard(set, truth.sets[original.id]!).toFixed(3)} to its original`;
      console.log(`    missed containment  ${name(id)} (${size})`);
    }
  }
}
