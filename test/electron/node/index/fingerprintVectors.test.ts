// A fingerprint's arrays stored in one BLOB: a short document's chunk set follows the lists, and a
// blob written before chunk sets were kept reads back without one.
import { describe, expect, it } from 'vitest';
import { packVectors, unpackVectors } from '../../../../electron/node/index/fingerprintVectors.ts';

const bytes = (packed: Uint32Array) => new Uint8Array(packed.buffer, packed.byteOffset, packed.byteLength);
const sketch = Uint32Array.from({ length: 8 }, (_, i) => 1000 + i);
const sample = Uint32Array.of(16, 32, 48);

describe('fingerprint vectors', () => {
  it('read back what was packed, with and without lists and chunks', () => {
    for (const lists of [undefined, Uint32Array.of(7, 9)]) {
      for (const chunks of [undefined, Uint32Array.of(3, 5, 8, 13)]) {
        const read = unpackVectors(bytes(packVectors({ sketch, sample, ...(lists ? { lists } : {}), ...(chunks ? { chunks } : {}) })));
        expect(read).toEqual({ sketch, sample, ...(lists ? { lists } : {}), ...(chunks ? { chunks } : {}) });
      }
    }
  });

  it('reads a blob of the earlier layout (no chunk set) without one', () => {
    const earlier = Uint32Array.of(sketch.length, sample.length, 0xffffffff, ...sketch, ...sample);
    expect(unpackVectors(bytes(earlier))).toEqual({ sketch, sample });
  });
});
