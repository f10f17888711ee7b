import { describe, expect, it } from 'vitest';
import { FNV_OFFSET_BASIS, FNV_PRIME, fmix32, hashPair32, hashString32, murmur3Ints } from '../../shared/fingerprint/hash32.ts';
import { radixSortByKey, radixSortUint32, sortedSet } from '../../shared/fingerprint/radixSort.ts';
import { seededRandom } from './textFixtures.ts';

describe('hash32', () => {
  it('matches MurmurHash3 x86_32 reference vectors', () => {
    expect(murmur3Ints([], 0, 0, 0)).toBe(0);
    expect(murmur3Ints([], 0, 0, 1)).toBe(0x514e28b7);
    expect(murmur3Ints([], 0, 0, 0xffffffff)).toBe(0x81f16f39);
    expect(murmur3Ints([0x61616161], 0, 1, 0x9747b28c)).toBe(0x5a97808a); // "aaaa"
    expect(murmur3Ints([0x64636261], 0, 1, 0x9747b28c)).toBe(0xf0478627); // "abcd"
    expect(murmur3Ints([0x74736574], 0, 1, 0)).toBe(0xba6bd213); // "test"
  });

  it('hashes a range of a larger array like the range alone', () => {
    const values = Uint32Array.of(9, 1, 2, 3, 9);
    expect(murmur3Ints(values, 1, 4, 5)).toBe(murmur3Ints([1, 2, 3], 0, 3, 5));
    expect(murmur3Ints(values, 1, 4, 5)).not.toBe(murmur3Ints([1, 2, 3], 0, 3, 6));
  });

  it('hashes strings as FNV-1a over UTF-16 units finished by fmix32', () => {
    let h = FNV_OFFSET_BASIS;
    for (const unit of [0x68, 0xe9, 0xd83d, 0xde00]) h = Math.imul(h ^ unit, FNV_PRIME);
    expect(hashString32('hé😀')).toBe(fmix32(h));
    expect(hashString32('ab')).not.toBe(hashString32('ba'));
  });

  it('mixes well: one flipped input bit flips about half the output bits', () => {
    const random = seededRandom(1);
    let flipped = 0;
    const trials = 2000;
    for (let t = 0; t < trials; t++) {
      const x = Math.floor(random() * 4294967296);
      const bit = 1 << Math.floor(random() * 32);
      const diff = (fmix32(x) ^ fmix32(x ^ bit)) >>> 0;
      flipped += diff.toString(2).replaceAll('0', '').length;
      const pairDiff = (hashPair32(x, 7) ^ hashPair32(x, 7 ^ bit)) >>> 0;
      flipped += pairDiff.toString(2).replaceAll('0', '').length;
    }
    expect(flipped / (2 * trials)).toBeGreaterThan(15.5);
    expect(flipped / (2 * trials)).toBeLessThan(16.5);
  });
});

describe('radixSort', () => {
  it('sorts like the native sort, small and large', () => {
    const random = seededRandom(2);
    for (const size of [0, 1, 100, 255, 256, 5000]) {
      const values = Uint32Array.from({ length: size }, () => Math.floor(random() * 4294967296));
      expect(radixSortUint32(values.slice())).toEqual(values.slice().sort());
    }
  });

  it('moves the payload with its key, stably', () => {
    const keys = Uint32Array.of(5, 0xffffffff, 5, 0, 1 << 22, 5);
    const payload = Uint32Array.of(0, 1, 2, 3, 4, 5);
    radixSortByKey(keys, payload);
    expect([...keys]).toEqual([0, 5, 5, 5, 1 << 22, 0xffffffff]);
    expect([...payload]).toEqual([3, 0, 2, 5, 4, 1]);
  });

  it('builds sorted sets of every size, by either radix width', () => {
    const random = seededRandom(3);
    for (const size of [255, 256, 1500, 4095, 4096, 9000]) {
      // Repeats included: a quarter of the values come twice.
      const values = Uint32Array.from({ length: size }, (_, i) => (i % 4 === 3 ? 7 * i : Math.floor(random() * 4294967296)));
      expect([...sortedSet(values)]).toEqual([...new Set(values)].sort((a, b) => a - b));
    }
  });

  it('builds sorted sets without repeats, leaving its input alone', () => {
    const input = Uint32Array.of(3, 1, 3, 0xffffffff, 1, 0);
    expect([...sortedSet(input)]).toEqual([0, 1, 3, 0xffffffff]);
    expect([...input]).toEqual([3, 1, 3, 0xffffffff, 1, 0]);
  });
});
