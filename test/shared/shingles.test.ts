import { describe, expect, it } from 'vitest';
import { containment, intersectionSize, jaccard } from '../../shared/fingerprint/jaccard.ts';
import { chunkSet, shingleSize, wordShingleHashes, wordShingles } from '../../shared/fingerprint/shingles.ts';
import { canonicalTokenHashes } from '../../shared/text/canonicalTokens.ts';

const tokens = (text: string) => canonicalTokenHashes(text);

describe('shingles', () => {
  it('uses k = min(5, max(1, floor(n / 4)))', () => {
    expect([0, 3, 4, 8, 12, 16, 19, 20, 1000].map(shingleSize)).toEqual([1, 1, 1, 2, 3, 4, 4, 5, 5]);
  });

  it('hashes every k-token window in order, repeats included', () => {
    const hashes = wordShingleHashes(tokens('a b c a b c a'), 3);
    expect(hashes.length).toBe(5);
    expect(hashes[0]).toBe(hashes[3]);
    expect(hashes[0]).not.toBe(hashes[1]);
    expect(wordShingles(tokens('a b c a b c a'), 3).length).toBe(3);
  });

  it('hashes each window as a document of just those tokens is hashed, for every k', () => {
    const text = 'the quick brown fox jumps over the lazy dog and then the quick brown fox sleeps';
    const all = tokens(text);
    for (let k = 1; k <= 5; k++) {
      const windows = wordShingleHashes(all, k);
      expect(windows.length).toBe(all.length - k + 1);
      // A document shorter than the window size is hashed whole, by the same function and seed.
      for (let i = 0; i < windows.length; i++) expect(windows[i]).toBe(wordShingleHashes(all.subarray(i, i + k), k + 1)[0]);
    }
  });

  it('depends on word order within a window, not on formatting', () => {
    expect(wordShingles(tokens('one two three four five six'))).toEqual(wordShingles(tokens('One, two; THREE\nfour — five. Six!')));
    expect(wordShingles(tokens('one two three'), 3)).not.toEqual(wordShingles(tokens('three two one'), 3));
  });

  it('gives a short document one shingle of all its tokens, and an empty one none', () => {
    expect(wordShingleHashes(tokens('just two'), 5).length).toBe(1);
    expect(wordShingleHashes(tokens(''), 5).length).toBe(0);
  });

  it('keeps resemblance near 0.5 after one substituted word, even for short documents', () => {
    for (const n of [8, 12, 16, 20, 40]) {
      const words = Array.from({ length: n }, (_, i) => `w${i}`);
      const edited = [...words];
      edited[Math.floor(n / 2)] = 'changed';
      const resemblance = jaccard(wordShingles(tokens(words.join(' '))), wordShingles(tokens(edited.join(' '))));
      expect(resemblance).toBeGreaterThan(0.4);
    }
  });

  it('chunks by sentence and by paragraph', () => {
    const a = 'First sentence here. Second one!\n\nA new paragraph.';
    const b = 'first sentence HERE. Second one, changed!\n\nA new paragraph.';
    const sentencesA = chunkSet(a, 'sentences');
    expect(sentencesA.length).toBe(3);
    expect(intersectionSize(sentencesA, chunkSet(b, 'sentences'))).toBe(2);
    expect(chunkSet(a, 'paragraphs').length).toBe(2);
    expect(intersectionSize(chunkSet(a, 'paragraphs'), chunkSet(b, 'paragraphs'))).toBe(1);
    expect(chunkSet(a, 'words')).toEqual(wordShingles(tokens(a)));
  });
});

describe('jaccard', () => {
  it('computes exact resemblance and containment by a merge walk', () => {
    const a = Uint32Array.of(1, 2, 3, 4);
    const b = Uint32Array.of(3, 4, 5, 6, 7, 8);
    expect(intersectionSize(a, b)).toBe(2);
    expect(jaccard(a, b)).toBeCloseTo(2 / 8);
    expect(containment(a, b)).toBeCloseTo(0.5);
    expect(containment(b, a)).toBeCloseTo(2 / 6);
    expect(jaccard(a, a)).toBe(1);
    expect(jaccard(a, new Uint32Array(0))).toBe(0);
    expect(containment(new Uint32Array(0), a)).toBe(0);
  });
});
