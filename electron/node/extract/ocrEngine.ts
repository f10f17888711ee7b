// Optical character recognition through tesseract.js, with everything it needs taken from npm
// packages on disk: each language's trained data from its @tesseract.js-data package (langPath,
// shared/ocrLanguages.ts), the WebAssembly core from tesseract.js-core (loaded by tesseract.js's
// own worker). Nothing is fetched and nothing is cached (cacheMethod "none"): a run on a machine
// without a network reads the same.
// One tesseract worker per extraction worker, started at its first scan and kept warm for the
// next; it ends with the extraction worker (a time limit, a cancelled scan, the pool's end), or
// when the languages to read in change.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createWorker, OEM } from 'tesseract.js';
import type { Worker } from 'tesseract.js';
import { DEFAULT_OCR_LANGUAGES, ocrDataPackage, ocrLanguageSet, ocrLanguageText } from '../../../shared/ocrLanguages.ts';
import type { OcrLanguage } from '../../../shared/ocrLanguages.ts';
import { atReadingResolution, encodeGrayPng, isBlank } from './scanImage.ts';
import type { GrayImage } from './scanImage.ts';

const require = createRequire(import.meta.url);

/**
 * The folder holding the @tesseract.js-data packages, as a file: URL. tesseract.js takes one
 * langPath and reads `<langPath>/<code>.traineddata.gz` from it; given a file: URL it asks its
 * fetch, which the OCR thread (ocrWorkerEntry.mjs) answers from `<code>/4.0.0_best_int` in this
 * folder, copying nothing: the "best_int" LSTM model, the one tesseract.js itself picks for the
 * LSTM engine (the package's other folder adds the legacy engine's data, four times the size).
 */
export const OCR_DATA_URL = pathToFileURL(dirname(dirname(require.resolve(`${ocrDataPackage('eng')}/package.json`)))).href;

/** The options tesseract.js starts with: local data, no cache, and a thread without the network. */
export const OCR_OPTIONS = { langPath: OCR_DATA_URL, cacheMethod: 'none', gzip: true, workerPath: fileURLToPath(new URL('./ocrWorkerEntry.mjs', import.meta.url)),
};

let started: Promise<Worker> | undefined;
/** The languages the next scan is read in, and those of the running worker. */
let languages: readonly OcrLanguage[] = DEFAULT_OCR_LANGUAGES;
let startedLanguages = languages;

/**
 * Reads the next scans in `chosen` (the extraction worker's, from its pool): a tesseract worker
 * started for other languages is ended, and one for these starts at the next scan.
 */
export async function useOcrLanguages(chosen: readonly OcrLanguage[] | undefined): Promise<void> {
  languages = ocrLanguageSet(chosen);
  if (started && ocrLanguageText(startedLanguages) !== ocrLanguageText(languages)) await stopOcr();
}

function ocrWorker(): Promise<Worker> {
  if (started) return started;
  startedLanguages = languages;
  started = startOcrWorker(OCR_OPTIONS, languages).catch((error: unknown) => {
    // A failed start is not remembered: the next scan tries again.
    started = undefined;
    throw error;
  });
  return started;
}

/** A tesseract worker for `set` (tests start one with other options to see them refused). */
export function startOcrWorker(options: typeof OCR_OPTIONS, set: readonly OcrLanguage[] = DEFAULT_OCR_LANGUAGES): Promise<Worker> {
  return new Promise((resolve, reject) => {
    let ready = false;
    // Without a handler tesseract.js throws its thread's errors from an event handler, out of
    // reach; and a failed start (data that cannot be read) never settles createWorker's promise.
    // Errors after the start reach the caller as the rejection of the call that failed.
    const errorHandler = (error: unknown) => {
      if (!ready) reject(new Error(`OCR could not start: ${String(error)}`));
    };
    createWorker(ocrLanguageText(set), OEM.LSTM_ONLY, { ...options, errorHandler }).then((worker) => {
      ready = true;
      resolve(worker);
    }, reject);
  });
}

/** The text tesseract reads on a grey image scanned at `dpi`. */
export async function recognizeText(image: GrayImage, dpi: number): Promise<string> {
  const worker = await ocrWorker();
  // Told rather than guessed: tesseract's own estimate from the text height misjudges sparse pages.
  // No second reading of each line as white on black (tessedit_do_invert): scanned letters and
  // manuals print dark on light, and that reading cost 9 % of a page for the same words
  // (docs/benchmarks.md, bench:ocr); a light-on-dark heading is then missed, which lowers a
  // scan's figure and never raises it.
  await worker.setParameters({ user_defined_dpi: String(Math.round(dpi)), tessedit_do_invert: '0' });
  const { data } = await worker.recognize(Buffer.from(encodeGrayPng(image)), {}, { text: true });
  return data.text;
}

/** The text of one scanned picture at `dpi`: shrunk to the reading resolution; nothing for a blank page. */
export async function readScannedPicture(picture: GrayImage, dpi: number): Promise<string> {
  const image = atReadingResolution(picture, dpi);
  return isBlank(image) ? '' : recognizeText(image, (dpi * image.width) / picture.width);
}

/** Ends the tesseract worker, if one runs (tests; the extraction worker's end ends it anyway). */
export async function stopOcr(): Promise<void> {
  const worker = started;
  started = undefined;
  if (worker) await (await worker).terminate();
}
