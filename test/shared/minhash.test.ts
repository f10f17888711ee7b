import { describe, expect, it } from 'vitest';
import { jaccard } from '../../shared/fingerprint/jaccard.ts';
import { EMPTY_SLOT, estimateResemblance, isEmptySketch, minhashSketch } from '../../shared/fingerprint/minhash.ts';
import { seededRandom, setPair } from './textFixtures.ts';

function errors(random: () => number, pairs: number, unionSize: () => number, size = 128) {
  let absolute = 0;
  let signed = 0;
  for (let p = 0; p < pairs; p++) {
    const [a, b] = setPair(random, unionSize(), 0.1 + 0.85 * random());
    const exact = jaccard(a, b);
    const estimate = estimateResemblance(minhashSketch(a, size), minhashSketch(b, size));
    absolute += Math.abs(estimate - exact);
    signed += estimate - exact;
  }
  return { meanAbsolute: absolute / pairs, bias: signed / pairs };
}

describe('minhashSketch', () => {
  it('estimates resemblance 0.1–0.95 within 0.04 on average with 128 slots, without bias', () => {
    const random = seededRandom(11);
    const { meanAbsolute, bias } = errors(random, 400, () => 300 + Math.floor(random() * 3000));
    expect(meanAbsolute).toBeLessThan(0.04);
    expect(Math.abs(bias)).toBeLessThan(0.01);
  });

  it('gets more accurate with more slots', () => {
    const random = seededRandom(12);
    const small = errors(random, 200, () => 2000, 32).meanAbsolute;
    const large = errors(random, 200, () => 2000, 512).meanAbsolute;
    expect(large).toBeLessThan(small / 2);
  });

  it('densifies sets smaller than the sketch into nearly unbiased estimates', () => {
    const random = seededRandom(13);
    const { meanAbsolute, bias } = errors(random, 600, () => 8 + Math.floor(random() * 60));
    expect(Math.abs(bias)).toBeLessThan(0.03);
    expect(meanAbsolute).toBeLessThan(0.05);
  });

  it('gives identical sets identical sketches, whatever their order and repeats', () => {
    const random = seededRandom(14);
    for (const size of [1, 3, 50, 5000]) {
      const set = Uint32Array.from({ length: size }, () => Math.floor(random() * 4294967296));
      const shuffled = Uint32Array.from([...set, ...set].sort(() => random() - 0.5));
      const sketch = minhashSketch(set);
      expect(sketch).toEqual(minhashSketch(shuffled));
      expect(estimateResemblance(sketch, minhashSketch(shuffled))).toBe(1);
      expect(sketch.includes(EMPTY_SLOT)).toBe(false);
    }
  });

  it('keeps disjoint sets apart', () => {
    const [a, b] = setPair(seededRandom(15), 4000, 0);
    expect(estimateResemblance(minhashSketch(a), minhashSketch(b))).toBeLessThan(0.05);
  });

  it('treats empty documents as resembling nothing', () => {
    const empty = minhashSketch(new Uint32Array(0));
    expect(isEmptySketch(empty)).toBe(true);
    expect(estimateResemblance(empty, empty)).toBe(0);
    expect(estimateResemblance(empty, minhashSketch(Uint32Array.of(1, 2, 3)))).toBe(0);
    expect(() => estimateResemblance(empty, new Uint32Array(64))).toThrow(RangeError);
  });
});
