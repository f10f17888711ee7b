// How many distinct values a list of 32-bit hashes holds, without sorting it: a document's
// shingle count needs only this, and sorting its few thousand shingles cost a tenth of the CPU
// of fingerprinting a plain-text file.

import { sortedSet } from './radixSort.ts';

// Below this a sort is as quick as clearing a table.
const SMALL = 64;
// Tables up to this many slots (256 KiB, documents up to 16,384 shingles) are kept for the next call rather than reallocated.
const KEEP_SLOTS = 1 << 16;
let spareTable = new Uint32Array(0);

/**
 * The number of distinct values. An open-addressing set of at least four times as many slots as
 * values (at twice as many, probing past taken slots cost a fifth more), indexed by the top bits
 * of value × 2^32/φ (Fibonacci hashing), so that values alike in some bits still spread. 0 marks
 * an empty slot, so a 0 value is counted apart.
 */
export function distinctCount(values: Uint32Array): number {
  const n = values.length;
  // Past the kept table, a fresh table of 16 bytes a value cost more time and memory than the
  // sort's 8 (a 256 MiB text would have needed a 1 GiB table in each worker).
  if (n < SMALL || 4 * n > KEEP_SLOTS) return sortedSet(values).length;
  const bits = Math.ceil(Math.log2(4 * n));
  const size = 2 ** bits;
  const mask = size - 1;
  // Only the first `size` slots of the spare table are used, and cleared.
  let table = spareTable;
  if (table.length >= size) table.fill(0, 0, size);
  else table = new Uint32Array(size);
  let count = 0;
  let zero = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (v === 0) {
      zero = 1;
      continue;
    }
    let slot = Math.imul(v, 0x9e3779b9) >>> (32 - bits);
    for (;;) {
      const held = table[slot]!;
      if (held === v) break;
      if (held === 0) {
        table[slot] = v;
        count++;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  if (table.length > spareTable.length) spareTable = table;
  return count + zero;
}
