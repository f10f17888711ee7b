import { describe, expect, it } from 'vitest';
import { containmentCandidates, groupContained, starClusters } from '../../shared/cluster/nearClusters.ts';
import { clearlySmaller, judgeEstimate } from '../../shared/cluster/claimRules.ts';
import { containmentSample } from '../../shared/fingerprint/containment.ts';
import type { NearNode } from '../../shared/cluster/nearClusters.ts';

const pair = (a: number, b: number, similarity = 0.8) => ({ a, b, similarity });

describe('starClusters', () => {
  it('never chains: in A~B~C~D, D joins the star of B only as the match of C, never of B', () => {
    const stars = starClusters(4, [pair(0, 1), pair(1, 2), pair(2, 3, 0.7)]);
    expect(stars).toEqual([
      {
        center: 1,
        members: [
          { node: 0, similarity: 0.8, match: 1 },
          { node: 2, similarity: 0.8, match: 1 },
          { node: 3, similarity: 0.7, match: 2 },
        ],
      },
    ]);
  });

  it('leaves no document with a partner out: a late-comer joins its best partner, named as its match', () => {
    // 0 is a center with 1, 2, 3; 4 matches 1 and 2 (best 2), 5 matches 3 only: all their partners are taken.
    const stars = starClusters(7, [pair(0, 1, 0.9), pair(0, 2, 0.9), pair(0, 3, 0.9), pair(4, 1, 0.6), pair(4, 2, 0.75), pair(5, 3, 0.55)]);
    expect(stars).toHaveLength(1);
    const members = stars[0]!.members;
    expect(members.find((m) => m.node === 4)).toEqual({ node: 4, similarity: 0.75, match: 2 });
    expect(members.find((m) => m.node === 5)).toEqual({ node: 5, similarity: 0.55, match: 3 });
    // Node 6 has no partner and stays out.
    expect(members.map((m) => m.node).sort()).toEqual([1, 2, 3, 4, 5]);
    // Every member's match is the center or a member, with a pair behind it.
    for (const m of members) expect(m.match === 0 || members.some((o) => o.node === m.match)).toBe(true);
  });

  it('moves a member to the cluster holding more of its partners, matched to one of them', () => {
    // 0 is the center of 1..4; 5 is the center of 6, 7. Node 4 resembles 0, and 5, 6 and 7.
    const pairs = [pair(0, 1), pair(0, 2), pair(0, 3), pair(0, 4, 0.9), pair(1, 2), pair(1, 3), pair(2, 3), pair(5, 6), pair(5, 7), pair(6, 7), pair(4, 5, 0.6), pair(4, 6, 0.7), pair(4, 7, 0.6)];
    const stars = starClusters(8, pairs);
    const withFour = stars.find((s) => s.members.some((m) => m.node === 4))!;
    expect(withFour.center === 5 || withFour.members.some((m) => m.node === 5)).toBe(true);
    expect(withFour.members.find((m) => m.node === 4)).toEqual({ node: 4, similarity: 0.7, match: 6 });
    // Nobody is left out, and every match is in the member's own cluster.
    expect(stars.flatMap((s) => [s.center, ...s.members.map((m) => m.node)]).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const s of stars) for (const m of s.members) expect(m.match === s.center || s.members.some((o) => o.node === m.match)).toBe(true);
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

describe('containmentCandidates', () => {
  const setOf = (from: number, to: number) => Uint32Array.from({ length: to - from }, (_, i) => (from + i) * 16).sort();
  const nodeOf = (set: Uint32Array): NearNode => ({ sketch: new Uint32Array(0), sample: containmentSample(set), shingleCount: set.length });

  it('calls a document contained only in one clearly larger: never in one of about its size', () => {
    // 0: 1,000 shingles; 1: the same plus 100 (1.1×); 2: the same plus 500 (1.5×).
    const nodes = [setOf(0, 1000), setOf(0, 1100), setOf(0, 1500)].map(nodeOf);
    const pairs = containmentCandidates(nodes, 0.9, () => true).map((c) => `${c.contained}<${c.container}`);
    expect(pairs.sort()).toEqual(['0<2', '1<2']);
    expect(clearlySmaller(1000, 1100)).toBe(false);
    expect(clearlySmaller(800, 1000)).toBe(true);
  });
});

describe('judgeEstimate', () => {
  it('takes an estimate as it is only when it clears the threshold by five worst-case standard errors', () => {
    expect(judgeEstimate(0.95, 0.5, 128)).toBe('above');
    expect(judgeEstimate(0.6, 0.5, 128)).toBe('uncertain');
    expect(judgeEstimate(0.45, 0.5, 128)).toBe('uncertain');
    expect(judgeEstimate(0.1, 0.5, 128)).toBe('below');
    // Few shingles, few independent slots: even a full match is checked.
    expect(judgeEstimate(1, 0.5, 16)).toBe('uncertain');
  });
});
