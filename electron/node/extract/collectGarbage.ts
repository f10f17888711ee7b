// A full garbage collection on request, for extraction workers. V8 collects when a thread
// allocates: a worker that has read a long document and then waits (idle, or while another worker
// reads the next long one) keeps that document's text and scratch, hundreds of MB, for as long as
// it waits. Node offers no collection call without --expose-gc, which a worker thread cannot be
// given (ERR_WORKER_INVALID_EXEC_ARGV): the flag is turned on just long enough to take V8's gc()
// from a fresh context, then off again, so no other context gets it.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Workers collect after a document of this size. A full collection of a worker's small live heap
 * costs a few ms: nothing next to reading this much. */
export const COLLECT_AFTER_BYTES = 8 * 2 ** 20;

let gc: (() => void) | undefined;

export function collectGarbage(): void {
  if (gc === undefined) {
    setFlagsFromString('--expose-gc');
    try {
      gc = runInNewContext('gc') as () => void;
    } finally {
      setFlagsFromString('--no-expose-gc');
    }
  }
  gc();
}
