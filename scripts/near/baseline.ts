// The brute-force baseline: the exact Jaccard resemblance of every pair of documents, pairs at or
// above the threshold joined by union-find. Comparing each pair by a merge walk would take hours
// for a few thousand documents, so every pair's intersection is counted through an inverted index
// over all shingles instead: the same exact value for every pair (pairs sharing no shingle have
// resemblance 0), with no sketch, sample or candidate filter involved.
import { UnionFind } from '../../shared/cluster/unionFind.ts';
import { radixSortByKey } from '../../shared/fingerprint/radixSort.ts';
import type { PredictedCluster } from './evaluate.ts';

export interface BaselineResult {
  clusters: PredictedCluster[];
  /** Pairs sharing at least one shingle, whose resemblance was computed. */
  pairsWithOverlap: number;
  pairsAboveThreshold: number;
  seconds: number;
}

/** A pair sharing shingles: a < b, with the exact size of their intersection. */
export interface OverlapPair {
  a: number;
  b: number;
  shared: number;
}

/** Clusters of sets (sorted, distinct shingle hashes; index = document id) at resemblance ≥ threshold. */
export function exactAllPairs(sets: readonly Uint32Array[], threshold: number): BaselineResult {
  const started = performance.now();
  const unionFind = new UnionFind(sets.length);
  const overlaps = overlapPairs(sets);
  let pairsAboveThreshold = 0;
  for (const { a, b, shared } of overlaps) {
    if (shared / (sets[a]!.length + sets[b]!.length - shared) >= threshold) {
      pairsAboveThreshold++;
      unionFind.union(a, b);
    }
  }
  const clusters = unionFind.groups().map((members) => ({ kind: 'near' as const, members }));
  return { clusters, pairsWithOverlap: overlaps.length, pairsAboveThreshold, seconds: (performance.now() - started) / 1000 };
}

/** Every pair of sets sharing a shingle, with its intersection size, by one pass over the postings. */
export function overlapPairs(sets: readonly Uint32Array[]): OverlapPair[] {
  const total = sets.reduce((sum, set) => sum + set.length, 0);
  const keys = new Uint32Array(total);
  const owners = new Uint32Array(total);
  let at = 0;
  sets.forEach((set, doc) => {
    keys.set(set, at);
    owners.fill(doc, at, at + set.length);
    at += set.length;
  });
  radixSortByKey(keys, owners);
  // Postings per document: the shingle runs it belongs to, visited from its own side only.
  const runStart: number[] = [];
  for (let i = 0; i < total; i++) if (i === 0 || keys[i] !== keys[i - 1]) runStart.push(i);
  runStart.push(total);
  const runsOf: number[][] = sets.map(() => []);
  for (let r = 0; r + 1 < runStart.length; r++) {
    if (runStart[r + 1]! - runStart[r]! < 2) continue;
    for (let i = runStart[r]!; i < runStart[r + 1]!; i++) runsOf[owners[i]!]!.push(r);
  }
  const shared = new Uint32Array(sets.length);
  const touched: number[] = [];
  const pairs: OverlapPair[] = [];
  for (let doc = 0; doc < sets.length; doc++) {
    for (const r of runsOf[doc]!) {
      for (let i = runStart[r]!; i < runStart[r + 1]!; i++) {
        const other = owners[i]!;
        if (other > doc && shared[other]!++ === 0) touched.push(other);
      }
    }
    for (const other of touched) {
      pairs.push({ a: doc, b: other, shared: shared[other]! });
      shared[other] = 0;
    }
    touched.length = 0;
  }
  return pairs;
}

