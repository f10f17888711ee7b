// Scoring clusters against the corpus's ground truth. Truth is measured on the generated texts
// with the engine's own canonical tokens and 5-word shingles, never on what extraction gives back.
//
// A predicted pair is every pair of files inside one near or exact cluster, and the container
// with each of its files in a contained cluster (which claims nothing about two contained files).
// It is
//   TP       two variants of one source (a positive pair);
//   neutral  a containment case (excerpt, cut-short copy) with a variant of its own source;
//   FP       anything with a heavy rewrite, or two different sources…
//   ignored  …unless their generated texts really are that close (resemblance ≥ 0.5 or one ≥ 0.9
//            inside the other), which would make the "negative" a true near-duplicate.
import { containment, jaccard } from '../../shared/fingerprint/jaccard.ts';
import { wordShingles } from '../../shared/fingerprint/shingles.ts';
import type { ClusterKind } from '../../shared/report.ts';
import { canonicalTokenHashes } from '../../shared/text/canonicalTokens.ts';
import { readTruth } from './corpus.ts';
import type { Corpus, CorpusDocument } from './corpus.ts';
import type { VariantKind } from './variants.ts';

export const POSITIVE_RESEMBLANCE = 0.5;
const TRUE_CONTAINMENT = 0.9;
export const BANDS = [
  { name: '≥ 0.85', min: 0.85, max: Infinity },
  { name: '0.5–0.85', min: 0.5, max: 0.85 },
  { name: '< 0.5', min: -Infinity, max: 0.5 },
] as const;

export interface PredictedCluster {
  kind: ClusterKind;
  /** Document ids; for a contained cluster the container first. */
  members: number[];
}

export interface PositivePair {
  a: number;
  b: number;
  resemblance: number;
}

export interface Truth {
  documents: CorpusDocument[];
  /** By document id: the shingle set of its generated text. */
  sets: Uint32Array[];
  positives: PositivePair[];
}

export function loadTruth(corpus: Corpus): Truth {
  const { documents } = corpus.manifest;
  const byTruth = new Map<number, Uint32Array>();
  for (const doc of documents) {
    if (!byTruth.has(doc.truth)) byTruth.set(doc.truth, wordShingles(canonicalTokenHashes(readTruth(corpus, doc))));
  }
  const sets = documents.map((doc) => byTruth.get(doc.truth)!);
  const positives: PositivePair[] = [];
  const variantsOf = new Map<number, number[]>();
  for (const doc of documents) {
    if (doc.role !== 'variant') continue;
    const ids = variantsOf.get(doc.family);
    if (ids) ids.push(doc.id);
    else variantsOf.set(doc.family, [doc.id]);
  }
  for (const ids of variantsOf.values()) {
    ids.forEach((a, i) => ids.slice(i + 1).forEach((b) => positives.push({ a, b, resemblance: jaccard(sets[a]!, sets[b]!) })));
  }
  return { documents, sets, positives };
}

export interface PairDetail {
  a: number;
  b: number;
  resemblance: number;
  /** The kind of cluster that put them together (for false positives). */
  cluster?: ClusterKind;
}

export interface Ratio {
  found: number;
  total: number;
}

export interface Evaluation {
  clusters: Record<ClusterKind, number>;
  /** Files in the largest cluster. */
  largestCluster: number;
  predictedPairs: number;
  truePositives: number;
  falsePositives: number;
  /** False positives that pair a heavy rewrite with its own source's files; the rest join different sources. */
  falsePositivesWithRewrite: number;
  neutral: number;
  ignored: number;
  precision: number;
  /** By band name: positive pairs found in one near (or exact) cluster. */
  recall: Map<string, Ratio>;
  /** Containment cases in a cluster of any kind with a variant of their own source. */
  containment: Ratio;
  /** Missed containment cases grouped with another source's document that truly contains them. */
  containedElsewhere: number;
  /** Per kind: original+variant pairs found (containment kinds as above; rewrite: wrongly grouped with its source). */
  byKind: Map<VariantKind, Ratio>;
  falsePositiveList: PairDetail[];
  falseNegativeList: PairDetail[];
  /** Containment cases not found, by document id. */
  containmentMisses: number[];
  /** By document id: the first file (representative) of its near or exact cluster, or -1. */
  representative: Int32Array;
}

export interface EvaluateOptions {
  /** Only documents with a smaller id take part (a baseline run on the first families). */
  docLimit?: number;
}

/** The pairs the clusters claim; a near or exact cluster wins over a contained one for the same pair. */
function predictedPairs(clusters: readonly PredictedCluster[], n: number): Map<number, ClusterKind> {
  const pairs = new Map<number, ClusterKind>();
  const add = (a: number, b: number, kind: ClusterKind) => {
    if (a === b) return;
    const key = Math.min(a, b) * n + Math.max(a, b);
    if (kind !== 'contained' || !pairs.has(key)) pairs.set(key, kind);
  };
  for (const { kind, members } of clusters) {
    if (kind === 'contained') {
      for (const member of members.slice(1)) add(members[0]!, member, kind);
      continue;
    }
    for (let i = 0; i < members.length; i++) for (let j = i + 1; j < members.length; j++) add(members[i]!, members[j]!, kind);
  }
  return pairs;
}

export function evaluate(truth: Truth, clusters: readonly PredictedCluster[], options: EvaluateOptions = {}): Evaluation {
  const { documents: docs, sets } = truth;
  const n = docs.length;
  const limit = options.docLimit ?? n;
  const pairs = predictedPairs(clusters, n);
  const key = (a: number, b: number) => Math.min(a, b) * n + Math.max(a, b);
  const result: Evaluation = {
    clusters: { exact: 0, near: 0, contained: 0 },
    largestCluster: Math.max(0, ...clusters.map((c) => c.members.length)),
    predictedPairs: pairs.size,
    truePositives: 0,
    falsePositives: 0,
    falsePositivesWithRewrite: 0,
    neutral: 0,
    ignored: 0,
    precision: NaN,
    recall: new Map(BANDS.map((band) => [band.name, { found: 0, total: 0 }])),
    containment: { found: 0, total: 0 },
    containedElsewhere: 0,
    byKind: new Map(),
    falsePositiveList: [],
    falseNegativeList: [],
    containmentMisses: [],
    representative: new Int32Array(n).fill(-1),
  };
  for (const cluster of clusters) {
    result.clusters[cluster.kind]++;
    if (cluster.kind === 'contained') continue;
    for (const member of cluster.members) if (result.representative[member] === -1) result.representative[member] = cluster.members[0]!;
  }

  const partners = new Map<number, number[]>();
  for (const [pairKey, kind] of pairs) {
    const a = Math.floor(pairKey / n);
    const b = pairKey - a * n;
    for (const [x, y] of [[a, b], [b, a]] as const) {
      const list = partners.get(x);
      if (list) list.push(y);
      else partners.set(x, [y]);
    }
    const da = docs[a]!;
    const db = docs[b]!;
    if (da.family === db.family && da.role === 'variant' && db.role === 'variant') result.truePositives++;
    else if (da.family === db.family && da.role !== 'negative' && db.role !== 'negative') result.neutral++;
    else if (trulyClose(sets[a]!, sets[b]!)) result.ignored++;
    else {
      result.falsePositives++;
      if (da.family === db.family) result.falsePositivesWithRewrite++;
      result.falsePositiveList.push({ a, b, resemblance: jaccard(sets[a]!, sets[b]!), cluster: kind });
    }
  }
  result.precision = result.truePositives / (result.truePositives + result.falsePositives);

  const originalOf = new Map(docs.filter((d) => d.kind === 'original').map((d) => [d.family, d.id]));
  const countKind = (kind: VariantKind, found: boolean) => {
    const ratio = result.byKind.get(kind) ?? { found: 0, total: 0 };
    ratio.total++;
    if (found) ratio.found++;
    result.byKind.set(kind, ratio);
  };
  for (const pair of truth.positives) {
    if (pair.a >= limit || pair.b >= limit) continue;
    const found = (pairs.get(key(pair.a, pair.b)) ?? 'contained') !== 'contained';
    const band = BANDS.find((b) => pair.resemblance >= b.min && pair.resemblance < b.max)!;
    const ratio = result.recall.get(band.name)!;
    ratio.total++;
    if (found) ratio.found++;
    else if (pair.resemblance >= POSITIVE_RESEMBLANCE) result.falseNegativeList.push(pair);
    if (originalOf.get(docs[pair.a]!.family) === pair.a) countKind(docs[pair.b]!.kind, found);
  }
  for (const doc of docs) {
    if (doc.id >= limit || doc.role === 'variant') continue;
    const grouped = (partners.get(doc.id) ?? []).filter((p) => p < limit);
    const withOwn = grouped.some((p) => docs[p]!.family === doc.family && docs[p]!.role === 'variant');
    countKind(doc.kind, withOwn);
    if (doc.role !== 'containment') continue;
    result.containment.total++;
    if (withOwn) result.containment.found++;
    else {
      result.containmentMisses.push(doc.id);
      if (grouped.some((p) => containment(sets[doc.id]!, sets[p]!) >= TRUE_CONTAINMENT)) result.containedElsewhere++;
    }
  }
  result.falsePositiveList.sort((x, y) => y.resemblance - x.resemblance);
  result.falseNegativeList.sort((x, y) => y.resemblance - x.resemblance);
  return result;
}

function trulyClose(a: Uint32Array, b: Uint32Array): boolean {
  return jaccard(a, b) >= POSITIVE_RESEMBLANCE || containment(a, b) >= TRUE_CONTAINMENT || containment(b, a) >= TRUE_CONTAINMENT;
}
