// LSD radix sorts for 32-bit keys: three passes of 11 bits. Shingle sets are sorted once per
// document, and the native TypedArray sort is several times slower at these sizes.

import { releaseArray } from './releaseArray.ts';

const DIGIT_BITS = 11;
const BUCKETS = 1 << DIGIT_BITS;
const SHIFTS = [0, 11, 22] as const;
// Below this, the fixed cost of the three histograms outweighs the comparison sort.
const SMALL = 256;

const histogram = new Uint32Array(BUCKETS * SHIFTS.length);

function countDigits(keys: Uint32Array): void {
  histogram.fill(0);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    histogram[k & 0x7ff]!++;
    histogram[BUCKETS + ((k >>> 11) & 0x7ff)]!++;
    histogram[2 * BUCKETS + (k >>> 22)]!++;
  }
  for (let pass = 0; pass < SHIFTS.length; pass++) {
    let sum = 0;
    for (let b = pass * BUCKETS; b < (pass + 1) * BUCKETS; b++) {
      const count = histogram[b]!;
      histogram[b] = sum;
      sum += count;
    }
  }
}

/** Sorts values ascending in place and returns them. */
export function radixSortUint32(values: Uint32Array): Uint32Array {
  if (values.length < SMALL) return values.sort();
  countDigits(values);
  let from: Uint32Array = values;
  let to: Uint32Array = new Uint32Array(values.length);
  for (let pass = 0; pass < SHIFTS.length; pass++) {
    const shift = SHIFTS[pass]!;
    const offset = pass * BUCKETS;
    for (let i = 0; i < from.length; i++) {
      const v = from[i]!;
      to[histogram[offset + ((v >>> shift) & 0x7ff)]!++] = v;
    }
    [from, to] = [to, from];
  }
  // An odd number of passes leaves the result in the scratch array.
  values.set(from);
  releaseArray(from);
  return values;
}

/** Sorts keys ascending in place, moving payload[i] along with keys[i]. */
export function radixSortByKey(keys: Uint32Array, payload: Uint32Array): void {
  countDigits(keys);
  let fromKeys: Uint32Array = keys;
  let fromPayload: Uint32Array = payload;
  let toKeys: Uint32Array = new Uint32Array(keys.length);
  let toPayload: Uint32Array = new Uint32Array(keys.length);
  for (let pass = 0; pass < SHIFTS.length; pass++) {
    const shift = SHIFTS[pass]!;
    const offset = pass * BUCKETS;
    for (let i = 0; i < fromKeys.length; i++) {
      const k = fromKeys[i]!;
      const slot = histogram[offset + ((k >>> shift) & 0x7ff)]!++;
      toKeys[slot] = k;
      toPayload[slot] = fromPayload[i]!;
    }
    [fromKeys, toKeys] = [toKeys, fromKeys];
    [fromPayload, toPayload] = [toPayload, fromPayload];
  }
  keys.set(fromKeys);
  payload.set(fromPayload);
}

// A document's few thousand shingles sort faster in four passes of 8 bits: the 11-bit passes'
// histograms (6,144 counters to clear and sum) cost more than the values below this size
// (measured: 1,500 values 1.5× faster, 5,000 a little slower).
const BYTE_PASSES_BELOW = 4096;
const byteHistogram = new Uint32Array(256 * 4);

/** Sorts `values` into a new array by four 8-bit passes (an even count: the result is `out`). */
function byteRadixSort(values: Uint32Array): Uint32Array {
  byteHistogram.fill(0);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    byteHistogram[v & 0xff]!++;
    byteHistogram[256 + ((v >>> 8) & 0xff)]!++;
    byteHistogram[512 + ((v >>> 16) & 0xff)]!++;
    byteHistogram[768 + (v >>> 24)]!++;
  }
  for (let pass = 0; pass < 4; pass++) {
    let sum = 0;
    for (let b = pass * 256; b < (pass + 1) * 256; b++) {
      const count = byteHistogram[b]!;
      byteHistogram[b] = sum;
      sum += count;
    }
  }
  const scratch = new Uint32Array(values.length);
  const out = new Uint32Array(values.length);
  let from = values;
  for (let pass = 0; pass < 4; pass++) {
    const to = pass % 2 === 0 ? scratch : out;
    const shift = pass * 8;
    const offset = pass * 256;
    for (let i = 0; i < from.length; i++) {
      const v = from[i]!;
      to[byteHistogram[offset + ((v >>> shift) & 0xff)]!++] = v;
    }
    from = to;
  }
  releaseArray(scratch);
  return out;
}

/** The distinct values, sorted: a set in the form jaccard.ts and the indexes expect. */
export function sortedSet(values: Uint32Array): Uint32Array {
  const sorted = values.length >= SMALL && values.length < BYTE_PASSES_BELOW ? byteRadixSort(values) : radixSortUint32(values.slice());
  let n = 0;
  for (let i = 0; i < sorted.length; i++) {
    const v = sorted[i]!;
    if (n === 0 || sorted[n - 1] !== v) sorted[n++] = v;
  }
  if (n === sorted.length) return sorted;
  const set = sorted.slice(0, n);
  releaseArray(sorted);
  return set;
}
