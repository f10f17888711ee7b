// Optical character recognition through tesseract.js, with everything it needs taken from npm
// packages on disk: the English trained data from @tesseract.js-data/eng (langPath), the WebAssembly
// core from tesseract.js-core (loaded by tesseract.js's own worker). Nothing is fetched and nothing
// is cached (cacheMethod "none"): a run on a machine without a network reads the same.
// One tesseract worker per extraction worker, started at its first scan and kept warm for the
// next; it ends with the extraction worker (a time limit, a cancelled scan, the pool's end).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWorker, OEM } from 'tesseract.js';
import type { Worker } from 'tesseract.js';
import { atReadingResolution, encodeGrayPng, isBlank } from './scanImage.ts';
import type { GrayImage } from './scanImage.ts';

const require = createRequire(import.meta.url);

/**
 * The folder of the English model: the "best_int" LSTM model, the one tesseract.js itself picks
 * for the LSTM engine (the other folder adds the legacy engine's data, four times the size).
 */
export const ENGLISH_DATA = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/** The options tesseract.js starts with: local data, no cache, and a thread without the network. */
export const OCR_OPTIONS = { langPath: ENGLISH_DATA, cacheMethod: 'none', gzip: true, workerPath: fileURLToPath(new URL('./ocrWorkerEntry.mjs', import.meta.url)),
};

let started: Promise<Worker> | undefined;

function ocrWorker(): Promise<Worker> {
  started ??= startOcrWorker(OCR_OPTIONS).catch((error: unknown) => {
    // A failed start is not remembered: the next scan tries again.
    started = undefined;
    throw error;
  });
  return started;
}

/** A tesseract worker for English (tests start one with other options to see them refused). */
export function startOcrWorker(options: typeof OCR_OPTIONS): Promise<Worker> {
  return new Promise((resolve, reject) => {
    let ready = false;
    // Without a handler tesseract.js throws its thread's errors from an event handler, out of
    // reach; and a failed start (data that cannot be read) never settles createWorker's promise.
    // Errors after the start reach the caller as the rejection of the call that failed.
    const errorHandler = (error: unknown) => {
      if (!ready) reject(new Error(`OCR could not start: ${String(error)}`));
    };
    createWorker('eng', OEM.LSTM_ONLY, { ...options, errorHandler }).then((worker) => {
      ready = true;
      resolve(worker);
    }, reject);
  });
}

/** The text tesseract reads on a grey image scanned at `dpi`. */
export async function recognizeText(image: GrayImage, dpi: number): Promise<string> {
  const worker = await ocrWorker();
  // Told rather than guessed: tesseract's own estimate from the text height misjudges sparse pages.
  await worker.setParameters({ user_defined_dpi: String(Math.round(dpi)) });
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
