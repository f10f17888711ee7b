// The kept LSH buckets against a fresh index: after every step of a seeded run of text nodes
// coming and going, the candidates equal those an LshIndex built from scratch gives, with buckets
// crossing the size limit both ways, tiny documents and empty sketches left out; and documents of
// crowded buckets carrying their sets give, once triaged, the scan's own pairs.
import { describe, expect, it } from 'vitest';
import { CANDIDATE_MARGIN, MIN_DOCUMENT_WORDS } from '../../../../shared/cluster/claimRules.ts';
import { chooseBands, LshIndex } from '../../../../shared/fingerprint/lsh.ts';
import { similarPairs } from '../../../../shared/cluster/nearClusters.ts';
import { triagePairs } from '../../../../shared/cluster/pairTriage.ts';
import { EMPTY_SLOT, estimateResemblance, minhashSketch } from '../../../../shared/fingerprint/minhash.ts';
import type { FingerprintedNode } from '../../../../electron/node/near/findNearDuplicates.ts';
import { createNearCandidates } from '../../../../electron/node/watch/nearCandidates.ts';
import { seededRandom } from '../../../shared/textFixtures.ts';

const THRESHOLD = 0.5;
const SKETCH = 128;
// Small, so that families of near-copies overflow buckets and fall back under the limit.
const MAX_BUCKET = 4;

function truth(nodes: readonly FingerprintedNode[]) {
  const index = new LshIndex({ ...chooseBands(THRESHOLD, SKETCH), maxBucketSize: MAX_BUCKET });
  nodes.forEach((node, n) => node.words >= MIN_DOCUMENT_WORDS && index.add(n, node.sketch));
  const { pairs } = index.candidatePairs();
  const out: { a: number; b: number; similarity: number }[] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const similarity = estimateResemblance(nodes[pairs[i]!]!.sketch, nodes[pairs[i + 1]!]!.sketch);
    if (similarity >= THRESHOLD - CANDIDATE_MARGIN) out.push({ a: pairs[i]!, b: pairs[i + 1]!, similarity });
  }
  return out;
}

describe('kept LSH candidates', () => {
  it('equal a fresh index after every node added or removed', () => {
    const random = seededRandom(0xb0c7);
    const int = (n: number) => Math.floor(random() * n);
    const bases = Array.from({ length: 5 }, () => Uint32Array.from({ length: SKETCH }, () => int(0xfffffff0)));
    const pool: FingerprintedNode[] = Array.from({ length: 60 }, (_, i) => {
      const sketch = bases[i % bases.length]!.slice();
      for (let k = int(70); k > 0; k--) sketch[int(SKETCH)] = int(0xfffffff0);
      if (i % 17 === 16) sketch.fill(EMPTY_SLOT);
      const words = i % 13 === 12 ? MIN_DOCUMENT_WORDS - 1 : 100 + i;
      return { textHash: `text-${i.toString().padStart(2, '0')}`, words, sketch, sample: new Uint32Array(0), shingleCount: words, units: [] };
    });
    const candidates = createNearCandidates(THRESHOLD, MAX_BUCKET);
    const present = new Set<FingerprintedNode>();
    let pairsSeen = 0;
    for (let step = 0; step < 200; step++) {
      const node = pool[int(pool.length)]!;
      if (present.has(node)) present.delete(node);
      else present.add(node);
      // Sorted as clusterNodes takes them; any fixed order will do.
      const nodes = [...present].sort((x, y) => (x.textHash < y.textHash ? -1 : 1));
      const expected = truth(nodes);
      expect(candidates.pairs(nodes), `step ${step}`).toEqual(expected);
      pairsSeen += expected.length;
    }
    expect(pairsSeen).toBeGreaterThan(100);
  });
});

describe('kept candidates of documents in crowded buckets', () => {
  const sorted = (values: number[]) => Uint32Array.from(values).sort();
  // Letters from one template (26 shared chunks, 14 own: 0.48, just under 0.5), and some sent
  // again with 11 of their own 14 replaced (0.57): a band of template slots alone holds more
  // letters than the cap of 50 used here, so the copies agree with their letters on crowded bands.
  const letter = (doc: number) => sorted([...Array.from({ length: 26 }, (_, i) => i + 1), ...Array.from({ length: 14 }, (_, i) => 1_000_000 * (doc + 1) + i)]);
  const node = (name: string, set: Uint32Array): FingerprintedNode => ({ textHash: name, words: 100, sketch: minhashSketch(set), sample: new Uint32Array(0), shingleCount: set.length, chunks: set, units: [] });
  const letters = Array.from({ length: 300 }, (_, doc) => node(`letter-${String(doc).padStart(3, '0')}`, letter(doc)));
  const copies = Array.from({ length: 60 }, (_, doc) => node(`letter-${String(doc).padStart(3, '0')}-again`, sorted([...letter(doc).slice(0, 29), ...Array.from({ length: 11 }, (_, i) => 700_000_000 + doc * 100 + i)])));
  const scanPairs = (nodes: readonly FingerprintedNode[]) => similarPairs(nodes, 'minhash', THRESHOLD, CANDIDATE_MARGIN, (n) => nodes[n]!.words >= MIN_DOCUMENT_WORDS, 'words', { maxBucketSize: 50 }).pairs;
  const watchPairs = (candidates: ReturnType<typeof createNearCandidates>, nodes: readonly FingerprintedNode[]) => triagePairs(candidates.pairs(nodes), nodes, { threshold: THRESHOLD, unit: 'words' });

  it('equal the scan’s as letters and their copies come and go, each copy found with its letter', () => {
    const random = seededRandom(0x1e77e5);
    const candidates = createNearCandidates(THRESHOLD, 50);
    const present = new Set<FingerprintedNode>(letters);
    const order = (nodes: Iterable<FingerprintedNode>) => [...nodes].sort((x, y) => (x.textHash < y.textHash ? -1 : 1));
    let nodes = order(present);
    expect(watchPairs(candidates, nodes)).toEqual(scanPairs(nodes));
    let copiesFound = 0;
    for (let step = 0; step < 40; step++) {
      // A few copies saved, a letter or two deleted, as a burst brings them.
      for (let k = 0; k < 3; k++) {
        const copy = copies[Math.floor(random() * copies.length)]!;
        if (present.has(copy)) present.delete(copy);
        else present.add(copy);
      }
      const gone = letters[Math.floor(random() * letters.length)]!;
      if (present.has(gone)) present.delete(gone);
      else present.add(gone);
      nodes = order(present);
      const expected = scanPairs(nodes);
      expect(watchPairs(candidates, nodes), `step ${step}`).toEqual(expected);
      copiesFound += expected.length;
    }
    // The copies' partners were found at all: the pairs compared above are not all empty.
    expect(copiesFound).toBeGreaterThan(40);
  });

  it('finds a copy whose only agreeing bands are crowded, which the buckets alone miss', () => {
    const nodes = [...letters, ...copies].sort((x, y) => (x.textHash < y.textHash ? -1 : 1));
    const index = new LshIndex({ ...chooseBands(THRESHOLD, SKETCH), maxBucketSize: 50 });
    nodes.forEach((n, id) => index.add(id, n.sketch));
    const { pairs: bucketPairs } = index.candidatePairs();
    const proposed = new Set<string>();
    for (let i = 0; i < bucketPairs.length; i += 2) proposed.add(`${bucketPairs[i]}-${bucketPairs[i + 1]}`);
    const found = watchPairs(createNearCandidates(THRESHOLD, 50), nodes);
    expect(found).toHaveLength(copies.length);
    expect(found.filter(({ a, b }) => !proposed.has(`${a}-${b}`) && !proposed.has(`${b}-${a}`)).length, 'pairs only the join found').toBeGreaterThan(0);
  });
});
