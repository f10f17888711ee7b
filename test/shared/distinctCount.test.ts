import { describe, expect, it } from 'vitest';
import { distinctCount } from '../../shared/fingerprint/distinctCount.ts';
import { seededRandom } from './textFixtures.ts';

describe('distinctCount', () => {
  it('counts what a Set counts: sizes around the sort cut-off, repeats, zero, colliding low bits', () => {
    const random = seededRandom(5);
    for (const size of [0, 1, 63, 64, 65, 200, 1000, 5000, 70_000]) {
      for (const kind of ['random', 'repeats', 'low bits equal', 'with zeros']) {
        const values = new Uint32Array(size);
        for (let i = 0; i < size; i++) {
          const v = (random() * 2 ** 32) >>> 0;
          if (kind === 'repeats') values[i] = v % Math.max(1, size >> 3);
          else if (kind === 'low bits equal') values[i] = (v & ~0xffff) | 0x1234;
          else if (kind === 'with zeros') values[i] = random() < 0.1 ? 0 : v;
          else values[i] = v;
        }
        expect(distinctCount(values), `${size} ${kind}`).toBe(new Set(values).size);
      }
    }
  });

  it('leaves its input as it was', () => {
    const values = Uint32Array.from({ length: 300 }, (_, i) => (i * 2654435761) % 97);
    const copy = values.slice();
    distinctCount(values);
    expect(values).toEqual(copy);
  });
});
