// Scans made in code: lines of text drawn in a real font (Liberation Sans, which pdf.js ships for
// its standard fonts) with pureimage, a pure-JS canvas, and wrapped as image-only PDFs with pdf-lib,
// as a scanner or a phone would save them, or as TIFF files.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import * as PImage from 'pureimage';
import { encodeGrayPng, PixelLayout, toGray } from '../../electron/node/extract/scanImage.ts';

const pdfjsRoot = dirname(createRequire(import.meta.resolve('pdf-parse')).resolve('pdfjs-dist/package.json'));
const FONT = 'Liberation Sans';
let fontLoaded = false;

// A4 in points.
const PAGE = { width: 595, height: 842 };

/** A page of `lines` drawn at `dpi`, as RGBA pixels: 11-point text, 50-point margins. */
function pagePixels(lines: string[], dpi: number): { width: number; height: number; rgba: Uint8Array } {
  if (!fontLoaded) {
    PImage.registerFont(join(pdfjsRoot, 'standard_fonts', 'LiberationSans-Regular.ttf'), FONT).loadSync();
    fontLoaded = true;
  }
  const scale = dpi / 72;
  const width = Math.round(PAGE.width * scale);
  const height = Math.round(PAGE.height * scale);
  const bitmap = PImage.make(width, height);
  const ctx = bitmap.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000000';
  ctx.font = `${Math.round(11 * scale)}px '${FONT}'`;
  lines.forEach((line, i) => ctx.fillText(line, 50 * scale, (60 + i * 16) * scale));
  return { width, height, rgba: new Uint8Array(bitmap.data.buffer, bitmap.data.byteOffset, bitmap.data.byteLength) };
}

/** A page of `lines` drawn at `dpi` as a grey PNG. */
export function pagePng(lines: string[], dpi = 150): Uint8Array {
  const { width, height, rgba } = pagePixels(lines, dpi);
  return encodeGrayPng(toGray(width, height, rgba, PixelLayout.rgba));
}

/** A one-page TIFF scan (uncompressed RGBA, as UTIF writes it) that says its resolution. */
export function tiffScan(lines: string[], dpi = 150): Uint8Array {
  const { width, height, rgba } = pagePixels(lines, dpi);
  const UTIF = createRequire(import.meta.url)('utif') as { encodeImage(rgba: Uint8Array, w: number, h: number, metadata: object): ArrayBuffer };
  return new Uint8Array(UTIF.encodeImage(rgba, width, height, { t282: [dpi], t283: [dpi], t296: [2] }));
}

/** An image-only PDF: each page one picture spanning it, of the given PNG. */
export async function imagePdf(pngs: Uint8Array[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const png of pngs) {
    const image = await doc.embedPng(png);
    const page = doc.addPage([PAGE.width, PAGE.height]);
    page.drawImage(image, { x: 0, y: 0, width: PAGE.width, height: PAGE.height });
  }
  return doc.save();
}

/** A scan of pages of text, each page's lines drawn at `dpi`. */
export async function scannedPdf(pages: string[][], dpi = 150): Promise<Uint8Array> {
  return imagePdf(pages.map((lines) => pagePng(lines, dpi)));
}

/** Lines of a plain English text, wrapped at about 80 characters, for pages of a scan. */
export function wrapLines(text: string, width = 80): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}
