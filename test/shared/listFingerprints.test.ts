import { describe, expect, it } from 'vitest';
import {
  ListIndex,
  changedFractionForResemblance,
  chooseListParameters,
  listFingerprints,
  listLevel,
  listMatchProbability,
} from '../../shared/fingerprint/listFingerprints.ts';
import { sortedSet } from '../../shared/fingerprint/radixSort.ts';
import { wordShingles } from '../../shared/fingerprint/shingles.ts';
import { canonicalTokenHashes } from '../../shared/text/canonicalTokens.ts';
import { asProse, editWords, randomWords, seededRandom, vocabulary } from './textFixtures.ts';

const parts = (text: string) => wordShingles(canonicalTokenHashes(text));

function pairSet(pairs: Uint32Array): Set<string> {
  const keys = new Set<string>();
  for (let i = 0; i < pairs.length; i += 2) keys.add(`${Math.min(pairs[i]!, pairs[i + 1]!)}-${Math.max(pairs[i]!, pairs[i + 1]!)}`);
  return keys;
}

describe('chooseListParameters', () => {
  it('meets the target probability exactly at the given number of changed parts', () => {
    for (const changedParts of [1, 4, 20, 500]) {
      const parameters = chooseListParameters({ changedParts, targetProbability: 0.95, maxLists: 16 });
      expect(parameters.lists).toBe(16);
      expect(listMatchProbability(changedParts, parameters)).toBeCloseTo(0.95, 6);
      expect(listMatchProbability(changedParts / 2, parameters)).toBeGreaterThan(0.99);
      expect(listMatchProbability(changedParts * 4, parameters)).toBeLessThan(0.5);
    }
  });

  it('draws larger, more selective lists when more lists are allowed', () => {
    const few = chooseListParameters({ changedParts: 10, maxLists: 4 }).probability;
    const many = chooseListParameters({ changedParts: 10, maxLists: 32 }).probability;
    expect(many).toBeGreaterThan(few);
  });

  it('maps resemblance to the share of differing parts', () => {
    expect(changedFractionForResemblance(1)).toBe(0);
    expect(changedFractionForResemblance(0.5)).toBeCloseTo(2 / 3);
    expect(changedFractionForResemblance(0.8)).toBeCloseTo(2 / 9);
  });
});

describe('listFingerprints', () => {
  it('scales p with the document so lists hold a few parts at any length', () => {
    const options = { changedFraction: 0.2 };
    expect(listLevel(100, options)).toBeLessThan(listLevel(10_000, options));
    // Ten times the parts, about ten times smaller p: 2^-3.3.
    expect(listLevel(10_000, options) - listLevel(1000, options)).toBeGreaterThanOrEqual(3);
    expect(listLevel(10_000, options) - listLevel(1000, options)).toBeLessThanOrEqual(4);
  });

  it('finds sets with the targeted share of differing parts at least 95% of the time', () => {
    const random = seededRandom(51);
    const rand32 = () => Math.floor(random() * 4294967296);
    const changedFraction = 0.2;
    let matched = 0;
    const trials = 200;
    for (let t = 0; t < trials; t++) {
      const n = 200 + Math.floor(random() * 2000);
      const a = Array.from({ length: n }, rand32);
      const b = [...a];
      // Replacing a tenth of the parts makes a fifth of them differ (|A Δ B| = 0.2·n).
      for (let i = 0; i < n / 10; i++) b[Math.floor(random() * n)] = rand32();
      const fa = listFingerprints(sortedSet(Uint32Array.from(a)), { changedFraction });
      const fb = new Set(listFingerprints(sortedSet(Uint32Array.from(b)), { changedFraction }));
      if (fa.some((key) => fb.has(key))) matched++;
    }
    expect(matched / trials).toBeGreaterThanOrEqual(0.95);
  });

  it('finds a 2%-edited copy, a lengthened copy, and not unrelated documents', () => {
    const random = seededRandom(52);
    const vocab = vocabulary(random);
    const index = new ListIndex();
    const originals: string[][] = [];
    for (let doc = 0; doc < 20; doc++) originals.push(randomWords(random, vocab, 500 + Math.floor(random() * 3000)));
    originals.forEach((words, doc) => index.add(doc, listFingerprints(parts(asProse(random, words)))));
    const edited = editWords(random, originals[0]!, vocab, 0.02);
    index.add(100, listFingerprints(parts(asProse(random, edited))));
    const lengthened = [...originals[1]!, ...randomWords(random, vocab, originals[1]!.length / 4)];
    index.add(101, listFingerprints(parts(asProse(random, lengthened))));
    const { pairs, skippedBuckets } = index.candidatePairs();
    expect(pairSet(pairs)).toEqual(new Set(['0-100', '1-101']));
    expect(skippedBuckets).toBe(0);
  });

  it('has no fingerprints for no parts, and at most two levels of lists', () => {
    expect(listFingerprints(new Uint32Array(0)).length).toBe(0);
    const keys = listFingerprints(Uint32Array.from({ length: 300 }, (_, i) => i * 7919));
    expect(keys.length).toBeGreaterThan(16);
    expect(keys.length).toBeLessThanOrEqual(32);
    expect(() => listFingerprints(Uint32Array.of(1), { lists: 65 })).toThrow(RangeError);
  });
});

describe('ListIndex', () => {
  it('drops fingerprints no other document shares, then refuses new documents', () => {
    const index = new ListIndex();
    const shared = Uint32Array.of(7, 8);
    index.add(1, Uint32Array.of(7, 8, 100, 101));
    index.add(2, Uint32Array.of(7, 8, 200));
    index.add(3, Uint32Array.of(8, 300));
    index.add(4, Uint32Array.of(400, 401));
    const result = index.candidatePairs();
    expect(pairSet(result.pairs)).toEqual(new Set(['1-2', '1-3', '2-3']));
    expect(index.sharedFingerprints).toBe(2 + 3);
    expect(index.candidatePairs()).toBe(result);
    expect(() => index.add(5, shared)).toThrow(/sealed/);
  });
});
