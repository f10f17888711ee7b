import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../../renderer/diff/wordDiff.ts';
import type { WordDiff } from '../../renderer/diff/wordDiff.ts';
import { planComparison, stepDifference, wordsKey } from '../../renderer/review/comparisonPlan.ts';

const base = 'one two three four five six seven eight';
const texts = [base, 'one two three four five six seven eight', 'one TWO three four five SIX seven eight', 'one  two\nthree four five six seven eight', 'one TWO three four five SIX seven eight', 'one two three FOUR five six seven eight'];

function plan(baseIndex = 0) {
  const diffs: Record<number, WordDiff | null> = {};
  const keys: Record<number, string> = {};
  texts.forEach((text, i) => {
    keys[i] = wordsKey(text);
    if (i !== baseIndex) diffs[i] = diffDocuments(texts[baseIndex]!, text);
  });
  return { plan: planComparison(texts.length, baseIndex, diffs, keys), diffs };
}

describe('planComparison', () => {
  it('opens on the member with the most differences and labels twins', () => {
    const { plan: p } = plan();
    expect(p.mostDifferent).toBe(2);
    // 1 and 3 have the base's words (3 differs only in spacing); 4 has 2's words.
    expect(p.sameAs).toEqual({ 1: 0, 3: 0, 4: 2 });
    expect(p.walk).toEqual([2, 5]);
  });

  it('follows the base the person picks', () => {
    const { plan: p } = plan(2);
    expect(p.sameAs[4]).toBe(2);
    expect(p.sameAs[3]).toBe(0);
    expect(p.walk).toEqual([0, 5]);
    expect(p.mostDifferent).toBe(5);
  });

  it('never calls a scan the same text as another member, nor another member the same text as a scan', () => {
    const diffs: Record<number, WordDiff | null> = {};
    const keys: Record<number, string> = {};
    texts.forEach((text, i) => {
      keys[i] = wordsKey(text);
      if (i !== 1) diffs[i] = diffDocuments(texts[1]!, text);
    });
    // Member 1 (the base here) and member 4 are scans: 0 and 3 have 1's words, 4 has 2's.
    const p = planComparison(texts.length, 1, diffs, keys, new Set([1, 4]));
    expect(p.sameAs).toEqual({ 3: 0 });
    expect(p.walk).toEqual([2, 4, 5]);
  });

  it('waits for loading members and counts members too different to diff last', () => {
    const p = planComparison(3, 0, { 1: null }, { 0: 'a', 1: 'b' });
    expect(p.mostDifferent).toBe(1);
    expect(p.walk).toEqual([]);
  });
});

describe('stepDifference', () => {
  const changes: Record<number, number> = { 2: 2, 5: 1 };
  const changesOf = (column: number) => changes[column] ?? 0;

  it('walks every column, wrapping at both ends', () => {
    let cursor = stepDifference([2, 5], changesOf, null, 1, 2);
    const seen = [];
    for (let i = 0; i < 4; i++) {
      seen.push(cursor);
      cursor = stepDifference([2, 5], changesOf, cursor, 1, 2);
    }
    expect(seen).toEqual([
      { column: 2, change: 0 },
      { column: 2, change: 1 },
      { column: 5, change: 0 },
      { column: 2, change: 0 },
    ]);
    expect(stepDifference([2, 5], changesOf, { column: 2, change: 0 }, -1, 2)).toEqual({ column: 5, change: 0 });
    expect(stepDifference([2, 5], changesOf, null, -1, 5)).toEqual({ column: 5, change: 0 });
  });

  it('has nowhere to go without differences', () => {
    expect(stepDifference([], changesOf, null, 1, 0)).toBeNull();
  });
});
