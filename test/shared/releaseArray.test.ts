import { describe, expect, it } from 'vitest';
import { releaseArray } from '../../shared/fingerprint/releaseArray.ts';

describe('releaseArray', () => {
  it('frees an array that owns its buffer at once', () => {
    const array = new Uint32Array(1 << 20).fill(7);
    releaseArray(array);
    expect(array.length).toBe(0);
    expect(array.buffer.byteLength).toBe(0);
  });

  it('leaves a view of part of a buffer alone', () => {
    const whole = new Uint32Array(16).fill(3);
    const part = whole.subarray(4, 8);
    releaseArray(part);
    expect(part.length).toBe(4);
    expect(whole[0]).toBe(3);
  });
});
