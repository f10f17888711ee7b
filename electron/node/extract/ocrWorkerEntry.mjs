// The thread tesseract.js runs OCR in (its workerPath): its own worker script, with the network
// taken away first. Its data and core are read from npm packages on disk (ocrEngine.ts); should any
// option ever point it at a URL, the read fails here instead of downloading, and the thread ends
// (tesseract.js would otherwise keep it, idle, waiting for a start that never comes).
import net from 'node:net';
import process from 'node:process';
import { setImmediate } from 'node:timers';

function noDownload() {
  setImmediate(() => process.exit(1));
  throw new Error('OCR downloads nothing: its trained data and core come from npm packages');
}
globalThis.fetch = noDownload;
net.Socket.prototype.connect = noDownload;

await import('tesseract.js/src/worker-script/node/index.js');
