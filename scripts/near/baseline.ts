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

/** Clusters of sets (sorted, distinct shingle hashes; index = document id) at resemblance ≥ threshold. */
export function exactAllPairs(sets: readonly Uint32Array[], threshold: number): BaselineResult {
  const started = performance.now();
  const count = sets.length;
  const total = sets.reduce((sum, set) => sum + set.length, 0);
  const keys = new Uint32Array(total);
  const owners = new Uint32Array(total);
  let at = 0;
  sets.forEach((set, doc) => {
    keys.set(set, at);
    owners.fill(doc, at, at + set.length);
    at += set.length;
  });
  // A stable sort: within one shingle's postings the documents stay in ascending order.
  radixSortByKey(keys, owners);
  const distinct: number[] = [];
  const starts: number[] = [];
  for (let i = 0; i < total; i++) {
    if (i === 0 || keys[i] !== keys[i - 1]) {
      distinct.push(keys[i]!);
      starts.push(i);
    }
  }
  starts.push(total);
  const distinctKeys = Uint32Array.from(distinct);
  const postingStart = Uint32Array.from(starts);

  const unionFind = new UnionFind(count);
  const shared = new Uint32Array(count);
  const touched: number[] = [];
  let pairsWithOverlap = 0;
  let pairsAboveThreshold = 0;
  for (let doc = 0; doc < count; doc++) {
    const set = sets[doc]!;
    let low = 0;
    for (const shingle of set) {
      // The set is sorted, so each search starts where the previous one ended.
      let high = distinctKeys.length - 1;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (distinctKeys[mid]! < shingle) low = mid + 1;
        else high = mid;
      }
      // Only later documents: each pair is counted from its first member.
      for (let i = postingStart[low + 1]! - 1; i >= postingStart[low]!; i--) {
        const other = owners[i]!;
        if (other <= doc) break;
        if (shared[other]!++ === 0) touched.push(other);
      }
    }
    for (const other of touched) {
      const intersection = shared[other]!;
      shared[other] = 0;
      pairsWithOverlap++;
      if (intersection / (set.length + sets[other]!.length - intersection) >= threshold) {
        pairsAboveThreshold++;
        unionFind.union(doc, other);
      }
    }
    touched.length = 0;
  }
  const clusters = unionFind.groups().map((members) => ({ kind: 'near' as const, members }));
  return { clusters, pairsWithOverlap, pairsAboveThreshold, seconds: (performance.now() - started) / 1000 };
}
