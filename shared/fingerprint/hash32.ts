// Non-cryptographic 32-bit hashing on Math.imul. Fingerprints only need hashes that are well
// mixed and identical on every platform, so every result is an unsigned 32-bit integer.

/** FNV-1a parameters, exported so the tokenizer can hash while it scans. */
export const FNV_OFFSET_BASIS = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** MurmurHash3's finalizer: every input bit flips each output bit with probability ~1/2. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * FNV-1a over the UTF-16 code units, finished by fmix32 (FNV alone mixes its high bits
 * poorly). canonicalTokenHashes computes exactly this for each token while it scans.
 */
export function hashString32(s: string): number {
  let h = FNV_OFFSET_BASIS;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return fmix32(h);
}

/**
 * MurmurHash3's scrambling of one 32-bit word before it enters the hash. It depends on the word
 * alone, so a caller hashing overlapping windows of the same words can do it once per word.
 */
export function murmur3Scramble(word: number): number {
  const k = Math.imul(word, 0xcc9e2d51);
  return Math.imul((k << 15) | (k >>> 17), 0x1b873593);
}

/** One MurmurHash3 round: the state `h` after taking in a scrambled word. */
export function murmur3Round(h: number, scrambled: number): number {
  h ^= scrambled;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** MurmurHash3's end: the length in bytes mixed in, then fmix32. */
export function murmur3Finish(h: number, words: number): number {
  return fmix32(h ^ (words * 4));
}

/** MurmurHash3 x86_32 of values[start..end) read as little-endian 32-bit words. */
export function murmur3Ints(values: ArrayLike<number>, start = 0, end = values.length, seed = 0): number {
  let h = seed | 0;
  for (let i = start; i < end; i++) h = murmur3Round(h, murmur3Scramble(values[i]!));
  return murmur3Finish(h, end - start);
}

/** A well-mixed hash of two 32-bit integers, for keys such as (bin, attempt) or (part, list). */
export function hashPair32(a: number, b: number): number {
  return fmix32(Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ fmix32(b + 0x7f4a7c15));
}
