// A PDF's text: through poppler's pdftotext where it is installed and the file is large enough
// (pdftotextText.ts), otherwise, or when it gives no answer, through PDFium compiled to WebAssembly
// (pdfiumText.ts), which spends 0.5-0.75 of pdf.js's CPU. pdf.js (pdf-parse) stays for
// SHINGLE_PDF_READER=pdfjs, to compare the readers. In Node, pdf.js runs its parser in the calling
// thread (a "fake worker"), so it needs no DOM and starts no threads of its own: inside an
// extraction worker, the worker's time and memory limits cover it, as they cover PDFium. Every
// reader's page texts go through the same joinPdfPages, so they give the same canonical text
// (test/…/pdftotextText.test.ts, pdfiumText.test.ts).
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { ExtractError, ExtractErrorCode } from './extractError.ts';
import { joinPdfPages } from './pdfPages.ts';
import { pdftotextPages } from './pdftotextText.ts';

// pdf.js needs its character maps to read text set in CJK fonts that use predefined encodings.
const pdfjsRoot = dirname(createRequire(import.meta.resolve('pdf-parse')).resolve('pdfjs-dist/package.json'));

// Starting pdftotext from a worker costs ~15 ms of CPU before it reads a byte (forking the
// worker's process, prlimit, the pipes), where PDFium reads a letter of a few KB in ~4 ms: below
// this size PDFium is the cheaper reader. Above it the two come close up to ~550-780 KB (warm,
// PDFium read the 130-260 KB manuals under /usr/share/doc for 40-100 ms against pdftotext's
// 50-140 ms, but a pool reading them together with small letters spent the same CPU with the
// threshold at 64 or 512 KiB), and on the 1.4 MB valgrind manual pdftotext takes 0.4 of PDFium's CPU:
// with no gain measured, the threshold stays where pdf.js had it.
export const PDFTOTEXT_MIN_BYTES = 64 * 1024;

/** `SHINGLE_PDF_READER=pdfjs` reads PDFs through pdf.js instead of PDFium (pdftotext is set apart, by SHINGLE_PDFTOTEXT). */
export const PDF_READER_ENV = 'SHINGLE_PDF_READER';

/** The running text of a PDF's bytes. Throws ExtractError for encrypted or unreadable files. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return joinPdfPages(await pdfPageTexts(bytes));
}

/** The text of each page of a PDF's bytes, for joinPdfPages. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const pages = bytes.length >= PDFTOTEXT_MIN_BYTES ? await pdftotextPages(bytes) : null;
  return pages ?? (await inProcessPages(bytes));
}

/** The text of each page through the reader that runs in this thread: PDFium, or pdf.js when asked. */
async function inProcessPages(bytes: Uint8Array): Promise<string[]> {
  if (process.env[PDF_READER_ENV] === 'pdfjs') return pdfjsPages(bytes);
  // Imported on first use: a worker that sees no PDF never compiles PDFium.
  const { pdfiumPages } = await import('./pdfiumText.ts');
  return pdfiumPages(bytes);
}

/** The text of each page through pdf.js. */
export async function pdfjsPages(bytes: Uint8Array): Promise<string[]> {
  // Imported on first use: pdf.js is large, and a worker that sees no PDF never loads it.
  const { PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({
    data: bytes,
    // PDF functions would otherwise be compiled to JavaScript with eval: no hostile file gets that.
    isEvalSupported: false,
    cMapUrl: join(pdfjsRoot, 'cmaps') + sep,
    // Work only drawing needs. The standard fonts' outlines (for fonts a PDF names without
    // embedding) were parsed anew for every document, half the CPU of a small one; the text of
    // such fonts comes from their encoding and the built-in metrics of the 14 standard fonts, so
    // it is the same without them (pdftotextText.test.ts compares). No system fonts, no font
    // faces, no WebAssembly image decoders.
    useSystemFonts: false,
    disableFontFace: true,
    useWasm: false,
    isImageDecoderSupported: false,
  });
  try {
    const result = await parser.getText({ pageJoiner: '' });
    return result.pages.map((page) => page.text);
  } catch (error) {
    throw asExtractError(error);
  } finally {
    await parser.destroy();
  }
}

// A PDF that opens without a password (one with only an owner password, which restricts printing
// or copying) is read like any other; only one that needs a password to open is "encrypted".
function asExtractError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  switch (error.name) {
    case 'PasswordException':
      return new ExtractError(ExtractErrorCode.encrypted, 'Encrypted PDF: a password is needed to open it', { cause: error });
    case 'InvalidPDFException':
    case 'FormatError':
    case 'UnknownErrorException':
      return new ExtractError(ExtractErrorCode.corrupt, `Unreadable PDF: ${error.message}`, { cause: error });
    default:
      return error;
  }
}
