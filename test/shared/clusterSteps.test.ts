// Indexing runs in steps, so that the engine can let its event loop turn (Ctrl-C) while 200k
// documents are indexed: the pieces give the same result as the whole, and there are many of them.
import { expect, it } from 'vitest';
import { containmentCandidates, containmentCandidatesInSteps, similarPairs, similarPairsInSteps } from '../../shared/cluster/nearClusters.ts';
import type { NearNode } from '../../shared/cluster/nearClusters.ts';
import { containmentSample } from '../../shared/fingerprint/containment.ts';
import { minhashSketch } from '../../shared/fingerprint/minhash.ts';
import { DOCUMENTS_PER_STEP } from '../../shared/fingerprint/steps.ts';
import type { Steps } from '../../shared/fingerprint/steps.ts';

/** Distinct documents as shingle sets, every tenth a near copy of the one before, every 25th an excerpt of it. */
function nodes(count: number): NearNode[] {
  const sets: Uint32Array[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 10 === 1) sets.push(Uint32Array.from(sets[i - 1]!.map((h, j) => (j % 20 === 0 ? h ^ 1 : h))).sort());
    else if (i % 25 === 2) sets.push(sets[i - 2]!.slice(0, 300));
    else sets.push(Uint32Array.from({ length: 400 }, (_, j) => (Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(j + 1, 0x85ebca6b)) >>> 0).sort());
  }
  return sets.map((set) => ({ sketch: minhashSketch(set), sample: containmentSample(set, 4), shingleCount: set.length }));
}

function drain<T>(steps: Steps<T>): { value: T; steps: number } {
  for (let count = 0; ; count++) {
    const step = steps.next();
    if (step.done) return { value: step.value, steps: count };
  }
}

const documents = nodes(2 * DOCUMENTS_PER_STEP + 100);

it('finds the same similar pairs in steps as at once, in more than a step per band', () => {
  const whole = similarPairs(documents, 'minhash', 0.5, 0.05);
  const inSteps = drain(similarPairsInSteps(documents, 'minhash', 0.5, 0.05));
  expect(whole.pairs.length).toBeGreaterThan(DOCUMENTS_PER_STEP / 10);
  expect(inSteps.value).toEqual(whole);
  // Two steps of adding documents, then one per band.
  expect(inSteps.steps).toBeGreaterThan(10);
});

it('finds the same containment candidates in steps as at once', () => {
  const whole = containmentCandidates(documents, 0.8, () => true);
  const inSteps = drain(containmentCandidatesInSteps(documents, 0.8, () => true));
  expect(whole.length).toBeGreaterThan(0);
  expect(inSteps.value).toEqual(whole);
  expect(inSteps.steps).toBeGreaterThanOrEqual(4);
});
