import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { atReadingResolution, encodeGrayPng, isBlank, PixelLayout, toGray } from '../../../../electron/node/extract/scanImage.ts';

describe('scan images', () => {
  it('reads 1-bit rows that start on a byte boundary, a set bit as paper', () => {
    // 10 pixels wide: each row takes two bytes. Row 0: one black pixel at x = 9; row 1: black at x = 0.
    const image = toGray(10, 2, Uint8Array.from([0xff, 0b1011_1111, 0b0111_1111, 0xff]), PixelLayout.bits1);
    expect([...image.pixels]).toEqual([255, 255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255]);
  });

  it('takes RGB and RGBA to grey, a transparent pixel as paper', () => {
    expect([...toGray(2, 1, Uint8Array.from([0, 0, 0, 255, 255, 255]), PixelLayout.rgb).pixels]).toEqual([0, 255]);
    expect([...toGray(2, 1, Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 255]), PixelLayout.rgba).pixels]).toEqual([255, 0]);
  });

  it('shrinks a scan finer than 150 dpi to 150 by averaging the blocks each pixel covers, and leaves a coarser one', () => {
    const fine = { width: 4, height: 2, pixels: Uint8Array.from([0, 100, 200, 200, 100, 200, 200, 200]) };
    expect(atReadingResolution(fine, 300)).toEqual({ width: 2, height: 1, pixels: Uint8Array.from([100, 200]) });
    // 200 to 150 dpi: 4 x 2 pixels become 3 x 2, blocks of 1, 1 and 2 columns.
    expect(atReadingResolution(fine, 200)).toEqual({ width: 3, height: 2, pixels: Uint8Array.from([0, 100, 200, 100, 200, 200]) });
    expect(atReadingResolution(fine, 165)).toBe(fine);
    expect(atReadingResolution(fine, 150)).toBe(fine);
  });

  it('calls a page blank below two dark pixels in ten thousand', () => {
    const page = { width: 100, height: 100, pixels: new Uint8Array(10_000).fill(255) };
    page.pixels[0] = 0;
    expect(isBlank(page)).toBe(true);
    page.pixels[5000] = 0;
    expect(isBlank(page)).toBe(false);
  });

  it('writes a PNG with its signature, header and a valid checksum', () => {
    const png = encodeGrayPng({ width: 3, height: 2, pixels: new Uint8Array(6).fill(128) });
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(Buffer.from(png.subarray(12, 16)).toString('latin1')).toBe('IHDR');
    expect(Buffer.from(png.subarray(29, 33)).readUInt32BE(0)).toBe(crc32(png.subarray(12, 29)));
  });
});
