// The thread tesseract.js runs OCR in (its workerPath): its own worker script, with the network
// taken away first. Its data and core are read from npm packages on disk (ocrEngine.ts); should any
// option ever point it at a URL, the read fails here instead of downloading, and the thread ends
// (tesseract.js would otherwise keep it, idle, waiting for a start that never comes).
// Its trained data: tesseract.js reads every language from one langPath, as
// `<langPath>/<code>.traineddata.gz`, and asks fetch for it when langPath is a file: URL. Each
// language lies in its own package (@tesseract.js-data/<code>/4.0.0_best_int), so fetch answers
// such a URL from that folder of the package beside it: one file read from disk, nothing copied.
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import { join } from 'node:path';
import process from 'node:process';
import { setImmediate } from 'node:timers';
import { fileURLToPath } from 'node:url';

const TRAINED_DATA = /^(.*)[\\/]([a-z]{3}(?:_[a-z]+)?)\.traineddata\.gz$/;

function noDownload() {
  setImmediate(() => process.exit(1));
  throw new Error('OCR downloads nothing: its trained data and core come from npm packages');
}

/** A language's trained data from its package's best_int folder; anything else is no download. */
async function readTrainedData(url) {
  const match = String(url).startsWith('file:') ? TRAINED_DATA.exec(fileURLToPath(String(url))) : null;
  if (!match) return noDownload();
  const [, packages, code] = match;
  return new globalThis.Response(await readFile(join(packages, code, '4.0.0_best_int', `${code}.traineddata.gz`)));
}

globalThis.fetch = readTrainedData;
net.Socket.prototype.connect = noDownload;

await import('tesseract.js/src/worker-script/node/index.js');
