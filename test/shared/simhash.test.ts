import { describe, expect, it } from 'vitest';
import { wordShingles } from '../../shared/fingerprint/shingles.ts';
import { type Simhash, SimhashIndex, expectedHammingDistance, hammingDistance, hammingThreshold, simhash64 } from '../../shared/fingerprint/simhash.ts';
import { canonicalTokenHashes } from '../../shared/text/canonicalTokens.ts';
import { asProse, editWords, randomWords, seededRandom, setPair, vocabulary } from './textFixtures.ts';

const fingerprint = (text: string) => simhash64(wordShingles(canonicalTokenHashes(text)));

describe('simhash64', () => {
  it('puts a lightly edited copy a few bits away and an unrelated text about 32 bits away', () => {
    const random = seededRandom(41);
    const vocab = vocabulary(random);
    const words = randomWords(random, vocab, 3000);
    const original = fingerprint(asProse(random, words));
    const edited = fingerprint(asProse(random, editWords(random, words, vocab, 0.01)));
    const unrelated = fingerprint(asProse(random, randomWords(random, vocab, 3000)));
    expect(hammingDistance(original, edited)).toBeLessThan(10);
    expect(hammingDistance(original, unrelated)).toBeGreaterThan(20);
    expect(hammingDistance(original, original)).toBe(0);
  });

  it('weights features', () => {
    const features = Uint32Array.of(1, 2, 3);
    expect(simhash64(features, [1, 1, 1])).toEqual(simhash64(features));
    expect(simhash64(features, [100, 0, 0])).toEqual(simhash64(Uint32Array.of(1)));
  });

  it('matches the calibration: mean distance at resemblance J ≈ 64·arccos(2J/(1+J))/π', () => {
    const random = seededRandom(42);
    for (const resemblance of [0.5, 0.8, 0.95]) {
      let total = 0;
      const trials = 150;
      for (let t = 0; t < trials; t++) {
        const [a, b] = setPair(random, 2000, resemblance);
        total += hammingDistance(simhash64(a), simhash64(b));
      }
      expect(Math.abs(total / trials - expectedHammingDistance(resemblance))).toBeLessThan(1);
    }
    expect([0.5, 0.8, 0.9, 0.95].map(hammingThreshold)).toEqual([18, 10, 7, 5]);
  });
});

function flipBits(random: () => number, base: Simhash, count: number): Simhash {
  let { hi, lo } = base;
  const bits = new Set<number>();
  while (bits.size < count) bits.add(Math.floor(random() * 64));
  for (const bit of bits) {
    if (bit < 32) lo ^= 1 << bit;
    else hi ^= 1 << (bit - 32);
  }
  return { hi: hi >>> 0, lo: lo >>> 0 };
}

describe('SimhashIndex', () => {
  for (const maxDistance of [0, 3, 7]) {
    it(`finds exactly the pairs within ${maxDistance} bits`, () => {
      const random = seededRandom(43 + maxDistance);
      const hashes: Simhash[] = [];
      for (let group = 0; group < 150; group++) {
        const base = { hi: Math.floor(random() * 4294967296), lo: Math.floor(random() * 4294967296) };
        hashes.push(base);
        for (let copy = 0; copy < 3; copy++) hashes.push(flipBits(random, base, Math.floor(random() * (maxDistance + 4))));
      }
      const index = new SimhashIndex(maxDistance);
      hashes.forEach((hash, id) => index.add(id, hash));
      const { pairs, skippedBuckets } = index.candidatePairs();
      expect(skippedBuckets).toBe(0);
      const found = new Set<string>();
      for (let i = 0; i < pairs.length; i += 2) found.add(`${Math.min(pairs[i]!, pairs[i + 1]!)}-${Math.max(pairs[i]!, pairs[i + 1]!)}`);
      const expected = new Set<string>();
      // The oracle compares all pairs; the index must not need to.
      for (let a = 0; a < hashes.length; a++) {
        for (let b = a + 1; b < hashes.length; b++) if (hammingDistance(hashes[a]!, hashes[b]!) <= maxDistance) expected.add(`${a}-${b}`);
      }
      expect(expected.size).toBeGreaterThan(100);
      expect(found).toEqual(expected);
      expect(pairs.length / 2).toBe(found.size);
    });
  }

  it('uses a bounded number of tables', () => {
    expect(new SimhashIndex(0).tables).toBe(1);
    expect(new SimhashIndex(3).tables).toBe(10);
    expect(new SimhashIndex(7).tables).toBe(36);
    expect(new SimhashIndex(10).tables).toBeLessThanOrEqual(64);
  });
});
