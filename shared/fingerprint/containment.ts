// "A is (nearly) contained in a larger B": an excerpt, a truncated copy, a chapter of a book.
// Resemblance is low there (a 30% excerpt resembles its source at 0.3), so MinHash/LSH tuned
// for resemblance miss it. Instead each document keeps a content-defined sample of its shingle
// set: the hashes h with h mod rate = 0. The rule looks at the hash alone, so an excerpt's
// sample is exactly the part of its container's sample that lies in the excerpt, and
// |S(A) ∩ S(B)| / |S(A)| estimates the containment |A ∩ B| / |A| without bias. Exact
// verification is containment() from jaccard.ts, on samples or on the full shingle sets.

import { DEFAULT_MAX_BUCKET_SIZE, Uint32List } from './candidatePairs.ts';
import { radixSortByKey } from './radixSort.ts';
import { DOCUMENTS_PER_STEP, runSteps } from './steps.ts';
import type { Steps } from './steps.ts';

/**
 * 1 shingle in 16: a one-page excerpt (~300 words) keeps ~19 samples, while the index holds
 * 1/16 of all shingles (about 1 MB of entries per 20 MB of text).
 */
export const DEFAULT_SAMPLE_RATE = 16;

/** The sample of shingle hashes: those h with h mod rate = 0, in input order (sorted in, sorted out; repeats kept). */
export function containmentSample(shingles: Uint32Array, rate = DEFAULT_SAMPLE_RATE): Uint32Array {
  // For a power of two, h mod rate is h's low bits: a mask, where % on hashes above 2^31 is a
  // floating-point remainder that cost more than sorting the set.
  const mask = (rate & (rate - 1)) === 0 ? rate - 1 : -1;
  let n = 0;
  if (mask >= 0) for (let i = 0; i < shingles.length; i++) n += (shingles[i]! & mask) === 0 ? 1 : 0;
  else for (let i = 0; i < shingles.length; i++) if (shingles[i]! % rate === 0) n++;
  const sample = new Uint32Array(n);
  n = 0;
  for (let i = 0; i < shingles.length; i++) {
    const h = shingles[i]!;
    if (mask >= 0 ? (h & mask) === 0 : h % rate === 0) sample[n++] = h;
  }
  return sample;
}

export interface ContainmentCandidate {
  contained: number;
  container: number;
  /** Shared samples / samples of the contained document that are not too common to index. */
  estimate: number;
  samples: number;
}

export interface ContainmentOptions {
  /** Smallest estimate reported; below the target to leave room for sampling error. */
  minEstimate?: number;
  /** Documents with fewer (indexable) samples are too short to judge. */
  minSamples?: number;
  /** Samples held by more documents are boilerplate: skipped, and left out of the estimate. */
  maxPostings?: number;
}

export interface ContainmentCandidates {
  candidates: ContainmentCandidate[];
  /** Distinct sample hashes skipped for appearing in more than maxPostings documents. */
  skippedSamples: number;
}

/** Documents by sampled shingle. */
export class ContainmentIndex {
  private readonly ids = new Uint32List();
  private readonly sizes = new Uint32List();
  private readonly sampleCounts = new Uint32List();
  private readonly keys = new Uint32List();
  private readonly owners = new Uint32List();

  /** Adds a document's sample with the size of its full shingle set, which decides who contains whom. */
  add(id: number, sample: Uint32Array, shingleCount: number): void {
    const owner = this.ids.length;
    this.ids.push(id);
    this.sizes.push(shingleCount);
    this.sampleCounts.push(sample.length);
    for (const h of sample) {
      this.keys.push(h);
      this.owners.push(owner);
    }
  }

  /** Pairs where the smaller document's sample lies at least minEstimate within the larger's. */
  candidates(options: ContainmentOptions = {}): ContainmentCandidates {
    return runSteps(this.candidatesInSteps(options));
  }

  /** candidates(), DOCUMENTS_PER_STEP documents per step. */
  *candidatesInSteps({ minEstimate = 0.8, minSamples = 8, maxPostings = DEFAULT_MAX_BUCKET_SIZE }: ContainmentOptions = {}): Steps<ContainmentCandidates> {
    const count = this.ids.length;
    const keys = this.keys.toArray();
    const owners = this.owners.toArray();
    radixSortByKey(keys, owners);
    // Posting lists that can pair documents, as [start, end) runs; runsOf: each document's runs.
    const runs = new Uint32List();
    const runsOf = new Uint32Array(count + 1);
    const ignored = new Uint32Array(count);
    let skippedSamples = 0;
    for (let start = 0, end = 0; start < keys.length; start = end) {
      while (end < keys.length && keys[end] === keys[start]) end++;
      if (end - start > maxPostings) {
        skippedSamples++;
        for (let i = start; i < end; i++) ignored[owners[i]!]!++;
      } else if (end - start > 1) {
        runs.push(start);
        runs.push(end);
        for (let i = start; i < end; i++) runsOf[owners[i]! + 1]!++;
      }
    }
    for (let doc = 0; doc < count; doc++) runsOf[doc + 1]! += runsOf[doc]!;
    const runIndex = new Uint32Array(runsOf[count]!);
    const filled = runsOf.slice(0, count);
    const bounds = runs.values;
    for (let run = 0; 2 * run < runs.length; run++) {
      for (let i = bounds[2 * run]!; i < bounds[2 * run + 1]!; i++) runIndex[filled[owners[i]!]!++] = run;
    }

    const sizes = this.sizes.values;
    const shared = new Uint32Array(count);
    const touched = new Uint32List();
    const candidates: ContainmentCandidate[] = [];
    for (let doc = 0; doc < count; doc++) {
      if (doc % DOCUMENTS_PER_STEP === DOCUMENTS_PER_STEP - 1) yield;
      const samples = this.sampleCounts.values[doc]! - ignored[doc]!;
      if (samples < minSamples) continue;
      touched.clear();
      for (let r = runsOf[doc]!; r < runsOf[doc + 1]!; r++) {
        const run = runIndex[r]!;
        for (let i = bounds[2 * run]!; i < bounds[2 * run + 1]!; i++) {
          const other = owners[i]!;
          if (other === doc) continue;
          if (shared[other]!++ === 0) touched.push(other);
        }
      }
      for (let t = 0; t < touched.length; t++) {
        const other = touched.values[t]!;
        const estimate = shared[other]! / samples;
        shared[other] = 0;
        // Each pair once, from the smaller side (ties: the lower index is "contained").
        const larger = sizes[other]! > sizes[doc]! || (sizes[other] === sizes[doc] && other > doc);
        if (larger && estimate >= minEstimate) {
          candidates.push({ contained: this.ids.values[doc]!, container: this.ids.values[other]!, estimate, samples });
        }
      }
    }
    return { candidates, skippedSamples };
  }
}
