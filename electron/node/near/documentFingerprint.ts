// What the near-duplicate stage keeps of each document, computed in the extraction worker so that
// only a few hundred bytes, not the text, cross back to the main thread.
import type { ChunkUnit, NearMethod } from '../../../shared/scanOptions.ts';
import { canonicalTokenHashes } from '../../../shared/text/canonicalTokens.ts';
import { containmentSample } from '../../../shared/fingerprint/containment.ts';
import { murmur3Ints } from '../../../shared/fingerprint/hash32.ts';
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
  /** MinHash sketch of the unit's chunk set; always kept, it gives every method's similarity figure. */
  sketch: Uint32Array;
  /** Content-defined sample of the word-shingle set (containment, cluster descriptions). */
  sample: Uint32Array;
  /** Distinct word shingles: decides which of two documents is the container. */
  shingleCount: number;
  simhash?: Simhash;
  lists?: Uint32Array;
}

export interface FingerprintSettings {
  unit: ChunkUnit;
  method: NearMethod;
  /** The lists method draws its lists for this resemblance (US7366718's sensitivity). */
  threshold: number;
}

function textHash(tokens: Uint32Array): string {
  const a = murmur3Ints(tokens, 0, tokens.length, 0x9e3779b9) >>> 0;
  const b = murmur3Ints(tokens, 0, tokens.length, 0x85ebca6b) >>> 0;
  return `${tokens.length.toString(36)}-${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}

export function fingerprintText(text: string, { unit, method, threshold }: FingerprintSettings): DocumentFingerprint {
  const tokens = canonicalTokenHashes(text);
  const windows = wordShingleHashes(tokens);
  const tokenCount = tokens.length;
  const hash = textHash(tokens);
  releaseArray(tokens);
  const words = sortedSet(windows);
  releaseArray(windows);
  const chunks = unit === 'words' ? words : chunkSet(text, unit);
  return {
    words: tokenCount,
    textHash: hash,
    sketch: minhashSketch(chunks),
    sample: containmentSample(words),
    shingleCount: words.length,
    ...(method === 'simhash' ? { simhash: simhash64(chunks) } : {}),
    ...(method === 'lists' ? { lists: listFingerprints(chunks, { changedFraction: changedFractionForResemblance(threshold) }) } : {}),
  };
}

/** What a cached fingerprint depends on besides the file: a different key is a cache miss. */
export function fingerprintSettingsKey({ unit, method, threshold }: FingerprintSettings): string {
  return method === 'lists' ? `${unit}/${method}/${threshold}` : `${unit}/${method}`;
}
