// A document's chunks ("shingles"), hashed to 32 bits: the sets every near-duplicate method
// compares. The chunk unit follows Shivakumar & Garcia-Molina (and US7366718): overlapping
// k-token windows (`words`), whole sentences, or whole paragraphs.

import type { ChunkUnit } from '../scanOptions.ts';
import { canonicalTokenHashes } from '../text/canonicalTokens.ts';
import { splitParagraphs, splitSentences } from '../text/sentences.ts';
import { murmur3Finish, murmur3Ints, murmur3Round, murmur3Scramble } from './hash32.ts';
import { releaseArray } from './releaseArray.ts';
import { sortedSet } from './radixSort.ts';

const MAX_SHINGLE_SIZE = 5;
// Different seeds keep a one-token sentence's hash apart from that token's 1-shingle.
const WORD_SEED = 0x5348494e;
const SEQUENCE_SEED = 0x53455154;

/**
 * k for a document of n tokens: min(5, max(1, floor(n / 4))). One substituted word changes k
 * shingles out of n - k + 1 and adds k new ones; with k ≤ n / 4 a single substitution still
 * leaves resemblance ≈ 0.5 (the default threshold) even for the shortest documents, where a
 * fixed k = 5 would leave a 12-token note with almost nothing in common with its edited copy.
 * Documents of 20 tokens or more all use k = 5, so only tiny documents near a step of the rule
 * can land on different k (and then share no shingles).
 */
export function shingleSize(tokenCount: number): number {
  return Math.min(MAX_SHINGLE_SIZE, Math.max(1, Math.floor(tokenCount / 4)));
}

/**
 * The hash of every k-token window, in order, repeats included: what minhashSketch and
 * simhash64 need, without paying for a sort. Fewer than k tokens give one shingle of them all.
 */
export function wordShingleHashes(tokens: Uint32Array, k = shingleSize(tokens.length)): Uint32Array {
  if (tokens.length === 0) return new Uint32Array(0);
  if (tokens.length < k) return Uint32Array.of(murmur3Ints(tokens, 0, tokens.length, WORD_SEED));
  if (k === MAX_SHINGLE_SIZE) return fiveTokenWindows(tokens);
  // murmur3Ints of each window, with each token scrambled once rather than in each of its k windows.
  const scrambled = new Int32Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) scrambled[i] = murmur3Scramble(tokens[i]!);
  const out = new Uint32Array(tokens.length - k + 1);
  for (let i = 0; i < out.length; i++) {
    let h = WORD_SEED;
    for (let j = i; j < i + k; j++) h = murmur3Round(h, scrambled[j]!);
    out[i] = murmur3Finish(h, k);
  }
  releaseArray(scrambled);
  return out;
}

/**
 * wordShingleHashes for k = 5, every document of 20 tokens or more: the window's scrambled
 * tokens slide through locals, so no scratch array and no inner loop.
 */
function fiveTokenWindows(tokens: Uint32Array): Uint32Array {
  const out = new Uint32Array(tokens.length - 4);
  let s0 = murmur3Scramble(tokens[0]!);
  let s1 = murmur3Scramble(tokens[1]!);
  let s2 = murmur3Scramble(tokens[2]!);
  let s3 = murmur3Scramble(tokens[3]!);
  for (let i = 0; i < out.length; i++) {
    const s4 = murmur3Scramble(tokens[i + 4]!);
    const h = murmur3Round(murmur3Round(murmur3Round(murmur3Round(murmur3Round(WORD_SEED, s0), s1), s2), s3), s4);
    out[i] = murmur3Finish(h, 5);
    s0 = s1;
    s1 = s2;
    s2 = s3;
    s3 = s4;
  }
  return out;
}

/** The set of k-token shingles: sorted, distinct. */
export function wordShingles(tokens: Uint32Array, k = shingleSize(tokens.length)): Uint32Array {
  return sortedSet(wordShingleHashes(tokens, k));
}

/** One hash per piece (sentence or paragraph) of its canonical tokens; token-less pieces dropped. */
export function pieceHashes(pieces: readonly string[]): Uint32Array {
  const out = new Uint32Array(pieces.length);
  let n = 0;
  for (const piece of pieces) {
    const tokens = canonicalTokenHashes(piece);
    if (tokens.length > 0) out[n++] = murmur3Ints(tokens, 0, tokens.length, SEQUENCE_SEED);
  }
  return out.subarray(0, n);
}

/** The document's chunk set for a unit: sorted, distinct 32-bit hashes. */
export function chunkSet(text: string, unit: ChunkUnit): Uint32Array {
  switch (unit) {
    case 'words':
      return wordShingles(canonicalTokenHashes(text));
    case 'sentences':
      return sortedSet(pieceHashes(splitSentences(text)));
    case 'paragraphs':
      return sortedSet(pieceHashes(splitParagraphs(text)));
  }
}
