// A PDF's text through pdf-parse (pdf.js). In Node, pdf.js runs its parser in the calling thread
// (a "fake worker"), so it needs no DOM and starts no threads of its own: inside an extraction
// worker, the worker's time and memory limits cover it.
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { ExtractError, ExtractErrorCode } from './extractError.ts';
import { joinPdfPages } from './pdfPages.ts';

// pdf.js needs its character maps to read text set in CJK fonts that use predefined encodings,
// and the standard fonts' data for the metrics of fonts a PDF names without embedding.
const pdfjsRoot = dirname(createRequire(import.meta.resolve('pdf-parse')).resolve('pdfjs-dist/package.json'));

/** The running text of a PDF's bytes. Throws ExtractError for encrypted or unreadable files. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  // Imported on first use: pdf.js is large, and a worker that sees no PDF never loads it.
  const { PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({
    data: bytes,
    // PDF functions would otherwise be compiled to JavaScript with eval: no hostile file gets that.
    isEvalSupported: false,
    useSystemFonts: false,
    cMapUrl: join(pdfjsRoot, 'cmaps') + sep,
    standardFontDataUrl: join(pdfjsRoot, 'standard_fonts') + sep,
  });
  try {
    const result = await parser.getText({ pageJoiner: '' });
    return joinPdfPages(result.pages.map((page) => page.text));
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
