// What the near-duplicate stage keeps of each document, computed in the extraction worker so that
// only a few hundred bytes, not the text, cross back to the main thread.
import { FINGERPRINT_FORMAT } from '../../../shared/fingerprint/format.ts';
import { EXACT_SET_LIMIT } from '../../../shared/cluster/claimRules.ts';
import type { ChunkUnit, NearMethod } from '../../../shared/scanOptions.ts';
import { canonicalTokenHashes } from '../../../shared/text/canonicalTokens.ts';
import { layoutHash } from '../../../shared/text/layoutHash.ts';
import { containmentSample } from '../../../shared/fingerprint/containment.ts';
import { distinctCount } from '../../../shared/fingerprint/distinctCount.ts';
import { murmur3Finish, murmur3Round, murmur3Scramble } from '../../../shared/fingerprint/hash32.ts';
import { changedFractionForResemblance, listFingerprints } from '../../../shared/fingerprint/listFingerprints.ts';
import { minhashSketch } from '../../../shared/fingerprint/minhash.ts';
import { sortedSet } from '../../../shared/fingerprint/radixSort.ts';
import { releaseArray } from '../../../shared/fingerprint/releaseArray.ts';
import { chunkSet, wordShingleHashes } from '../../../shared/fingerprint/shingles.ts';
import { simhash64 } from '../../../shared/fingerprint/simhash.ts';
import type { Simhash } from '../../../shared/fingerprint/simhash.ts';

export interface DocumentFingerprint {
  /** Canonical tokens: the `words` figure of the report. */
  words: number;
  /** Hash of the whole canonical token stream: equal for texts identical after canonicalization. */
  textHash: string;
  /**
   * Hash of the text as written but for its spacing (layoutHash): of two documents in one format
   * with one textHash, equal for the same text, different for an edit of punctuation, case or
   * digits. Absent from extractions cached before it was computed (a cache miss: read again).
   */
  layoutHash?: string;
  /** MinHash sketch of the unit's chunk set; always kept, it gives every method's similarity figure. */
  sketch: Uint32Array;
  /** Content-defined sample of the word-shingle set (containment, cluster descriptions). */
  sample: Uint32Array;
  /** Distinct word shingles: decides which of two documents is the container. */
  shingleCount: number;
  simhash?: Simhash;
  lists?: Uint32Array;
  /** The unit's chunk set (sorted, distinct) when it holds at most EXACT_SET_LIMIT chunks: its pairs are settled exactly. */
  chunks?: Uint32Array;
}

export interface FingerprintSettings {
  unit: ChunkUnit;
  method: NearMethod;
  /** The lists method draws its lists for this resemblance (US7366718's sensitivity). */
  threshold: number;
}

/** Two MurmurHash3 of the tokens with different seeds, in one pass: a token's scrambling serves both. */
function textHash(tokens: Uint32Array): string {
  let a = 0x9e3779b9 | 0;
  let b = 0x85ebca6b | 0;
  for (let i = 0; i < tokens.length; i++) {
    const scrambled = murmur3Scramble(tokens[i]!);
    a = murmur3Round(a, scrambled);
    b = murmur3Round(b, scrambled);
  }
  a = murmur3Finish(a, tokens.length);
  b = murmur3Finish(b, tokens.length);
  return `${tokens.length.toString(36)}-${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}

export function fingerprintText(text: string, { unit, method, threshold }: FingerprintSettings): DocumentFingerprint {
  const tokens = canonicalTokenHashes(text);
  const windows = wordShingleHashes(tokens);
  const tokenCount = tokens.length;
  const hash = textHash(tokens);
  releaseArray(tokens);
  // A MinHash sketch, a sample and a count ignore the windows' order and repeats, so only simhash
  // and lists over word shingles need the sorted set (sorting was a tenth of a text file's CPU).
  const words = unit === 'words' && method !== 'minhash' ? sortedSet(windows) : windows;
  const chunks = unit === 'words' ? words : chunkSet(text, unit);
  const shingleCount = words === windows ? distinctCount(windows) : words.length;
  const chunkCount = unit === 'words' ? shingleCount : chunks.length;
  const fingerprint: DocumentFingerprint = {
    words: tokenCount,
    textHash: hash,
    layoutHash: layoutHash(text),
    sketch: minhashSketch(chunks),
    sample: sortedSet(containmentSample(words)),
    shingleCount,
    ...(method === 'simhash' ? { simhash: simhash64(chunks) } : {}),
    ...(method === 'lists' ? { lists: listFingerprints(chunks, { changedFraction: changedFractionForResemblance(threshold) }) } : {}),
    // chunks may be the unsorted windows (minhash over words): the few of a short document sort in no time.
    ...(chunkCount > 0 && chunkCount <= EXACT_SET_LIMIT ? { chunks: chunks === windows ? sortedSet(windows) : chunks } : {}),
  };
  releaseArray(windows);
  return fingerprint;
}

/** What a cached fingerprint depends on besides the file: a different key is a cache miss. */
export function fingerprintSettingsKey({ unit, method, threshold }: FingerprintSettings): string {
  return `v${FINGERPRINT_FORMAT}/${unit}/${method}${method === 'lists' ? `/${threshold}` : ''}`;
}
