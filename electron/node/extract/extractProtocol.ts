// What the extraction pool and its workers exchange, and what modules plugging into the worker see.
import type { OcrLanguage } from '../../../shared/ocrLanguages.ts';
import type { DocumentFormat } from '../../../shared/report.ts';

export interface ExtractFailure {
  ok: false;
  /** An errno code (ENOENT, EACCES…) or one of ExtractErrorCode. */
  code: string;
  message: string;
  /** The failure came from reading a scan with OCR (a reading without OCR finds no text, not this). */
  scanned?: true;
}

/**
 * The outcome for one file. Without a post-process step the output is `{ text }`; with one it is
 * whatever that step returns, spread beside the format and size.
 */
export type ExtractResult<Output extends object = { text: string }> =
  | ({
      ok: true;
      format: DocumentFormat;
      /** Bytes read from the file. */ bytes: number;
      /** The text was read with OCR from pictures of pages. */ scanned?: true;
      /** A scan's text beside a post-process step's output: OCR takes seconds a page, so the scan keeps it for its checks (scanTexts.ts). */ scanText?: string;
    } & Output)
  | ExtractFailure;

/**
 * The default export of a post-process module: runs in the worker on each extracted text, so that
 * what crosses back to the caller is its (smaller) result rather than the whole text.
 */
export type PostProcess<Output extends object> = (text: string, format: DocumentFormat) => Output | Promise<Output>;

export interface ExtractWorkerData {
  maxFileBytes: number;
  /** Per batch slot, two Int32 cells: which file of the batch runs (1-based, 0 = none yet) and since when. */
  progress: Int32Array;
  /** monotonicMs() when the pool started; the progress clock counts from it. */
  epoch: number;
  /** Read scans (PDFs without a text layer) with OCR. */
  ocr?: boolean;
  /** The languages OCR reads scans in (default English). */
  ocrLanguages?: readonly OcrLanguage[];
}

/** Several files per task: one worker round trip costs about as much as reading a small file. */
export interface ExtractBatch {
  /** This batch's cells in the progress array. */
  slot: number;
  paths: string[];
  /** The post-process module's URL, run on each text (loaded once per worker); none: the texts come back. */
  step?: string;
}

/** Milliseconds on a clock shared by all threads that never jumps. */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint() / 1_000_000n);
}

/** Records in shared memory that file `index` of the batch in `slot` starts now. */
export function markStarted(progress: Int32Array, slot: number, index: number, epoch: number): void {
  Atomics.store(progress, slot * 2 + 1, monotonicMs() - epoch);
  Atomics.store(progress, slot * 2, index + 1);
}

/** The batch index of the file running in `slot` and how long it has run, or null before the first. */
export function runningFile(progress: Int32Array, slot: number, epoch: number): { index: number; ms: number } | null {
  // Read in the opposite order of markStarted's writes: the start time is never older than the index.
  const started = Atomics.load(progress, slot * 2);
  if (started === 0) return null;
  return { index: started - 1, ms: monotonicMs() - epoch - Atomics.load(progress, slot * 2 + 1) };
}

export function clearSlot(progress: Int32Array, slot: number): void {
  Atomics.store(progress, slot * 2, 0);
}

/** Where extraction workers say which page of a scan OCR is reading (one channel for the process). */
export const SCAN_PAGES_CHANNEL = 'shingle-scan-pages';

/** A message on SCAN_PAGES_CHANNEL: OCR starts on `page` of the scan at `path`. */
export interface ScanPageMessage {
  path: string;
  page: number;
  pages: number;
}
