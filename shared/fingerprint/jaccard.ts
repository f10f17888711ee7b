// Exact set measures on sorted, distinct Uint32Array sets (sortedSet, wordShingles, chunkSet),
// by one merge walk. Used to verify candidates near a threshold and as the benchmarks' baseline.

/** |a ∩ b|. */
export function intersectionSize(a: Uint32Array, b: Uint32Array): number {
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return shared;
}

/** |a ∩ b| / |a ∪ b|; 0 when either set is empty (no text in common is not the same text). */
export function jaccard(a: Uint32Array, b: Uint32Array): number {
  if (a.length === 0 || b.length === 0) return 0;
  const shared = intersectionSize(a, b);
  return shared / (a.length + b.length - shared);
}

/** |a ∩ b| / |a|: how much of a lies within b. 0 when a is empty. */
export function containment(a: Uint32Array, b: Uint32Array): number {
  return a.length === 0 ? 0 : intersectionSize(a, b) / a.length;
}
