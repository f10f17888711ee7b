// Charikar's simhash: a 64-bit fingerprint whose bit i is the sign of the weighted sum of bit i
// of every feature's hash. Two fingerprints differ in a fraction θ/π of their bits, θ the angle
// between the documents' feature vectors. Kept as two uint32 halves: no BigInt in hot loops.

import { type CandidatePairs, DEFAULT_MAX_BUCKET_SIZE, PairCollector, Uint32List, forEachBucket } from './candidatePairs.ts';
import { fmix32, murmur3Ints } from './hash32.ts';

export interface Simhash {
  hi: number;
  lo: number;
}

const HI_SEED = 0x68617368;
const LO_SEED = 0x73696d68;

/** The simhash of features (e.g. a shingle set), each weighing weights[i] or 1. */
export function simhash64(features: Uint32Array, weights?: ArrayLike<number>): Simhash {
  const sums = new Float64Array(64);
  for (let i = 0; i < features.length; i++) {
    const w = weights === undefined ? 1 : weights[i]!;
    const hi = fmix32(features[i]! ^ HI_SEED);
    const lo = fmix32(features[i]! ^ LO_SEED);
    for (let bit = 0; bit < 32; bit++) {
      sums[bit]! += (lo >>> bit) & 1 ? w : -w;
      sums[32 + bit]! += (hi >>> bit) & 1 ? w : -w;
    }
  }
  let hi = 0;
  let lo = 0;
  for (let bit = 0; bit < 32; bit++) {
    if (sums[bit]! > 0) lo |= 1 << bit;
    if (sums[32 + bit]! > 0) hi |= 1 << bit;
  }
  return { hi: hi >>> 0, lo: lo >>> 0 };
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export function hammingDistance(a: Simhash, b: Simhash): number {
  return popcount32(a.hi ^ b.hi) + popcount32(a.lo ^ b.lo);
}

/**
 * Expected Hamming distance at Jaccard resemblance J, for unit weights over two sets of equal
 * size: their cosine is |A∩B|/|A| = 2J/(1+J), so E = 64·arccos(2J/(1+J))/π. J = 0.95 → 4.6
 * bits, 0.9 → 6.6, 0.8 → 9.7, 0.5 → 17.1. The distance is Binomial(64, θ/π): σ ≈ 2–3 bits.
 */
export function expectedHammingDistance(resemblance: number): number {
  const cosine = (2 * resemblance) / (1 + resemblance);
  return (64 * Math.acos(Math.min(1, cosine))) / Math.PI;
}

/**
 * The Hamming threshold for a resemblance threshold: the expected distance at it, rounded up.
 * Pairs exactly at the threshold pass about half the time (as with any estimate); pairs halfway
 * between it and 1 pass ≥ 90% of the time. Simhash suits high thresholds: at 0.5 it needs 18
 * bits, which no block table can index without most pairs meeting (see SimhashIndex).
 */
export function hammingThreshold(resemblance: number): number {
  return Math.ceil(expectedHammingDistance(resemblance) - 1e-9);
}

// Tables are bounded, and so is the work per document; above 2^20 keys per table buckets of
// random fingerprints are already nearly empty.
const MAX_TABLES = 64;
const ENOUGH_KEY_BITS = 20;

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

/**
 * Permuted-block tables (Manku, Jain & Das Sarma 2007): cut the 64 bits into m blocks; two
 * fingerprints within distance h differ in at most h blocks, so they agree exactly on some m - h
 * blocks (pigeonhole). One table per choice of those blocks, C(m, h) in all, keyed by them.
 * m is the smallest giving ≥ 20 key bits within 64 tables, else the most key bits that fit:
 * h = 3 → 5 blocks, 10 tables of ~26 bits; h = 7 → 9 blocks, 36 tables of ~14 bits; h ≥ 10
 * leaves ≤ 6 key bits, so large collections overflow buckets (reported as skipped).
 */
function tableMasks(maxDistance: number): Uint32Array {
  let blocks = maxDistance + 1;
  for (let m = maxDistance + 1; m <= 64 && binomial(m, maxDistance) <= MAX_TABLES; m++) {
    blocks = m;
    if ((64 * (m - maxDistance)) / m >= ENOUGH_KEY_BITS) break;
  }
  const masks: number[] = [];
  const keyed = blocks - maxDistance;
  const choose = (first: number, chosen: number[]): void => {
    if (chosen.length === keyed) {
      let hi = 0;
      let lo = 0;
      for (const block of chosen) {
        for (let bit = Math.floor((64 * block) / blocks); bit < Math.floor((64 * (block + 1)) / blocks); bit++) {
          if (bit < 32) lo |= 1 << bit;
          else hi |= 1 << (bit - 32);
        }
      }
      masks.push(hi >>> 0, lo >>> 0);
      return;
    }
    for (let block = first; block < blocks; block++) choose(block + 1, [...chosen, block]);
  };
  choose(0, []);
  return Uint32Array.from(masks);
}

/** Finds all pairs of added fingerprints within maxDistance bits, without comparing all pairs. */
export class SimhashIndex {
  readonly maxDistance: number;
  private readonly maxBucketSize: number;
  private readonly masks: Uint32Array;
  private readonly ids = new Uint32List();
  private readonly halves = new Uint32List();

  constructor(maxDistance: number, maxBucketSize = DEFAULT_MAX_BUCKET_SIZE) {
    if (!Number.isInteger(maxDistance) || maxDistance < 0 || maxDistance > 63) {
      throw new RangeError(`maxDistance must be an integer 0–63, not ${maxDistance}`);
    }
    this.maxDistance = maxDistance;
    this.maxBucketSize = maxBucketSize;
    this.masks = tableMasks(maxDistance);
  }

  get tables(): number {
    return this.masks.length / 2;
  }

  add(id: number, hash: Simhash): void {
    this.ids.push(id);
    this.halves.push(hash.hi);
    this.halves.push(hash.lo);
  }

  /** Pairs within maxDistance bits: exact on the fingerprints, unless buckets were skipped. */
  candidatePairs(): CandidatePairs {
    const count = this.ids.length;
    const halves = this.halves.values;
    const collector = new PairCollector(count);
    const keys = new Uint32Array(count);
    const owners = new Uint32Array(count);
    const scratch = new Uint32Array(2);
    const close = (a: number, b: number): boolean =>
      popcount32(halves[2 * a]! ^ halves[2 * b]!) + popcount32(halves[2 * a + 1]! ^ halves[2 * b + 1]!) <= this.maxDistance;
    const visit = (members: Uint32Array, start: number, end: number): void => {
      for (let i = start; i < end; i++) {
        for (let j = i + 1; j < end; j++) if (close(members[i]!, members[j]!)) collector.add(members[i]!, members[j]!);
      }
    };
    let skippedBuckets = 0;
    let skippedEntries = 0;
    for (let table = 0; table < this.tables; table++) {
      const hiMask = this.masks[2 * table]!;
      const loMask = this.masks[2 * table + 1]!;
      for (let doc = 0; doc < count; doc++) {
        scratch[0] = halves[2 * doc]! & hiMask;
        scratch[1] = halves[2 * doc + 1]! & loMask;
        keys[doc] = murmur3Ints(scratch, 0, 2, table);
        owners[doc] = doc;
      }
      const skips = forEachBucket(keys, owners, this.maxBucketSize, visit);
      skippedBuckets += skips.skippedBuckets;
      skippedEntries += skips.skippedEntries;
    }
    return { pairs: collector.pairs(this.ids.values), skippedBuckets, skippedEntries };
  }
}
