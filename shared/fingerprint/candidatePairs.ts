// Candidate pairs from bucketed keys, shared by the LSH, simhash, lists and containment indexes:
// documents meet only when they share a key, so nothing ever compares all pairs.

import { radixSortByKey } from './radixSort.ts';

/** Above this many documents a bucket is skipped: it would yield ~n²/2 pairs by itself. */
export const DEFAULT_MAX_BUCKET_SIZE = 1000;

export interface CandidatePairs {
  /** Pairs of ids, flattened: [a0, b0, a1, b1, …], each unordered pair once. */
  pairs: Uint32Array;
  /** Buckets skipped for holding more than maxBucketSize documents. */
  skippedBuckets: number;
  /** Entries in those buckets: documents that may have missed some of their candidates. */
  skippedEntries: number;
  /** The ids of the documents in a skipped bucket, each once (where the index collects them: LSH). */
  crowded?: Uint32Array;
}

export interface BucketSkips {
  skippedBuckets: number;
  skippedEntries: number;
}

/**
 * Groups entries (keys[i], owners[i]) by key and calls visit for every bucket of 2 to
 * maxBucketSize entries with owners[start..end), and `skip` (when given) for every larger one.
 * Sorts both arrays in place.
 */
export function forEachBucket(
  keys: Uint32Array,
  owners: Uint32Array,
  maxBucketSize: number,
  visit: (owners: Uint32Array, start: number, end: number) => void,
  skip?: (owners: Uint32Array, start: number, end: number) => void,
): BucketSkips {
  radixSortByKey(keys, owners);
  const skips = { skippedBuckets: 0, skippedEntries: 0 };
  let start = 0;
  while (start < keys.length) {
    const key = keys[start]!;
    let end = start + 1;
    while (end < keys.length && keys[end] === key) end++;
    const size = end - start;
    if (size > maxBucketSize) {
      skips.skippedBuckets++;
      skips.skippedEntries += size;
      skip?.(owners, start, end);
    } else if (size > 1) visit(owners, start, end);
    start = end;
  }
  return skips;
}

/**
 * A set of unordered pairs of dense indices 0..count-1. Pairs found through several keys are
 * stored once: the buffer is sorted and deduplicated whenever it fills, and grows only when
 * that does not free half of it.
 */
export class PairCollector {
  private readonly count: number;
  private buffer = new Float64Array(1024);
  private length = 0;
  private distinct = 0;

  constructor(count: number) {
    this.count = count;
  }

  add(a: number, b: number): void {
    if (a === b) return;
    if (this.length === this.buffer.length) this.compact();
    // Exact as long as count² < 2^53, i.e. up to 94 million documents.
    this.buffer[this.length++] = a < b ? a * this.count + b : b * this.count + a;
  }

  /** Adds every pair of owners[start..end). */
  addAll(owners: Uint32Array, start: number, end: number): void {
    for (let i = start; i < end; i++) for (let j = i + 1; j < end; j++) this.add(owners[i]!, owners[j]!);
  }

  private compact(): void {
    const sorted = this.buffer.subarray(0, this.length).sort();
    let n = 0;
    for (let i = 0; i < sorted.length; i++) if (n === 0 || sorted[n - 1] !== sorted[i]) sorted[n++] = sorted[i]!;
    this.length = n;
    this.distinct = n;
    if (n * 2 > this.buffer.length) {
      const grown = new Float64Array(this.buffer.length * 2);
      grown.set(this.buffer.subarray(0, n));
      this.buffer = grown;
    }
  }

  /** The pairs as ids[a], ids[b], flattened. */
  pairs(ids: Uint32Array): Uint32Array {
    if (this.length !== this.distinct) this.compact();
    const out = new Uint32Array(this.length * 2);
    for (let i = 0; i < this.length; i++) {
      const key = this.buffer[i]!;
      const a = Math.floor(key / this.count);
      out[2 * i] = ids[a]!;
      out[2 * i + 1] = ids[key - a * this.count]!;
    }
    return out;
  }
}

/** A growable list of uint32 values. */
export class Uint32List {
  values = new Uint32Array(64);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Uint32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  clear(): void {
    this.length = 0;
  }

  /** A copy of the values, trimmed to length. */
  toArray(): Uint32Array {
    return this.values.slice(0, this.length);
  }
}
