// A full garbage collection on request, for extraction workers and for a scan between its analysis
// and its report (scanService.ts). V8 collects when a thread
// allocates: a worker that has read a long document and then waits (idle, or while another worker
// reads the next long one) keeps that document's text and scratch, hundreds of MB, for as long as
// it waits. Node offers no collection call without --expose-gc, which a worker thread cannot be
// given (ERR_WORKER_INVALID_EXEC_ARGV): the flag is turned on at run time and V8's gc() taken from a
// fresh context. The flag is process-wide and stays on: turning it off again could race with another
// worker between its own two steps (contexts made later merely get a gc global too).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Workers collect after a document of this size. A full collection of a worker's small live heap
 * costs a few ms: nothing next to reading this much.
 */
export const COLLECT_AFTER_BYTES = 8 * 2 ** 20;

let gc: (() => void) | undefined;

export function collectGarbage(): void {
  if (gc === undefined) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
