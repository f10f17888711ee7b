// The text of a TIFF scan (what scanners and fax software save): each page decoded by UTIF (pure
// JavaScript, MIT) and read with OCR, as scannedPdfText does with a PDF's pictures.
import { createRequire } from 'node:module';
import { ExtractError, ExtractErrorCode } from './extractError.ts';
import { readScannedPicture } from './ocrEngine.ts';
import { joinPdfPages } from './pdfPages.ts';
import { PixelLayout, toGray } from './scanImage.ts';
import { MAX_PICTURE_PIXELS, MAX_SCAN_PAGES } from './scannedPdfText.ts';

interface Ifd {
  width?: number;
  height?: number;
  [tag: string]: unknown;
}
interface Utif {
  decode(buffer: ArrayBufferLike): Ifd[];
  decodeImage(buffer: ArrayBufferLike, ifd: Ifd, ifds: Ifd[]): void;
  toRGBA8(ifd: Ifd): Uint8Array;
}
const UTIF = createRequire(import.meta.url)('utif') as Utif;

// A page that does not say its resolution: what office scanners default to.
const DEFAULT_DPI = 200;
const TIFF_SIGNATURES = ['II*\0', 'MM\0*'];

/** Whether the bytes start as a TIFF file does (little- or big-endian). */
export function isTiff(bytes: Uint8Array): boolean {
  const head = String.fromCharCode(...bytes.subarray(0, 4));
  return TIFF_SIGNATURES.includes(head);
}

/** The OCR text of a TIFF's pages; `onPage` as for scannedPdfText. */
export async function scannedTiffText(bytes: Uint8Array, onPage: (page: number, pages: number) => void = () => {}): Promise<string> {
  if (!isTiff(bytes)) throw new ExtractError(ExtractErrorCode.corrupt, 'Not a TIFF image: no TIFF signature');
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  let ifds: Ifd[];
  try {
    ifds = UTIF.decode(buffer);
  } catch (error) {
    throw new ExtractError(ExtractErrorCode.corrupt, `Unreadable TIFF: ${(error as Error).message}`, { cause: error });
  }
  if (ifds.length > MAX_SCAN_PAGES) throw new ExtractError(ExtractErrorCode.tooBig, `A scan of ${ifds.length} pages: OCR reads at most ${MAX_SCAN_PAGES}`);
  const pages: string[] = [];
  for (const [i, ifd] of ifds.entries()) {
    onPage(i + 1, ifds.length);
    const width = firstNumber(ifd['t256']);
    const height = firstNumber(ifd['t257']);
    if (width === undefined || height === undefined || width <= 0 || height <= 0) continue;
    if (width * height > MAX_PICTURE_PIXELS) throw new ExtractError(ExtractErrorCode.tooBig, `A page of ${width} x ${height} pixels: OCR reads at most ${MAX_PICTURE_PIXELS}`);
    let rgba: Uint8Array;
    try {
      UTIF.decodeImage(buffer, ifd, ifds);
      rgba = UTIF.toRGBA8(ifd);
    } catch (error) {
      throw new ExtractError(ExtractErrorCode.corrupt, `Unreadable TIFF page ${i + 1}: ${(error as Error).message}`, { cause: error });
    }
    pages.push(await readScannedPicture(toGray(width, height, rgba, PixelLayout.rgba), resolution(ifd)));
  }
  return joinPdfPages(pages);
}

function firstNumber(value: unknown): number | undefined {
  const first = Array.isArray(value) ? (value[0] as unknown) : undefined;
  return typeof first === 'number' && Number.isFinite(first) ? first : undefined;
}

/** Dots per inch from XResolution and ResolutionUnit (2 inch, 3 centimetre). */
function resolution(ifd: Ifd): number {
  const x = firstNumber(ifd['t282']);
  if (x === undefined || x <= 0) return DEFAULT_DPI;
  const dpi = firstNumber(ifd['t296']) === 3 ? x * 2.54 : x;
  return dpi >= 50 && dpi <= 2400 ? dpi : DEFAULT_DPI;
}
