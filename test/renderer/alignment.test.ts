import { describe, expect, it } from 'vitest';
import { mapOffset, runPairs } from '../../renderer/diff/alignment.ts';
import { diffDocuments } from '../../renderer/diff/wordDiff.ts';

describe('mapOffset', () => {
  const intro = 'Intro words come first here. ';
  const inserted = 'An inserted section that only the other copy has, quite long indeed. '.repeat(5);
  const shared = 'The shared sentence after the insertion.';
  const base = intro + shared;
  const other = intro + inserted + shared;
  const runs = runPairs(diffDocuments(base, other)!);

  it('maps a passage after an insertion to the same words in the other text', () => {
    const at = base.indexOf('shared sentence');
    expect(other.slice(mapOffset(runs, at, 'base')).startsWith('shared sentence')).toBe(true);
    const back = mapOffset(runs, other.indexOf('shared sentence'), 'other');
    expect(base.slice(back).startsWith('shared sentence')).toBe(true);
  });

  it('maps offsets inside a change proportionally and clamps past the end', () => {
    const inside = mapOffset(runs, intro.length + inserted.length / 2, 'other');
    expect(inside).toBeGreaterThanOrEqual(intro.length - 1);
    expect(inside).toBeLessThanOrEqual(intro.length + 1);
    expect(mapOffset(runs, other.length + 50, 'other')).toBe(base.length);
    expect(mapOffset(runs, 0, 'base')).toBe(0);
  });

  it('maps nothing to 0 when there are no runs', () => {
    expect(mapOffset([], 12, 'base')).toBe(0);
  });
});
