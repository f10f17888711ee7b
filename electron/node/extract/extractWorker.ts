// The extraction worker (run by extractThread.mjs): a batch of files in, a text or an error for each
// out. Every failure a file can cause comes back as a result; only the pool's limits end a worker.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { BroadcastChannel, workerData } from 'node:worker_threads';
import type { DocumentFormat } from '../../../shared/report.ts';
import { releaseArray } from '../../../shared/fingerprint/releaseArray.ts';
import { systemErrorText } from '../scan/fileErrors.ts';
import { toFsPath } from '../scan/fsPath.ts';
import { decodeText } from './decodeText.ts';
import { DETECT_SAMPLE_BYTES, detectFormat, isTiffName } from './detectFormat.ts';
import type { Detection } from './detectFormat.ts';
import { isPackagedFormat, packagedDocumentText } from './documentReaders.ts';
import { COLLECT_AFTER_BYTES, collectGarbage } from './collectGarbage.ts';
import { ExtractError, ExtractErrorCode } from './extractError.ts';
import { htmlFileText } from './htmlText.ts';
import { mailSkeleton } from './mailSkeleton.ts';
import { joinPdfPages } from './pdfPages.ts';
import type * as PdfText from './pdfText.ts';
import { clearSlot, markStarted, SCAN_PAGES_CHANNEL } from './extractProtocol.ts';
import type { ExtractBatch, ExtractFailure, ExtractResult, ExtractWorkerData, PostProcess, ScanPageMessage } from './extractProtocol.ts';

const { maxFileBytes, progress, epoch, ocr, ocrLanguages } = workerData as ExtractWorkerData;
// Text the text layer of a PDF lacks (a scan) when it has no letter or digit at all.
const READABLE = /[\p{L}\p{N}]/u;
// Files up to this size are read with one call; see readDocument.
const WHOLE_READ_BYTES = 64 * 1024;
// Each post-process step this worker has met, loaded once: a warm worker serves every step of a scan.
const postProcesses = new Map<string, Promise<PostProcess<object>>>();

export default async function extractBatch({ slot, paths, step }: ExtractBatch): Promise<ExtractResult<object>[]> {
  const results: ExtractResult<object>[] = [];
  for (const [index, path] of paths.entries()) {
    // The pool's time limit runs from here, and it learns which file to blame if this worker dies.
    markStarted(progress, slot, index, epoch);
    // A scan restarts the clock at each page: the time limit holds for every page it reads.
    const result = await extractFile(path, step, (page, pages) => {
      markStarted(progress, slot, index, epoch);
      scanPages().postMessage({ path, page, pages } satisfies ScanPageMessage);
    });
    results.push(result);
    // A long document leaves its scratch behind, and its text once a post-process step has made the
    // (small) result: freed now, not beside the next long document or through an idle spell.
    if (result.ok && result.bytes >= COLLECT_AFTER_BYTES) collectGarbage();
  }
  // Done: until the pool hears of it (later, if its event loop is busy) no file of this batch runs,
  // so its watchdog cannot blame the last one for the wait.
  clearSlot(progress, slot);
  return results;
}

async function extractFile(path: string, step: string | undefined, restartClock: (page: number, pages: number) => void): Promise<ExtractResult<object>> {
  try {
    const { format, bytes, text, scanned } = await readDocument(path, restartClock);
    const output = step === undefined ? { text } : await (await loadPostProcess(step))(text, format);
    // A scan's text goes back too (it is short, and OCR is dear): the scan's checks read it rather than the scan again.
    return { ok: true, format, bytes, ...output, ...(scanned ? { scanned, ...(step === undefined ? {} : { scanText: text }) } : {}) };
  } catch (error) {
    return failure(error);
  }
}

async function readDocument(path: string, restartClock: (page: number, pages: number) => void): Promise<{ format: DocumentFormat; bytes: number; text: string; scanned?: true }> {
  // Non-blocking, so a file swapped for a FIFO since the walk cannot hang the worker on open.
  const fd = openSync(toFsPath(path), constants.O_RDONLY | constants.O_NONBLOCK);
  let content: Uint8Array;
  let format: DocumentFormat;
  // The bytes read: the file's, though of a large mail only its text parts are kept.
  let bytes: number;
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new ExtractError(ExtractErrorCode.notDocument, 'Not a regular file any more');
    const { size } = stats;
    // The first bytes decide whether this is a document at all: a binary is never read further,
    // nor reported as too big. A small file is read whole at once: a second read (and copy) cost
    // more than the few kilobytes a binary's first read then wastes.
    const whole = size <= WHOLE_READ_BYTES;
    const head = new Uint8Array(whole ? size : DETECT_SAMPLE_BYTES);
    const headLength = readInto(fd, head, 0, head.length);
    // A TIFF is an image, no document, unless scans are read: then it is a scan to read with OCR.
    const detection: Detection = ocr && isTiffName(path) ? { ok: true, format: 'tiff' } : detectFormat(path, head.subarray(0, Math.min(headLength, DETECT_SAMPLE_BYTES)));
    if (!detection.ok) throw new ExtractError(detection.code, detection.message);
    format = detection.format;
    if (size > maxFileBytes) {
      if (format !== 'eml') throw new ExtractError(ExtractErrorCode.tooBig, `Larger than the ${formatMiB(maxFileBytes)} extraction limit`);
      // A mail past the limit is nearly all attachments: read without them (mailSkeleton.ts), only its text counts.
      content = await mailSkeleton((into, position) => readSync(fd, into, 0, into.length, position), maxFileBytes);
    } else if (whole) {
      // A file that shrank since fstat is read as it is now; bytes it gained are not read.
      content = headLength === size ? head : head.subarray(0, headLength);
    } else {
      const buffer = new Uint8Array(size);
      buffer.set(head.subarray(0, headLength));
      const length = headLength + readInto(fd, buffer, headLength, size - headLength);
      content = length === size ? buffer : buffer.subarray(0, length);
    }
    bytes = size > maxFileBytes ? size : content.length;
  } finally {
    closeSync(fd);
  }
  if (format === 'tiff') {
    const { scannedTiffText } = await import('./scannedTiffText.ts');
    try {
      await readScansInLanguages();
      return { format, bytes, text: await scannedTiffText(content, restartClock), scanned: true };
    } catch (error) {
      throw new ScanFailed(error);
    }
  }
  if (format === 'pdf') {
    const { pdfPageTexts } = await loadPdfText();
    // pdf.js takes over the buffer it reads: OCR, which may read the file next, keeps a copy.
    const pages = await pdfPageTexts(ocr ? content.slice() : content);
    // With OCR, the pages without a text layer (a scan, or scanned pages in a PDF of text) are read with it.
    const pictured = ocr ? pages.flatMap((page, i) => (READABLE.test(page) ? [] : [i + 1])) : [];
    if (pictured.length === 0) return { format, bytes, text: joinPdfPages(pages) };
    const { MAX_SCAN_PAGES, scannedPdfPages } = await import('./scannedPdfText.ts');
    // A long document of text and many pictures is read by its text layer, not ground through for hours.
    if (pictured.length < pages.length && pictured.length > MAX_SCAN_PAGES) return { format, bytes, text: joinPdfPages(pages) };
    let read: string[];
    try {
      await readScansInLanguages();
      read = await scannedPdfPages(content, restartClock, pictured.length === pages.length ? undefined : new Set(pictured));
    } catch (error) {
      throw new ScanFailed(error);
    }
    // Page order kept: each page's own text, or what OCR read of it. Pictures OCR found no words in leave the document as its text layer read it.
    const merged = pictured.length === pages.length ? read : pages.map((page, i) => (READABLE.test(page) ? page : (read[i] ?? '')));
    const scanned = pictured.some((number) => READABLE.test(read[number - 1] ?? ''));
    return { format, bytes, text: joinPdfPages(merged), ...(scanned || pictured.length === pages.length ? { scanned: true as const } : {}) };
  }
  if (isPackagedFormat(format)) return { format, bytes, text: await packagedDocumentText(format, content) };
  const text = format === 'html' ? htmlFileText(content) : decodeText(content);
  // The decoded text is a copy: the file's bytes go now, not whenever this worker next collects.
  releaseArray(content);
  return { format, bytes, text };
}

/** Reads up to `length` bytes at `offset`, stopping early only at the end of the file. */
function readInto(fd: number, buffer: Uint8Array, offset: number, length: number): number {
  let total = 0;
  while (total < length) {
    const read = readSync(fd, buffer, offset + total, length - total, null);
    if (read === 0) break;
    total += read;
  }
  return total;
}

// The PDF readers are large (PDFium, pdf.js): a worker that never meets a PDF never loads them.
let pdfTextLoaded: Promise<typeof PdfText> | undefined;
function loadPdfText(): Promise<typeof PdfText> {
  pdfTextLoaded ??= import('./pdfText.ts');
  return pdfTextLoaded;
}

// The languages OCR reads in are this worker's for its life: told to the engine before its first scan.
let languagesTold: Promise<void> | undefined;
function readScansInLanguages(): Promise<void> {
  languagesTold ??= import('./ocrEngine.ts').then((engine) => engine.useOcrLanguages(ocrLanguages));
  return languagesTold;
}

let pageChannel: BroadcastChannel | undefined;
function scanPages(): BroadcastChannel {
  if (pageChannel === undefined) {
    pageChannel = new BroadcastChannel(SCAN_PAGES_CHANNEL);
    // Only sent on: it must not keep the worker alive.
    pageChannel.unref();
  }
  return pageChannel;
}

function loadPostProcess(url: string): Promise<PostProcess<object>> {
  let loaded = postProcesses.get(url);
  if (loaded === undefined) {
    loaded = import(url).then((module: { default: PostProcess<object> }) => module.default);
    postProcesses.set(url, loaded);
  }
  return loaded;
}

/** A failure while reading a scan with OCR: reported as the error, marked as the scan's. */
class ScanFailed {
  readonly error: unknown;
  constructor(error: unknown) {
    this.error = error;
  }
}

function failure(error: unknown): ExtractFailure {
  if (error instanceof ScanFailed) return { ...failure(error.error), scanned: true };
  if (error instanceof ExtractError) return { ok: false, code: error.code, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  // System errors carry their errno code (ENOENT, EACCES, EISDIR…).
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return { ok: false, code, message: systemErrorText(error as NodeJS.ErrnoException) ?? message };
  // An allocation the heap limit refused ("Array buffer allocation failed", "Invalid string length").
  if (error instanceof RangeError) return { ok: false, code: ExtractErrorCode.memory, message };
  return { ok: false, code: ExtractErrorCode.failed, message };
}

function formatMiB(bytes: number): string {
  return `${Math.round((bytes / 2 ** 20) * 10) / 10} MiB`;
}
