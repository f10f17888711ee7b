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

/** The distinct values, sorted: a set in the form jaccard.ts and the indexes expect. */
export function sortedSet(values: Uint32Array): Uint32Array {
  const sorted = radixSortUint32(values.slice());
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
