// A PDF's page texts through PDFium (Chrome's PDF library, BSD-licensed) compiled to WebAssembly
// (@embedpdf/pdfium, MIT): no native code, nothing fetched, and 0.5-0.75 of pdf.js's CPU in an
// extraction pool (docs/benchmarks.md, "PDFium"). It runs in the calling thread, like pdf.js, so an
// extraction worker's time limit covers it (a worker ended by the pool ends its WebAssembly too).
//
// WebAssembly memory lies outside the worker's heap limit, so it has a cap of its own: the
// module's requests to grow past MEMORY_CAP_BYTES are refused, PDFium aborts, and the file fails
// with EMEMORY. Memory WebAssembly has taken is never given back, so after a document that made it
// grow large, or after any abort, the instance is dropped and the next document gets a fresh one
// (from the module compiled once per worker).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { init } from '@embedpdf/pdfium';
import type { WrappedPdfiumModule } from '@embedpdf/pdfium';
import { ExtractError, ExtractErrorCode } from './extractError.ts';

/** WebAssembly memory one document may use, like the worker's heap limit and pdftotext's. */
export const MEMORY_CAP_BYTES = 512 * 2 ** 20;
// An instance that grew past this while reading a document is not kept for the next one.
const KEEP_INSTANCE_BELOW_BYTES = 64 * 2 ** 20;

// The WebAssembly API used here: the project's TypeScript libraries (no DOM) leave its types out.
type WasmModule = object;
type WasmInstance = object;
declare const WebAssembly: {
  compile(bytes: Uint8Array): Promise<WasmModule>;
  Instance: new (module: WasmModule, imports: object) => WasmInstance & { exports: object };
  RuntimeError: ErrorConstructor;
};

// FPDF_GetLastError's codes (fpdfview.h).
const FPDF_ERR_PASSWORD = 4;

interface Instance {
  pdfium: WrappedPdfiumModule;
  /** The instance's memory as it is now (it is replaced whenever the memory grows). */
  heap(): Uint8Array;
}

let compiled: Promise<WasmModule> | undefined;
// The cap of the document being read; the grow hook reads it at each request.
let memoryCap = MEMORY_CAP_BYTES;
let current: Promise<Instance> | undefined;

function wasmModule(): Promise<WasmModule> {
  compiled ??= WebAssembly.compile(readFileSync(createRequire(import.meta.url).resolve('@embedpdf/pdfium/pdfium.wasm')));
  return compiled;
}

async function newInstance(): Promise<Instance> {
  const module = await wasmModule();
  const pdfium = await init({
    // Instantiated here rather than by the package, to wrap the one import through which the
    // module grows its memory.
    instantiateWasm(imports: { env: Record<string, unknown> }, receive: (instance: WasmInstance) => void) {
      const { env } = imports;
      const grow = env.emscripten_resize_heap as (bytes: number) => boolean;
      env.emscripten_resize_heap = (bytes: number) => (bytes >>> 0 > memoryCap ? false : grow(bytes));
      // At once, from the module compiled once: a failure here rejects init's promise.
      const instance = new WebAssembly.Instance(module, imports);
      receive(instance);
      return instance.exports;
    },
    // PDFium's complaints about a broken file, and the aborts that end in a thrown error anyway.
    print: () => {},
    printErr: () => {},
  } as Parameters<typeof init>[0]);
  pdfium.PDFiumExt_Init();
  // The glue keeps HEAPU8 up to date as the memory grows; the package's types leave it out.
  const runtime = pdfium.pdfium as unknown as { HEAPU8: Uint8Array };
  return { pdfium, heap: () => runtime.HEAPU8 };
}

/** The text of each page (lines split by "\n"). Throws ExtractError for encrypted, unreadable or too demanding files. */
export async function pdfiumPages(bytes: Uint8Array, memoryCapBytes = MEMORY_CAP_BYTES): Promise<string[]> {
  current ??= newInstance();
  // A module that could not start (a broken install) is tried again with the next document.
  const instance = await current.catch((error: unknown) => {
    current = undefined;
    throw asExtractError(error);
  });
  memoryCap = memoryCapBytes;
  let trapped = false;
  try {
    return readPages(instance, bytes);
  } catch (error) {
    // A trap or an abort (out of memory) may leave the instance broken; PDFium's error codes do not.
    trapped = !(error instanceof ExtractError);
    throw trapped ? asExtractError(error) : error;
  } finally {
    if (trapped || instance.heap().length >= KEEP_INSTANCE_BELOW_BYTES) current = undefined;
  }
}

function readPages({ pdfium, heap }: Instance, bytes: Uint8Array): string[] {
  const { malloc, free } = pdfium.pdfium.wasmExports;
  const data = malloc(bytes.length);
  if (data === 0) throw new ExtractError(ExtractErrorCode.memory, 'The PDF does not fit in the PDF reader\'s memory limit');
  try {
    heap().set(bytes, data);
    const document = pdfium.FPDF_LoadMemDocument(data, bytes.length, '');
    if (document === 0) throw openError(pdfium.FPDF_GetLastError());
    try {
      const pages: string[] = [];
      const count = pdfium.FPDF_GetPageCount(document);
      for (let index = 0; index < count; index++) pages.push(pageText(pdfium, heap, document, index));
      return pages;
    } finally {
      pdfium.FPDF_CloseDocument(document);
    }
  } finally {
    free(data);
  }
}

function pageText(pdfium: WrappedPdfiumModule, heap: () => Uint8Array, document: number, index: number): string {
  const page = pdfium.FPDF_LoadPage(document, index);
  if (page === 0) return ''; // A page PDFium cannot parse: the others still count.
  const textPage = pdfium.FPDFText_LoadPage(page);
  try {
    if (textPage === 0) return '';
    const chars = pdfium.FPDFText_CountChars(textPage);
    if (chars <= 0) return '';
    // UTF-16 code units and a terminating zero.
    const buffer = pdfium.pdfium.wasmExports.malloc((chars + 1) * 2);
    if (buffer === 0) throw new ExtractError(ExtractErrorCode.memory, 'The PDF\'s text does not fit in the PDF reader\'s memory limit');
    try {
      const written = pdfium.FPDFText_GetText(textPage, 0, chars, buffer);
      const units = heap();
      return asPageLines(UTF16.decode(units.subarray(buffer, buffer + Math.max(0, written - 1) * 2)));
    } finally {
      pdfium.pdfium.wasmExports.free(buffer);
    }
  } finally {
    if (textPage !== 0) pdfium.FPDFText_ClosePage(textPage);
    pdfium.FPDF_ClosePage(page);
  }
}

// PDFium ends lines with "\r\n", and where a line ends in a hyphen it drops the line break and
// writes U+FFFE for the hyphen. Given back as the hyphen and the line break the page shows, the
// halves are joined or not by joinPdfPages's rule, the same for every reader.
const PDFIUM_HYPHEN = /\uFFFE/g;
const CRLF = /\r\n?/g;
const UTF16 = new TextDecoder('utf-16le');

function asPageLines(text: string): string {
  return text.replace(CRLF, '\n').replace(PDFIUM_HYPHEN, '-\n');
}

function openError(code: number): ExtractError {
  return code === FPDF_ERR_PASSWORD
    ? new ExtractError(ExtractErrorCode.encrypted, 'Encrypted PDF: a password is needed to open it')
    : new ExtractError(ExtractErrorCode.corrupt, `Unreadable PDF (PDFium error ${code})`);
}

function asExtractError(error: unknown): ExtractError {
  // An abort: PDFium asked for more memory than the cap allows (the only abort a file can cause).
  if (error instanceof WebAssembly.RuntimeError) {
    return new ExtractError(ExtractErrorCode.memory, `The PDF needs more than ${memoryCap / 2 ** 20} MiB to read`, { cause: error });
  }
  return new ExtractError(ExtractErrorCode.failed, `PDFium failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}
