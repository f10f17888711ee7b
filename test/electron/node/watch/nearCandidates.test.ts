// The kept LSH buckets against a fresh index: after every step of a seeded run of text nodes
// coming and going, the candidates equal those an LshIndex built from scratch gives, with buckets
// crossing the size limit both ways, tiny documents and empty sketches left out.
import { describe, expect, it } from 'vitest';
import { CANDIDATE_MARGIN, MIN_DOCUMENT_WORDS } from '../../../../shared/cluster/claimRules.ts';
import { chooseBands, LshIndex } from '../../../../shared/fingerprint/lsh.ts';
import { EMPTY_SLOT, estimateResemblance } from '../../../../shared/fingerprint/minhash.ts';
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
