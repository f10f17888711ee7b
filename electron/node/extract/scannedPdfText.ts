// The text of a scanned PDF (pages that are pictures of text): each page's pictures taken from
// pdf.js (its operator list and decoded image objects: no canvas, no rendering) and read with OCR.
// Pages without ink are skipped; a scan with more pages than MAX_SCAN_PAGES is refused whole, so a
// 10,000-page file is reported, not ground through for hours.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
// The types of the pdf.js that pdf-parse brings (loaded from there, below).
import type * as Pdfjs from 'pdfjs-dist';
import type { PDFPageProxy as PdfPage } from 'pdfjs-dist';
import { ExtractError, ExtractErrorCode } from './extractError.ts';
import { readScannedPicture } from './ocrEngine.ts';
import { joinPdfPages } from './pdfPages.ts';
import { PixelLayout, toGray } from './scanImage.ts';

/** Pages OCR reads in one document (at 1-6 CPU-s a page, a few minutes of one core). */
export const MAX_SCAN_PAGES = 200;
// Pictures narrower or shorter than this are logos, rules or stamps, not text to read.
const MIN_PICTURE_SIDE = 64;
// pdf.js leaves out pictures of more pixels (a hostile file can claim any size): 600 dpi A3.
export const MAX_PICTURE_PIXELS = 7200 * 9920;
const POINTS_PER_INCH = 72;

const pdfjsRoot = dirname(createRequire(import.meta.resolve('pdf-parse')).resolve('pdfjs-dist/package.json'));
const pdfjsUrl = pathToFileURL(join(pdfjsRoot, 'legacy', 'build', 'pdf.mjs')).href;

interface PdfjsPicture {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

/**
 * The OCR text of a PDF's pictures, page by page. `onPage` is called before each page is read: the
 * extraction worker restarts the file's time limit there, so the limit holds for each page.
 */
export async function scannedPdfText(bytes: Uint8Array, onPage: (page: number, pages: number) => void = () => {}): Promise<string> {
  return joinPdfPages(await scannedPdfPages(bytes, onPage));
}

/**
 * The OCR text of each page of a PDF ('' for a page not read), the pages read being `only` (numbers
 * from 1: the pages without a text layer of a PDF mixing text and scanned pages) or all of them.
 */
export async function scannedPdfPages(bytes: Uint8Array, onPage: (page: number, pages: number) => void = () => {}, only?: ReadonlySet<number>): Promise<string[]> {
  const pdfjs = (await import(pdfjsUrl)) as typeof Pdfjs;
  const task = pdfjs.getDocument({
    // A copy (a Uint8Array, whatever the caller's view): pdf.js may take the buffer over.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    useWasm: false,
    isImageDecoderSupported: false,
    isOffscreenCanvasSupported: false,
    maxImageSize: MAX_PICTURE_PIXELS,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const toRead = only?.size ?? doc.numPages;
    if (toRead > MAX_SCAN_PAGES) {
      throw new ExtractError(ExtractErrorCode.tooBig, `A scan of ${toRead} pages: OCR reads at most ${MAX_SCAN_PAGES}`);
    }
    const pages: string[] = [];
    for (let number = 1; number <= doc.numPages; number++) {
      if (only && !only.has(number)) {
        pages.push('');
        continue;
      }
      onPage(number, doc.numPages);
      const page = await doc.getPage(number);
      const pageInches = Math.max(1, page.view[2]! - page.view[0]!) / POINTS_PER_INCH;
      const texts: string[] = [];
      for (const picture of await pagePictures(pdfjs, page)) {
        const layout = pictureLayout(picture);
        if (layout === undefined || picture.width < MIN_PICTURE_SIDE || picture.height < MIN_PICTURE_SIDE) continue;
        // A scan's picture spans the page: its width over the page's gives the resolution.
        const dpi = picture.width / pageInches;
        texts.push(await readScannedPicture(toGray(picture.width, picture.height, new Uint8Array(picture.data!.buffer, picture.data!.byteOffset, picture.data!.byteLength), layout), dpi));
      }
      pages.push(texts.join('\n'));
      page.cleanup();
    }
    return pages;
  } catch (error) {
    if (error instanceof ExtractError || !(error instanceof Error)) throw error;
    if (error.name === 'PasswordException') throw new ExtractError(ExtractErrorCode.encrypted, 'Encrypted PDF: a password is needed to open it', { cause: error });
    throw new ExtractError(ExtractErrorCode.corrupt, `Unreadable scan: ${error.message}`, { cause: error });
  } finally {
    await task.destroy();
  }
}


/** The pictures a page paints, in drawing order. */
async function pagePictures(pdfjs: typeof Pdfjs, page: PdfPage): Promise<PdfjsPicture[]> {
  const ops = await page.getOperatorList();
  const pictures: PdfjsPicture[] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[];
    if (fn === pdfjs.OPS.paintImageXObject || fn === pdfjs.OPS.paintInlineImageXObject) {
      const picture = typeof args[0] === 'string' ? await pictureObject(page, args[0]) : (args[0] as PdfjsPicture);
      if (picture) pictures.push(picture);
    } else if (fn === pdfjs.OPS.paintImageMaskXObject) {
      // A stencil (how JBIG2 and many fax scans come): set bits are paper, as in a 1-bit grey picture.
      const mask = args[0] as PdfjsPicture;
      pictures.push({ ...mask, kind: PixelLayout.bits1 });
    }
  }
  return pictures;
}

function pictureObject(page: PdfPage, name: string): Promise<PdfjsPicture | undefined> {
  const objs = name.startsWith('g_') ? page.commonObjs : page.objs;
  // pdf.js resolves a picture once decoded; one it left out (over maxImageSize) resolves to null.
  return new Promise((resolve) => objs.get(name, (picture: PdfjsPicture | null) => resolve(picture ?? undefined)));
}

function pictureLayout(picture: PdfjsPicture): PixelLayout | undefined {
  const { data, width, height } = picture;
  if (!data || width <= 0 || height <= 0) return undefined;
  const expected: Record<number, number> = { [PixelLayout.bits1]: ((width + 7) >> 3) * height, [PixelLayout.rgb]: width * height * 3, [PixelLayout.rgba]: width * height * 4 };
  if (picture.kind !== undefined && expected[picture.kind] !== undefined) return data.length >= expected[picture.kind]! ? (picture.kind as PixelLayout) : undefined;
  // A grey picture pdf.js passed on without a kind: one byte a pixel.
  return data.length === width * height ? PixelLayout.gray : undefined;
}
