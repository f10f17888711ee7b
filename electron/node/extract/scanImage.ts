// A scanned page as OCR wants it: one grey byte per pixel, at a resolution tesseract reads well,
// encoded as PNG (which tesseract.js decodes itself). Decoders give pixels in several layouts (pdf.js
// 1-bit, grey, RGB, RGBA; TIFF as RGBA); all become grey here.
import { zlibSync } from 'fflate';

export interface GrayImage {
  width: number;
  height: number;
  /** One byte per pixel, 0 black to 255 white, rows top to bottom. */
  pixels: Uint8Array;
}

/** Pixel layouts, as pdf.js numbers them (ImageKind). */
export const PixelLayout = { bits1: 1, rgb: 2, rgba: 3, gray: 4 } as const;
export type PixelLayout = (typeof PixelLayout)[keyof typeof PixelLayout];

/**
 * Finer scans are shrunk to this before OCR: tesseract's time grows with the pixels it reads, and
 * on printed pages 150 dpi reads the same words as 200 or 300. Measured on 300-dpi renderings of
 * licence texts read at each (docs/benchmarks.md): 10-point text, 3.74 / 4.34 / 4.65 CPU-s a page
 * at 150 / 200 / 300 dpi for the same word recall (0.9985); 8-point, 3.96 / 5.07 / 5.60, all 1.0.
 */
const MAX_DPI = 150;
// Scans up to a tenth finer are read as they are: shrinking them would blur for little gain.
const SHRINK_ABOVE_DPI = MAX_DPI * 1.1;
// A page is blank when fewer than this share of its pixels is dark (specks, a punched hole): at
// 150 dpi on A4, about 430 pixels, a few letters' ink (one line of 30 letters holds some 2,000).
const INK_SHARE = 0.0002;
const DARK = 128;

/** Grey pixels from a decoder's layout. 1-bit rows start on a byte boundary; a set bit is white. */
export function toGray(width: number, height: number, data: Uint8Array, layout: PixelLayout): GrayImage {
  const pixels = new Uint8Array(width * height);
  if (layout === PixelLayout.gray) pixels.set(data.subarray(0, pixels.length));
  else if (layout === PixelLayout.bits1) {
    const rowBytes = (width + 7) >> 3;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) pixels[y * width + x] = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
    }
  } else {
    const step = layout === PixelLayout.rgb ? 3 : 4;
    for (let i = 0, j = 0; i < pixels.length; i++, j += step) {
      // Rec. 601 luma in integers; a transparent RGBA pixel is paper.
      const luma = (data[j]! * 77 + data[j + 1]! * 150 + data[j + 2]! * 29) >> 8;
      pixels[i] = step === 4 && data[j + 3] === 0 ? 255 : luma;
    }
  }
  return { width, height, pixels };
}

/** The image shrunk to MAX_DPI when it is finer, each pixel the average of the block it covers. */
export function atReadingResolution(image: GrayImage, dpi: number): GrayImage {
  if (dpi <= SHRINK_ABOVE_DPI) return image;
  const width = Math.max(1, Math.round((image.width * MAX_DPI) / dpi));
  const height = Math.max(1, Math.round((image.height * MAX_DPI) / dpi));
  const xs = blockBounds(image.width, width);
  const ys = blockBounds(image.height, height);
  const pixels = new Uint8Array(width * height);
  const sums = new Uint32Array(width);
  for (let y = 0; y < height; y++) {
    sums.fill(0);
    for (let sy = ys[y]!; sy < ys[y + 1]!; sy++) {
      const row = sy * image.width;
      for (let x = 0; x < width; x++) for (let sx = xs[x]!; sx < xs[x + 1]!; sx++) sums[x]! += image.pixels[row + sx]!;
    }
    const rows = ys[y + 1]! - ys[y]!;
    for (let x = 0; x < width; x++) pixels[y * width + x] = Math.round(sums[x]! / (rows * (xs[x + 1]! - xs[x]!)));
  }
  return { width, height, pixels };
}

/** Where each of `to` blocks starts along `from` pixels (to <= from: every block holds a pixel or more), and the end. */
function blockBounds(from: number, to: number): Uint32Array {
  const bounds = new Uint32Array(to + 1);
  for (let i = 0; i <= to; i++) bounds[i] = Math.floor((i * from) / to);
  return bounds;
}

/** Whether the page carries next to no ink: not worth the seconds OCR would spend on it. */
export function isBlank(image: GrayImage): boolean {
  const { pixels } = image;
  const needed = Math.max(1, Math.ceil(pixels.length * INK_SHARE));
  let dark = 0;
  for (let i = 0; i < pixels.length; i++) if (pixels[i]! < DARK && ++dark >= needed) return false;
  return true;
}

/** The image as an 8-bit greyscale PNG. */
export function encodeGrayPng(image: GrayImage): Uint8Array {
  const { width, height, pixels } = image;
  // Each row starts with its filter type: 0, none. Fast deflate: the PNG only crosses to tesseract.
  const raw = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 0, 0, 0, 0], 8); // 8 bits, greyscale, deflate, no filter method, no interlace
  const chunks = [chunk('IHDR', header), chunk('IDAT', zlibSync(raw, { level: 1 })), chunk('IEND', new Uint8Array(0))];
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const png = new Uint8Array(signature.length + chunks.reduce((sum, c) => sum + c.length, 0));
  png.set(signature);
  let offset = signature.length;
  for (const c of chunks) {
    png.set(c, offset);
    offset += c.length;
  }
  return png;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

let crcTable: Uint32Array | undefined;
function crc32(bytes: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
