import { describe, expect, it } from 'vitest';
import { jaccard } from '../../shared/fingerprint/jaccard.ts';
import { setsAtLeast } from '../../shared/fingerprint/setJoin.ts';

/** A seeded generator (mulberry32), so a failure is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sortedSet = (values: Iterable<number>) => Uint32Array.from(new Set(values)).sort();

/** Every pair at or above the threshold, by comparing all pairs. */
function allPairs(sets: readonly Uint32Array[], threshold: number): [number, number][] {
  const out: [number, number][] = [];
  for (let a = 0; a < sets.length; a++) for (let b = a + 1; b < sets.length; b++) if (jaccard(sets[a]!, sets[b]!) >= threshold) out.push([a, b]);
  return out;
}

const sorted = (pairs: [number, number][]) => [...pairs].sort((p, q) => p[0] - q[0] || p[1] - q[1]);

/**
 * Form letters: one template's tokens and each letter's own; some letters copy another's own
 * tokens in part (a resent letter with a few words changed), and those pairs alone pass.
 */
function formLetters(count: number, template: number, own: number, seed: number): Uint32Array[] {
  const next = random(seed);
  const templateTokens = Array.from({ length: template }, (_, i) => i);
  const owns: number[][] = [];
  for (let letter = 0; letter < count; letter++) {
    const source = letter > 0 && next() < 0.1 ? owns[Math.floor(next() * letter)]! : undefined;
    owns.push(Array.from({ length: own }, (_, i) => (source && next() < 0.85 ? source[i]! : 1_000_000 + Math.floor(next() * 2 ** 30))));
  }
  return owns.map((tokens) => sortedSet([...templateTokens, ...tokens]));
}

describe('setsAtLeast', () => {
  it('finds exactly the pairs a comparison of all pairs finds, on random sets of every overlap', () => {
    const next = random(7);
    for (const threshold of [0.3, 0.5, 0.8, 1]) {
      const base = Array.from({ length: 40 }, (_, i) => Array.from({ length: 5 + Math.floor(next() * 60) }, () => i * 1000 + Math.floor(next() * 200)));
      // Variants of the bases: a share of their tokens kept, the rest new; and a few empty sets.
      const sets = base.flatMap((tokens) => [sortedSet(tokens), sortedSet(tokens.map((t) => (next() < 0.3 ? 500_000 + Math.floor(next() * 1e6) : t))), sortedSet(tokens.filter(() => next() < 0.8))]);
      // Byte-for-byte the same sets too (every threshold, 1 included, has pairs to find), and empty ones.
      sets.push(sets[0]!.slice(), sets[4]!.slice(), new Uint32Array(0), new Uint32Array(0));
      const expected = allPairs(sets, threshold);
      expect(expected.length, 'the sets hold pairs to find').toBeGreaterThanOrEqual(2);
      expect(sorted(setsAtLeast(sets, threshold))).toEqual(expected);
    }
  });

  it('finds the resent letters among 1,000 form letters just under the threshold, and nothing else', () => {
    // 45 template tokens and 55 of each letter's own: two letters share 45 of 155, 0.29; a
    // resent letter shares most of its source's own tokens as well.
    const letters = formLetters(1000, 45, 55, 11);
    const expected = allPairs(letters, 0.5);
    expect(expected.length).toBeGreaterThan(50);
    expect(sorted(setsAtLeast(letters, 0.5))).toEqual(expected);
  });

  it('refuses a threshold it cannot join on', () => {
    expect(() => setsAtLeast([], 0)).toThrow(RangeError);
    expect(() => setsAtLeast([], 1.5)).toThrow(RangeError);
  });
});
