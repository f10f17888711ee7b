// Fingerprints are cached in the index between scans: a change to any stage's output would mix
// old and new fingerprints unless the cache's key changes with it. These digests pin the format;
// a deliberate change updates them together with FINGERPRINT_FORMAT, which the keys carry.
import { describe, expect, it } from 'vitest';
import { containmentSample } from '../../shared/fingerprint/containment.ts';
import { FINGERPRINT_FORMAT } from '../../shared/fingerprint/format.ts';
import { murmur3Ints } from '../../shared/fingerprint/hash32.ts';
import { minhashSketch } from '../../shared/fingerprint/minhash.ts';
import { wordShingleHashes, wordShingles } from '../../shared/fingerprint/shingles.ts';
import { canonicalTokenHashes } from '../../shared/text/canonicalTokens.ts';
import { asProse, randomWords, seededRandom, vocabulary } from './textFixtures.ts';

const digest = (values: Uint32Array) => `${values.length}:${murmur3Ints(values)}`;

describe('fingerprint format', () => {
  it('gives the tokens, shingles, sketches and samples earlier versions cached', () => {
    const random = seededRandom(11);
    const text = `${asProse(random, randomWords(random, vocabulary(random, 800), 3000))} Grüße STRASSE 東京都庁 ﬁne`;
    const tokens = canonicalTokenHashes(text);
    const set = wordShingles(tokens);
    expect({
      tokens: digest(tokens),
      windows: digest(wordShingleHashes(tokens)),
      set: digest(set),
      sketch: digest(minhashSketch(set)),
      sketch100: digest(minhashSketch(set, 100)),
      sample: digest(containmentSample(set)),
    }).toEqual({
      tokens: '3006:4227750631',
      windows: '3002:3097757260',
      set: '3002:4170397852',
      sketch: '128:3369050186',
      sketch100: '100:3466010968',
      sample: '198:357751271',
    });
    // Bump it when a digest above changes.
    expect(FINGERPRINT_FORMAT).toBe(3);
  });
});
