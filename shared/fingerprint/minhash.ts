// MinHash sketches by one-permutation hashing (Li, Owen & Zhang 2012) with optimal
// densification (Shrivastava 2017). One hash per shingle instead of one per shingle per slot:
// the hash picks a bin (slot) and the bin keeps its smallest hash. Bins left empty borrow the
// value of a non-empty bin found by probing a 2-universal hash of (bin, attempt); because the
// probe sequence depends only on the bin, two similar sets tend to borrow from the same bins,
// which keeps the fraction of equal slots an (almost) unbiased estimate of resemblance even
// for sets smaller than the sketch.

import { fmix32, hashPair32 } from './hash32.ts';

export const DEFAULT_SKETCH_SIZE = 128;
/** Every slot of an empty document's sketch. A non-empty document never holds this value. */
export const EMPTY_SLOT = 0xffffffff;
const PERMUTATION_SEED = 0x2545f491;
const TWO_TO_32 = 4294967296;
// After this many probes per slot (probability (1 - 1/size)^PROBES ≈ e^-8 with a single
// non-empty bin) give up on probing and take the next non-empty bin, so densifying always ends.
const PROBES_PER_SLOT = 8;

function densify(sketch: Uint32Array): void {
  const size = sketch.length;
  const original = sketch.slice();
  const maxAttempts = PROBES_PER_SLOT * size;
  for (let bin = 0; bin < size; bin++) {
    if (original[bin] !== EMPTY_SLOT) continue;
    let source = -1;
    for (let attempt = 1; attempt <= maxAttempts && source < 0; attempt++) {
      const probe = Math.floor((hashPair32(bin, attempt) * size) / TWO_TO_32);
      if (original[probe] !== EMPTY_SLOT) source = probe;
    }
    for (let step = 1; source < 0; step++) {
      const probe = (bin + step) % size;
      if (original[probe] !== EMPTY_SLOT) source = probe;
    }
    sketch[bin] = original[source]!;
  }
}

/**
 * The sketch of a set of 32-bit shingle hashes. Order and repeats do not matter, so the raw
 * wordShingleHashes can be passed without sorting. An empty set gives a sketch of EMPTY_SLOT.
 */
export function minhashSketch(shingles: Uint32Array, size = DEFAULT_SKETCH_SIZE): Uint32Array {
  const sketch = new Uint32Array(size).fill(EMPTY_SLOT);
  if (shingles.length === 0) return sketch;
  // For a power-of-two size the bin is the value's top bits: floor(value * size / 2^32) exactly,
  // without the floating-point multiply and floor on every shingle. The loops differ only there.
  const binShift = (size & (size - 1)) === 0 ? 32 - Math.log2(size) : 0;
  if (binShift > 0 && binShift < 32) {
    for (let i = 0; i < shingles.length; i++) {
      const value = permuted(shingles[i]!);
      const bin = value >>> binShift;
      if (value < sketch[bin]!) sketch[bin] = value;
    }
  } else {
    const binScale = size / TWO_TO_32;
    for (let i = 0; i < shingles.length; i++) {
      const value = permuted(shingles[i]!);
      const bin = Math.floor(value * binScale);
      if (value < sketch[bin]!) sketch[bin] = value;
    }
  }
  if (sketch.includes(EMPTY_SLOT)) densify(sketch);
  return sketch;
}

/**
 * A shingle's value under the sketch's permutation. fmix32 is a bijection, so distinct shingles
 * stay distinct; the seed decorrelates the permutation from other uses of the same shingle
 * hashes (containment sampling). EMPTY_SLOT is kept for empty bins.
 */
function permuted(shingle: number): number {
  const value = fmix32(shingle ^ PERMUTATION_SEED);
  return value === EMPTY_SLOT ? value - 1 : value;
}

/** True for the sketch of a document without shingles. */
export function isEmptySketch(sketch: Uint32Array): boolean {
  return sketch[0] === EMPTY_SLOT;
}

/**
 * The fraction of equal slots: an estimate of the Jaccard resemblance of the two sets
 * (standard error √(J(1-J)/size), ≤ 0.044 for 128 slots). Empty documents resemble nothing,
 * not even each other: having no text in common is not being the same text.
 */
export function estimateResemblance(a: Uint32Array, b: Uint32Array): number {
  if (a.length !== b.length) throw new RangeError(`Sketch sizes differ: ${a.length} and ${b.length}`);
  if (a.length === 0 || isEmptySketch(a) || isEmptySketch(b)) return 0;
  let equal = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) equal++;
  return equal / a.length;
}
