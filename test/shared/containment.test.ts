import { describe, expect, it } from 'vitest';
import { ContainmentIndex, containmentSample } from '../../shared/fingerprint/containment.ts';
import { containment, jaccard } from '../../shared/fingerprint/jaccard.ts';
import { wordShingles } from '../../shared/fingerprint/shingles.ts';
import { canonicalTokenHashes } from '../../shared/text/canonicalTokens.ts';
import { asProse, randomWords, seededRandom, vocabulary } from './textFixtures.ts';

const shingles = (text: string) => wordShingles(canonicalTokenHashes(text));

describe('containmentSample', () => {
  it('keeps the hashes divisible by the rate, so a subset samples to a subset', () => {
    const random = seededRandom(61);
    const set = Uint32Array.from({ length: 20_000 }, () => Math.floor(random() * 4294967296)).sort();
    const sample = containmentSample(set, 16);
    expect(sample.every((h) => h % 16 === 0)).toBe(true);
    expect(sample.length).toBeGreaterThan(20_000 / 16 - 150);
    expect(sample.length).toBeLessThan(20_000 / 16 + 150);
    const part = set.filter((_, i) => i % 3 === 0);
    expect(containment(containmentSample(part, 16), sample)).toBe(1);
  });
});

describe('ContainmentIndex', () => {
  it('finds a 30% excerpt inside its source although their resemblance is low', () => {
    const random = seededRandom(62);
    const vocab = vocabulary(random);
    const sourceWords = randomWords(random, vocab, 4000);
    const source = asProse(random, sourceWords);
    const excerptWords = sourceWords.slice(1000, 2200);
    const excerpt = `Quoted from the report:\n\n${asProse(random, excerptWords)}`;
    const unrelated = asProse(random, randomWords(random, vocab, 3000));
    const sets = [source, excerpt, unrelated].map(shingles);
    expect(jaccard(sets[0]!, sets[1]!)).toBeLessThan(0.35);

    const index = new ContainmentIndex();
    sets.forEach((set, id) => index.add(id + 10, containmentSample(set), set.length));
    const { candidates, skippedSamples } = index.candidates({ minEstimate: 0.8 });
    expect(skippedSamples).toBe(0);
    expect(candidates).toHaveLength(1);
    const [found] = candidates;
    expect(found!.contained).toBe(11);
    expect(found!.container).toBe(10);
    expect(found!.estimate).toBeGreaterThanOrEqual(0.9);
    expect(found!.samples).toBeGreaterThan(40);
    expect(containment(sets[1]!, sets[0]!)).toBeGreaterThanOrEqual(0.9);
  });

  it('finds a truncated copy, estimates partial containment, and reports each pair once', () => {
    const random = seededRandom(63);
    const set = Uint32Array.from({ length: 8000 }, () => Math.floor(random() * 4294967296) & ~15).sort();
    const truncated = set.slice(0, 5000);
    const half = Uint32Array.from([...set.slice(0, 1000), ...Array.from({ length: 1000 }, () => Math.floor(random() * 4294967296) & ~15)]).sort();
    const index = new ContainmentIndex();
    index.add(1, containmentSample(set), set.length);
    index.add(2, containmentSample(truncated), truncated.length);
    index.add(3, containmentSample(half), half.length);
    const { candidates } = index.candidates({ minEstimate: 0.4 });
    const byPair = new Map(candidates.map((c) => [`${c.contained}<${c.container}`, c.estimate]));
    expect([...byPair.keys()].sort()).toEqual(['2<1', '3<1', '3<2']);
    expect(byPair.get('2<1')).toBe(1);
    expect(byPair.get('3<1')).toBeCloseTo(0.5, 1);
  });

  it('skips samples shared by too many documents and leaves them out of the estimate', () => {
    const boilerplate = Array.from({ length: 20 }, (_, i) => (i + 1) * 16 * 1_000_003);
    const index = new ContainmentIndex();
    const own = (doc: number) => Array.from({ length: 20 }, (_, i) => ((doc * 100 + i + 1) * 16) >>> 0);
    for (let doc = 0; doc < 6; doc++) {
      const sample = Uint32Array.from([...boilerplate, ...own(doc)]).sort();
      index.add(doc, sample, 1000 + doc);
    }
    // Document 6 holds document 0's own text and nothing else.
    index.add(6, Uint32Array.from(own(0)).sort(), 500);
    const { candidates, skippedSamples } = index.candidates({ maxPostings: 5, minSamples: 8 });
    expect(skippedSamples).toBe(20);
    expect(candidates.map((c) => [c.contained, c.container, c.estimate])).toEqual([[6, 0, 1]]);
  });
});
