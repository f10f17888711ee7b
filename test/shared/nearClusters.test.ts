import { describe, expect, it } from 'vitest';
import { groupContained, starClusters } from '../../shared/cluster/nearClusters.ts';
import type { NearNode } from '../../shared/cluster/nearClusters.ts';

const pair = (a: number, b: number, similarity = 0.8) => ({ a, b, similarity });

describe('starClusters', () => {
  it('never chains: in A~B~C~D, D stays out of the star around B', () => {
    const stars = starClusters(4, [pair(0, 1), pair(1, 2), pair(2, 3)]);
    expect(stars).toEqual([{ center: 1, members: [{ node: 0, similarity: 0.8 }, { node: 2, similarity: 0.8 }] }]);
  });

  it('prefers the most connected node, then the most similar, then the lowest index', () => {
    expect(starClusters(3, [pair(0, 1, 0.6), pair(0, 2, 0.9), pair(1, 2, 0.6)])[0]!.center).toBe(0);
    expect(starClusters(3, [pair(2, 1, 0.9), pair(2, 0, 0.7)])[0]!.center).toBe(2);
    expect(starClusters(2, [pair(0, 1)])[0]!.center).toBe(0);
  });

  it('orders members by similarity to the center', () => {
    const [star] = starClusters(3, [pair(0, 1, 0.6), pair(0, 2, 0.9)]);
    expect(star!.members.map((m) => m.node)).toEqual([2, 1]);
  });
});

describe('groupContained', () => {
  const node = (shingleCount: number): NearNode => ({ sketch: new Uint32Array(0), sample: new Uint32Array(0), shingleCount });

  it('puts each contained document with its best container, the larger on ties', () => {
    const nodes = [node(100), node(1000), node(2000), node(50)];
    const groups = groupContained(nodes, [
      { contained: 0, container: 1, containment: 0.95, samples: 10 },
      { contained: 0, container: 2, containment: 0.95, samples: 10 },
      { contained: 3, container: 1, containment: 1, samples: 4 },
      { contained: 3, container: 2, containment: 0.92, samples: 4 },
    ]);
    expect(groups).toEqual(
      expect.arrayContaining([
        { container: 2, contained: [{ node: 0, containment: 0.95 }] },
        { container: 1, contained: [{ node: 3, containment: 1 }] },
      ]),
    );
    expect(groups).toHaveLength(2);
  });
});
