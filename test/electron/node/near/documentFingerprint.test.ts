// fingerprintText takes shortcuts (no sorted shingle set where the method does not need one);
// its fingerprint must be exactly what the definitions on the sorted set give.
import { describe, expect, it } from 'vitest';
import { fingerprintText } from '../../../../electron/node/near/documentFingerprint.ts';
import type { FingerprintSettings } from '../../../../electron/node/near/documentFingerprint.ts';
import { EXACT_SET_LIMIT } from '../../../../shared/cluster/claimRules.ts';
import { containmentSample } from '../../../../shared/fingerprint/containment.ts';
import { murmur3Ints } from '../../../../shared/fingerprint/hash32.ts';
import { minhashSketch } from '../../../../shared/fingerprint/minhash.ts';
import { chunkSet, wordShingles } from '../../../../shared/fingerprint/shingles.ts';
import { simhash64 } from '../../../../shared/fingerprint/simhash.ts';
import { canonicalTokenHashes } from '../../../../shared/text/canonicalTokens.ts';
import { asProse, randomWords, seededRandom, vocabulary } from '../../../shared/textFixtures.ts';

const settings: FingerprintSettings[] = [
  { unit: 'words', method: 'minhash', threshold: 0.5 },
  { unit: 'words', method: 'simhash', threshold: 0.8 },
  { unit: 'sentences', method: 'minhash', threshold: 0.5 },
  { unit: 'paragraphs', method: 'simhash', threshold: 0.5 },
  // 'lists' keeps the sorted set itself (listFingerprints), for words and for chunks.
  { unit: 'words', method: 'lists', threshold: 0.5 },
  { unit: 'sentences', method: 'lists', threshold: 0.5 },
];

describe('fingerprintText', () => {
  it('gives the sketch, sample, counts and hashes of the sorted chunk sets', () => {
    const random = seededRandom(23);
    const vocab = vocabulary(random, 300);
    // Short texts (fewer windows than the count's table needs), long ones, and heavy repeats.
    for (const words of [0, 3, 30, 150, 600, 5000]) {
      const text = `${asProse(random, randomWords(random, vocab, words))} ${'same words again '.repeat(words >> 4)}`;
      const tokens = canonicalTokenHashes(text);
      const shingles = wordShingles(tokens);
      for (const setting of settings) {
        const chunks = setting.unit === 'words' ? shingles : chunkSet(text, setting.unit);
        const fingerprint = fingerprintText(text, setting);
        expect(fingerprint.words).toBe(tokens.length);
        expect(fingerprint.textHash).toBe(
          `${tokens.length.toString(36)}-${[0x9e3779b9, 0x85ebca6b].map((seed) => (murmur3Ints(tokens, 0, tokens.length, seed) >>> 0).toString(16).padStart(8, '0')).join('')}`,
        );
        expect(fingerprint.sketch).toEqual(minhashSketch(chunks));
        expect(fingerprint.sample).toEqual(containmentSample(shingles));
        expect(fingerprint.shingleCount).toBe(shingles.length);
        if (setting.method === 'simhash') expect(fingerprint.simhash).toEqual(simhash64(chunks));
        // A short document's set itself, for exact checks in memory; a long one's is not kept.
        expect(fingerprint.chunks).toEqual(chunks.length > 0 && chunks.length <= EXACT_SET_LIMIT ? chunks : undefined);
      }
    }
  });
});
