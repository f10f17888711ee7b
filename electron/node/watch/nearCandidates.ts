// The watcher's LSH buckets, kept between bursts: the MinHash candidates of similarPairs
// (nearClusters.ts), maintained as text nodes come and go instead of rebuilt from every
// document. A pair is a candidate while some band's bucket holds both and no more than the
// bucket limit (a bucket above it is skipped, as boilerplate, exactly as forEachBucket skips
// it), so each pair keeps the number of such buckets it shares; a node added or removed
// changes only its own buckets' counts, or a whole bucket's as it crosses the limit. Documents in
// buckets above the limit that carry their sets are joined exactly, as the scan joins them
// (crowdedJoin.ts), so a pair that agrees only on crowded bands is not missed.
import { CANDIDATE_MARGIN, MIN_DOCUMENT_WORDS } from '../../../shared/cluster/claimRules.ts';
import type { SimilarPair } from '../../../shared/cluster/nearClusters.ts';
import { DEFAULT_MAX_BUCKET_SIZE } from '../../../shared/fingerprint/candidatePairs.ts';
import { bandHash, chooseBands } from '../../../shared/fingerprint/lsh.ts';
import type { Banding } from '../../../shared/fingerprint/lsh.ts';
import { estimateResemblance, isEmptySketch } from '../../../shared/fingerprint/minhash.ts';
import { nodeKey } from '../near/findNearDuplicates.ts';
import type { FingerprintedNode } from '../near/findNearDuplicates.ts';
import { createCrowdedJoin } from './crowdedJoin.ts';

export interface NearCandidates {
  /** The candidates of `nodes` (sorted as clusterNodes takes them), in similarPairs' order. */
  pairs(nodes: readonly FingerprintedNode[]): SimilarPair[];
}

const BAND_KEY_SPAN = 2 ** 32;

const pairKey = (a: string, b: string) => (a < b ? `${a}\0${b}` : `${b}\0${a}`);

export function createNearCandidates(threshold: number, maxBucketSize = DEFAULT_MAX_BUCKET_SIZE): NearCandidates {
  let banding: Banding | undefined;
  /** By band and band hash: the text hashes of the nodes in the bucket. */
  const buckets = new Map<number, Set<string>>();
  const keysOf = new Map<string, number[]>();
  /** Pairs by key, with the number of buckets within the limit that hold both. */
  const shared = new Map<string, number>();
  /** By text: the number of buckets above the limit that hold it. */
  const crowdedIn = new Map<string, number>();
  const join = createCrowdedJoin(threshold);

  const crowd = (text: string, delta: number) => {
    const next = (crowdedIn.get(text) ?? 0) + delta;
    if (next === 0) crowdedIn.delete(text);
    else crowdedIn.set(text, next);
  };

  function count(a: string, b: string, delta: number): void {
    const key = pairKey(a, b);
    const next = (shared.get(key) ?? 0) + delta;
    if (next === 0) shared.delete(key);
    else shared.set(key, next);
  }

  function countAll(members: Set<string>, delta: number): void {
    const list = [...members];
    for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) count(list[i]!, list[j]!, delta);
  }

  function add(text: string, sketch: Uint32Array): void {
    banding ??= chooseBands(threshold, sketch.length);
    const keys: number[] = [];
    for (let band = 0; band < banding.bands; band++) keys.push(band * BAND_KEY_SPAN + bandHash(sketch, band, banding.rows));
    keysOf.set(text, keys);
    for (const key of keys) {
      let members = buckets.get(key);
      if (members === undefined) buckets.set(key, (members = new Set()));
      if (members.size + 1 <= maxBucketSize) for (const other of members) count(text, other, 1);
      // Crossing the limit: the bucket's pairs stop counting, and its documents are crowded.
      else if (members.size === maxBucketSize) {
        countAll(members, -1);
        for (const other of members) crowd(other, 1);
      }
      members.add(text);
      if (members.size > maxBucketSize) crowd(text, 1);
    }
  }

  function remove(text: string): void {
    for (const key of keysOf.get(text)!) {
      const members = buckets.get(key)!;
      if (members.size > maxBucketSize) crowd(text, -1);
      members.delete(text);
      if (members.size === 0) buckets.delete(key);
      else if (members.size < maxBucketSize) for (const other of members) count(text, other, -1);
      // Back within the limit: the bucket's pairs count again, and its documents are not crowded by it.
      else if (members.size === maxBucketSize) {
        countAll(members, 1);
        for (const other of members) crowd(other, -1);
      }
    }
    keysOf.delete(text);
  }

  return {
    pairs(nodes) {
      const indexOf = new Map<string, number>();
      nodes.forEach((node, n) => {
        // As similarPairs indexes: comparable documents with something in their sketch.
        // Under the key the node is held by (a scan's is its own, though its text may equal another's).
        if (node.words >= MIN_DOCUMENT_WORDS && !isEmptySketch(node.sketch)) indexOf.set(nodeKey(node.textHash, node.units[0]), n);
      });
      for (const text of [...keysOf.keys()]) if (!indexOf.has(text)) remove(text);
      for (const [text, n] of indexOf) if (!keysOf.has(text)) add(text, nodes[n]!.sketch);
      const pairs: SimilarPair[] = [];
      const proposed = new Set<string>();
      for (const key of shared.keys()) {
        const [x, y] = key.split('\0').map((text) => indexOf.get(text)!) as [number, number];
        const [a, b] = x < y ? [x, y] : [y, x];
        const similarity = estimateResemblance(nodes[a]!.sketch, nodes[b]!.sketch);
        // Two documents carrying their sets are settled on them (pairTriage.ts), whatever the estimate.
        if (similarity >= threshold - CANDIDATE_MARGIN || (nodes[a]!.chunks && nodes[b]!.chunks)) {
          pairs.push({ a, b, similarity });
          proposed.add(key);
        }
      }
      const crowded = new Map<string, Uint32Array>();
      for (const text of crowdedIn.keys()) {
        const chunks = nodes[indexOf.get(text)!]!.chunks;
        if (chunks) crowded.set(text, chunks);
      }
      join.update(crowded);
      for (const { x, y, similarity } of join.pairs()) {
        if (proposed.has(pairKey(x, y))) continue;
        const [a, b] = [indexOf.get(x)!, indexOf.get(y)!].sort((p, q) => p - q) as [number, number];
        pairs.push({ a, b, similarity });
      }
      return pairs.sort((p, q) => p.a - q.a || p.b - q.b);
    },
  };
}
