// Which rule of a keep chain decides a cluster: the last one needed to set the kept file above
// every other, the path when a rival ties on every rule, nothing for a single file.
import { describe, expect, it } from 'vitest';
import { decidedCounts, decidingRule } from '../../shared/selection/decidingRule.ts';
import { parseKeepRule } from '../../shared/selection/keepRules.ts';
import type { ReportFile } from '../../shared/report.ts';

const file = (path: string, mtime = 1000, size = 100): ReportFile => ({ path, size, mtime });
const chain = (...rules: string[]) => rules.map(parseKeepRule);

describe('decidingRule', () => {
  it('the first rule decides when it sets the kept file above every other', () => {
    const files = [file('/d/Downloads/a.pdf'), file('/d/Docs/a.pdf')];
    expect(decidingRule(files, chain('not-in:/d/Downloads', 'shortest-path'))).toBe(0);
  });

  it('a later rule decides when the first leaves a tie among the best', () => {
    // not-in Downloads sets both Docs copies above the Downloads one; the shorter path decides between them.
    const files = [file('/d/Downloads/a.pdf'), file('/d/Docs/a.pdf'), file('/d/Docs/old/a.pdf')];
    expect(decidingRule(files, chain('not-in:/d/Downloads', 'shortest-path'))).toBe(1);
    // Reordered, the shortest path alone decides (the Docs copy is the shortest).
    expect(decidingRule(files, chain('shortest-path', 'not-in:/d/Downloads'))).toBe(0);
  });

  it('the path decides a tie on every rule, and one file needs nothing decided', () => {
    const tied = [file('/d/x/a.pdf'), file('/d/y/a.pdf')];
    expect(decidingRule(tied, chain('newest', 'shortest-path'))).toBe(2);
    expect(decidingRule(tied, [])).toBe(0);
    expect(decidingRule([file('/d/a.pdf')], chain('newest'))).toBeNull();
  });

  it('counts the clusters each rule decides, the path last', () => {
    const clusters = [
      [file('/d/Downloads/a.pdf'), file('/d/Docs/a.pdf')],
      [file('/d/Downloads/b.pdf'), file('/d/Docs/b.pdf'), file('/d/Docs/old/b.pdf')],
      [file('/d/x/c.pdf'), file('/d/y/c.pdf')],
      [file('/d/only.pdf')],
    ];
    expect(decidedCounts(clusters, chain('not-in:/d/Downloads', 'shortest-path'))).toEqual([1, 1, 1]);
  });
});
