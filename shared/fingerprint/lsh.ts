// Locality-sensitive hashing of MinHash sketches by banding: the sketch is cut into b bands of
// r slots, and two documents become candidates when all r slots of some band agree. For
// resemblance s that happens with probability 1 - (1 - s^r)^b, an S-curve whose steepness r
// and position b choose.

import { type CandidatePairs, DEFAULT_MAX_BUCKET_SIZE, PairCollector, Uint32List, forEachBucket } from './candidatePairs.ts';
import { murmur3Ints } from './hash32.ts';
import { isEmptySketch } from './minhash.ts';
import { runSteps } from './steps.ts';
import type { Steps } from './steps.ts';

/** Recall at the threshold itself that chooseBands aims for. */
const DEFAULT_MIN_RECALL = 0.99;

export interface Banding {
  bands: number;
  rows: number;
}

/** P(candidate | resemblance s) = 1 - (1 - s^rows)^bands. */
export function candidateProbability(s: number, { bands, rows }: Banding): number {
  return 1 - (1 - s ** rows) ** bands;
}

/**
 * The banding for a resemblance threshold: the most rows per band (fewest false candidates)
 * whose S-curve still passes pairs at the threshold with probability ≥ minRecall, using as
 * many bands as the sketch holds. For 128 slots: t = 0.5 → 42×3 (recall 0.996 at s = 0.5,
 * 50% point s ≈ 0.25); t = 0.8 → 21×6 (0.998); t = 0.9 → 12×10 (0.994). 32×4 would give only
 * 0.87 at s = 0.5. Candidates are cheap to verify (one sketch comparison), so recall wins.
 */
export function chooseBands(threshold: number, sketchSize: number, minRecall = DEFAULT_MIN_RECALL): Banding {
  let best: Banding = { bands: sketchSize, rows: 1 };
  for (let rows = 2; rows <= sketchSize; rows++) {
    const banding = { bands: Math.floor(sketchSize / rows), rows };
    if (candidateProbability(threshold, banding) < minRecall) break;
    best = banding;
  }
  return best;
}

export interface LshOptions extends Banding {
  maxBucketSize?: number;
}

/** A sketch's hash over one band of `rows` slots. */
export function bandHash(sketch: Uint32Array, band: number, rows: number): number {
  const start = band * rows;
  // The band number seeds the hash: equal slots in different bands are no evidence.
  return murmur3Ints(sketch, start, start + rows, band);
}

/** Band hashes of added sketches; candidatePairs() may be called any number of times. */
export class LshIndex {
  readonly bands: number;
  readonly rows: number;
  private readonly maxBucketSize: number;
  private readonly ids = new Uint32List();
  /** bands consecutive hashes per document. */
  private readonly bandHashes = new Uint32List();

  constructor({ bands, rows, maxBucketSize = DEFAULT_MAX_BUCKET_SIZE }: LshOptions) {
    this.bands = bands;
    this.rows = rows;
    this.maxBucketSize = maxBucketSize;
  }

  get size(): number {
    return this.ids.length;
  }

  /** Adds a document's sketch. Empty documents are never near-duplicates: false, not added. */
  add(id: number, sketch: Uint32Array): boolean {
    if (sketch.length < this.bands * this.rows) {
      throw new RangeError(`A sketch of ${sketch.length} slots has no room for ${this.bands}×${this.rows} bands`);
    }
    if (isEmptySketch(sketch)) return false;
    this.ids.push(id);
    for (let band = 0; band < this.bands; band++) this.bandHashes.push(bandHash(sketch, band, this.rows));
    return true;
  }

  /** Pairs of documents that agree on at least one whole band (unverified), those `keep` keeps when given. */
  candidatePairs(keep?: (a: number, b: number) => boolean): CandidatePairs {
    return runSteps(this.candidatePairsInSteps(keep));
  }

  /** candidatePairs(), a band per step; with `keep`, only the pairs of ids it keeps are collected. */
  *candidatePairsInSteps(keep?: (a: number, b: number) => boolean): Steps<CandidatePairs> {
    const count = this.ids.length;
    const collector = new PairCollector(count);
    const keys = new Uint32Array(count);
    const owners = new Uint32Array(count);
    const hashes = this.bandHashes.values;
    let skippedBuckets = 0;
    let skippedEntries = 0;
    const ids = this.ids.values;
    const crowded = new Uint8Array(count);
    const skip = (members: Uint32Array, start: number, end: number) => {
      for (let i = start; i < end; i++) crowded[members[i]!] = 1;
    };
    const visit = keep
      ? (members: Uint32Array, start: number, end: number) => {
          for (let i = start; i < end; i++) {
            for (let j = i + 1; j < end; j++) if (keep(ids[members[i]!]!, ids[members[j]!]!)) collector.add(members[i]!, members[j]!);
          }
        }
      : collector.addAll.bind(collector);
    for (let band = 0; band < this.bands; band++) {
      for (let doc = 0; doc < count; doc++) {
        keys[doc] = hashes[doc * this.bands + band]!;
        owners[doc] = doc;
      }
      const skips = forEachBucket(keys, owners, this.maxBucketSize, visit, skip);
      skippedBuckets += skips.skippedBuckets;
      skippedEntries += skips.skippedEntries;
      yield;
    }
    const crowdedIds = new Uint32List();
    crowded.forEach((flag, doc) => flag && crowdedIds.push(ids[doc]!));
    return { pairs: collector.pairs(this.ids.values), skippedBuckets, skippedEntries, crowded: crowdedIds.values.slice(0, crowdedIds.length) };
  }
}
