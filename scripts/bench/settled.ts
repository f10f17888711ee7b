// A scan keeps nothing it reads of a file modified less than RACY_WINDOW_MS before it began
// (contentCache.ts): a benchmark that scanned a tree straight after writing it would find its
// last files read again by the rescans. Trees and corpora just written wait that long once.
import { RACY_WINDOW_MS } from '../../electron/node/scan/contentCache.ts';

export function waitUntilWrittenFilesSettle(): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RACY_WINDOW_MS + 100);
}
