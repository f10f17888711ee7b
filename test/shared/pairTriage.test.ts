// Candidate pairs are triaged as the index proposes them: documents carrying their sets are settled
// on them exactly (whatever their sketches estimate), and the uncertain pairs of documents without
// them are bounded per document, the best estimates kept.
import { describe, expect, it } from 'vitest';
import { similarPairs } from '../../shared/cluster/nearClusters.ts';
import type { NearNode } from '../../shared/cluster/nearClusters.ts';
import { PairTriage, triagePairs } from '../../shared/cluster/pairTriage.ts';
import { jaccard } from '../../shared/fingerprint/jaccard.ts';
import { chooseBands, LshIndex } from '../../shared/fingerprint/lsh.ts';
import { minhashSketch } from '../../shared/fingerprint/minhash.ts';

const sorted = (values: number[]) => Uint32Array.from(values).sort();
/** A template's `shared` shingles and `own` of the document's own: two such documents resemble at shared / (shared + 2·own). */
const letter = (doc: number, shared: number, own: number) => sorted([...Array.from({ length: shared }, (_, i) => i + 1), ...Array.from({ length: own }, (_, i) => 1_000_000 * (doc + 1) + i)]);
const node = (set: Uint32Array, withSet: boolean): NearNode => ({ sketch: minhashSketch(set), sample: new Uint32Array(0), shingleCount: set.length, ...(withSet ? { chunks: set } : {}) });

describe('pair triage', () => {
  it('settles the pairs of documents carrying their sets on those sets: every letter just under the threshold dropped, the one copy above kept with its exact figure', () => {
    // 30 shared, 11 own: 30 / 52 = 0.577 would pass; 26 shared, 14 own: 26 / 54 = 0.48, just under.
    const sets = Array.from({ length: 40 }, (_, doc) => letter(doc, 26, 14));
    sets.push(sorted([...sets[0]!.slice(0, 36), 900_000_000, 900_000_001, 900_000_002, 900_000_003]));
    const nodes = sets.map((set) => node(set, true));
    const { pairs } = similarPairs(nodes, 'minhash', 0.5, 0.1);
    expect(pairs).toEqual([{ a: 0, b: 40, similarity: jaccard(sets[0]!, sets[40]!), exact: true }]);
    expect(pairs[0]!.similarity).toBeGreaterThanOrEqual(0.5);
  });

  it('keeps each document’s few best uncertain pairs when the sets are not at hand, and no other', () => {
    const sets = Array.from({ length: 30 }, (_, doc) => letter(doc, 300, 170));
    const nodes = sets.map((set) => node(set, false));
    const all = Array.from({ length: 30 }, (_, a) => Array.from({ length: 30 - a - 1 }, (_, i) => ({ a, b: a + i + 1 }))).flat();
    const triaged = triagePairs(all, nodes, { threshold: 0.5, unit: 'words', perDocument: 3 });
    // No estimate of 0.47 settles 0.5 on 128 slots: every pair is uncertain, only the best few per document go on.
    expect(triaged.length).toBeGreaterThan(30 * 3 / 2 - 1);
    expect(triaged.length).toBeLessThanOrEqual(30 * 3);
    expect(triaged.every((p) => !p.exact)).toBe(true);
    const triage = new PairTriage(nodes, { threshold: 0.5, unit: 'words', perDocument: 3 });
    for (const { a, b } of all) expect(triage.keep(a, b)).toBe(false);
    const held = triage.uncertainPairs();
    // Each document's held partners are among its best estimates.
    for (let doc = 0; doc < 30; doc++) {
      const estimates = all.filter((p) => p.a === doc || p.b === doc).map((p) => triage.pair(p.a, p.b).similarity).sort((x, y) => y - x);
      const mine = held.filter((p) => p.a === doc || p.b === doc).map((p) => p.similarity);
      expect(mine.filter((e) => e >= estimates[2]!).length).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('documents in crowded buckets', () => {
  it('finds every pair above the threshold among letters whose agreeing bands were all too crowded to expand, exactly', () => {
    // 300 letters from one template (26 shared, 14 own: 0.48, just under 0.5); 100 of them sent
    // again with 11 of their own 14 replaced (0.57). A band of template slots alone holds ~80
    // letters, over the cap of 50 used here, as a thousand form letters are over the real cap.
    const sets = Array.from({ length: 300 }, (_, doc) => letter(doc, 26, 14));
    for (let doc = 0; doc < 100; doc++) sets.push(sorted([...sets[doc]!.slice(0, 29), ...Array.from({ length: 11 }, (_, i) => 700_000_000 + doc * 100 + i)]));
    const nodes = sets.map((set) => node(set, true));
    const truth: { a: number; b: number }[] = [];
    for (let a = 0; a < sets.length; a++) for (let b = a + 1; b < sets.length; b++) if (jaccard(sets[a]!, sets[b]!) >= 0.5) truth.push({ a, b });
    expect(truth).toHaveLength(100);

    // The index alone, as before: some of those pairs agree only on crowded bands, and are missed.
    const index = new LshIndex({ ...chooseBands(0.5, 128), maxBucketSize: 50 });
    nodes.forEach((n, id) => index.add(id, n.sketch));
    const candidates = index.candidatePairs();
    const proposed = new Set<string>();
    for (let i = 0; i < candidates.pairs.length; i += 2) proposed.add(`${Math.min(candidates.pairs[i]!, candidates.pairs[i + 1]!)}-${Math.max(candidates.pairs[i]!, candidates.pairs[i + 1]!)}`);
    expect(truth.filter(({ a, b }) => !proposed.has(`${a}-${b}`)).length, 'pairs the crowded buckets hid').toBeGreaterThan(0);

    const { pairs } = similarPairs(nodes, 'minhash', 0.5, 0.1, () => true, 'words', { maxBucketSize: 50 });
    expect(pairs.map(({ a, b }) => ({ a, b }))).toEqual(truth);
    expect(pairs.every((p) => p.exact && p.similarity === jaccard(sets[p.a]!, sets[p.b]!))).toBe(true);
  });
});
