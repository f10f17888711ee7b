import { describe, expect, it } from 'vitest';
import { LshIndex, candidateProbability, chooseBands } from '../../shared/fingerprint/lsh.ts';
import { minhashSketch } from '../../shared/fingerprint/minhash.ts';
import { seededRandom, setPair } from './textFixtures.ts';

function pairKeys(pairs: Uint32Array): Set<string> {
  const keys = new Set<string>();
  for (let i = 0; i < pairs.length; i += 2) keys.add(`${Math.min(pairs[i]!, pairs[i + 1]!)}-${Math.max(pairs[i]!, pairs[i + 1]!)}`);
  return keys;
}

describe('chooseBands', () => {
  it('picks the most rows that keep recall at the threshold ≥ 0.99', () => {
    expect(chooseBands(0.5, 128)).toEqual({ bands: 42, rows: 3 });
    expect(chooseBands(0.8, 128)).toEqual({ bands: 21, rows: 6 });
    expect(chooseBands(0.9, 128)).toEqual({ bands: 12, rows: 10 });
    expect(candidateProbability(0.5, { bands: 42, rows: 3 })).toBeGreaterThan(0.996);
    expect(candidateProbability(0.5, { bands: 32, rows: 4 })).toBeLessThan(0.9);
  });
});

describe('LshIndex', () => {
  it('finds pairs as the S-curve predicts, and few unrelated ones', () => {
    const random = seededRandom(21);
    const banding = chooseBands(0.5, 128);
    const index = new LshIndex(banding);
    const levels = [0.1, 0.3, 0.5, 0.7];
    const perLevel = 150;
    for (let level = 0; level < levels.length; level++) {
      for (let p = 0; p < perLevel; p++) {
        const [a, b] = setPair(random, 400, levels[level]!);
        const id = 2 * (level * perLevel + p);
        index.add(id, minhashSketch(a));
        index.add(id + 1, minhashSketch(b));
      }
    }
    const found = pairKeys(index.candidatePairs().pairs);
    for (let level = 0; level < levels.length; level++) {
      let hits = 0;
      for (let p = 0; p < perLevel; p++) {
        const id = 2 * (level * perLevel + p);
        if (found.has(`${id}-${id + 1}`)) hits++;
      }
      const expected = candidateProbability(levels[level]!, banding);
      // Four binomial standard deviations, plus a little for slot dependence.
      const tolerance = 4 * Math.sqrt((expected * (1 - expected)) / perLevel) + 0.02;
      expect(Math.abs(hits / perLevel - expected)).toBeLessThan(tolerance);
    }
    const unrelated = [...found].filter((key) => {
      const [a, b] = key.split('-').map(Number);
      return Math.floor(a! / 2) !== Math.floor(b! / 2);
    });
    // 1200 documents, ~720k unrelated pairs of resemblance ≈ 0: almost none collide on a band.
    expect(unrelated.length).toBeLessThan(20);
  });

  it('reports each pair once, under the callers ids', () => {
    const sketch = minhashSketch(Uint32Array.of(1, 2, 3, 4, 5));
    const index = new LshIndex({ bands: 42, rows: 3 });
    index.add(700, sketch);
    index.add(9, sketch);
    index.add(31, minhashSketch(Uint32Array.of(6, 7, 8)));
    const { pairs, skippedBuckets } = index.candidatePairs();
    expect(pairKeys(pairs)).toEqual(new Set(['9-700']));
    expect(pairs.length).toBe(2);
    expect(skippedBuckets).toBe(0);
  });

  it('skips buckets above the cap and says so', () => {
    const sketch = minhashSketch(Uint32Array.of(10, 20, 30));
    const index = new LshIndex({ bands: 16, rows: 8, maxBucketSize: 10 });
    for (let id = 0; id < 30; id++) index.add(id, sketch);
    index.add(30, minhashSketch(Uint32Array.of(40, 50)));
    index.add(31, minhashSketch(Uint32Array.of(40, 50)));
    const result = index.candidatePairs();
    expect(pairKeys(result.pairs)).toEqual(new Set(['30-31']));
    expect(result.skippedBuckets).toBe(16);
    expect(result.skippedEntries).toBe(30 * 16);
  });

  it('leaves out empty documents and rejects sketches too small for the banding', () => {
    const index = new LshIndex({ bands: 42, rows: 3 });
    expect(index.add(1, minhashSketch(new Uint32Array(0)))).toBe(false);
    expect(index.size).toBe(0);
    expect(() => index.add(2, new Uint32Array(64))).toThrow(RangeError);
  });
});
