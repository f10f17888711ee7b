import { describe, expect, it } from 'vitest';
import { UnionFind } from '../../shared/cluster/unionFind.ts';
import { seededRandom } from './textFixtures.ts';

describe('UnionFind', () => {
  it('joins sets and lists the groups', () => {
    const sets = new UnionFind(8);
    expect(sets.union(0, 3)).toBe(true);
    expect(sets.union(3, 5)).toBe(true);
    expect(sets.union(5, 0)).toBe(false);
    expect(sets.union(6, 7)).toBe(true);
    expect(sets.find(5)).toBe(sets.find(0));
    expect(sets.find(1)).not.toBe(sets.find(0));
    expect(sets.setSize(3)).toBe(3);
    expect(sets.groups()).toEqual([[0, 3, 5], [6, 7]]);
    expect(sets.groups(1)).toHaveLength(5);
  });

  it('agrees with a naive labelling on random unions, and keeps trees shallow', () => {
    const random = seededRandom(31);
    const n = 2000;
    const sets = new UnionFind(n);
    const label = Array.from({ length: n }, (_, i) => i);
    for (let u = 0; u < 1500; u++) {
      const a = Math.floor(random() * n);
      const b = Math.floor(random() * n);
      sets.union(a, b);
      const [from, to] = [label[b]!, label[a]!];
      for (let i = 0; i < n; i++) if (label[i] === from) label[i] = to;
    }
    for (let t = 0; t < 3000; t++) {
      const a = Math.floor(random() * n);
      const b = Math.floor(random() * n);
      expect(sets.find(a) === sets.find(b)).toBe(label[a] === label[b]);
    }
    const sizes = sets.groups(1).map((g) => g.length);
    expect(sizes.reduce((x, y) => x + y, 0)).toBe(n);
  });
});
