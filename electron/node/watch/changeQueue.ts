// Bursts of file events become batches. One save is several events (write, chmod, rename) and a
// folder copied in is thousands, so a batch is taken a moment after the last event of a burst,
// or later when an event may be the first half of a pair (a rename's removal), but at the latest
// a second after the burst's first event, so that a steady stream of writes still shows.
export const DEBOUNCE_MS = 150;
export const MAX_BATCH_DELAY_MS = 1000;

export interface Batch {
  /** Paths named by the watcher since the last batch. */
  paths: Set<string>;
  /** True when the roots without native watching are due to be rescanned. */
  rescan: boolean;
}

export interface ChangeQueue {
  /** `settleMs`: how long to wait for events that may complete this one. */
  add(path: string, settleMs?: number): void;
  rescanIn(delayMs: number): void;
  /** Waits for the next batch to be due; undefined once the signal has aborted. */
  next(): Promise<Batch | undefined>;
}

export function createChangeQueue(signal: AbortSignal): ChangeQueue {
  let paths = new Set<string>();
  let firstAddedAt = 0;
  let dueAt = 0;
  let pathsDue = false;
  let rescanDue = false;
  let debounce: NodeJS.Timeout | undefined;
  let rescanTimer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;

  function notify(): void {
    wake?.();
    wake = undefined;
  }
  signal.addEventListener(
    'abort',
    () => {
      clearTimeout(debounce);
      clearTimeout(rescanTimer);
      notify();
    },
    { once: true },
  );

  return {
    add(path, settleMs = 0) {
      if (signal.aborted) return;
      const now = performance.now();
      if (paths.size === 0) firstAddedAt = dueAt = now;
      paths.add(path);
      dueAt = Math.min(firstAddedAt + MAX_BATCH_DELAY_MS, Math.max(dueAt, now + Math.max(DEBOUNCE_MS, settleMs)));
      clearTimeout(debounce);
      // Past due already when events kept coming while the loop was busy: at once (Node warns of a negative delay).
      debounce = setTimeout(
        () => {
          pathsDue = true;
          notify();
        },
        Math.max(0, dueAt - now),
      );
    },
    rescanIn(delayMs) {
      if (signal.aborted) return;
      clearTimeout(rescanTimer);
      rescanTimer = setTimeout(() => {
        rescanDue = true;
        notify();
      }, delayMs);
    },
    async next() {
      while (!signal.aborted && !pathsDue && !rescanDue) await new Promise<void>((resolve) => (wake = resolve));
      if (signal.aborted) return undefined;
      // A due rescan takes the paths pending so far along: they are re-read in the same pass.
      const batch: Batch = { paths, rescan: rescanDue };
      clearTimeout(debounce);
      paths = new Set();
      pathsDue = rescanDue = false;
      return batch;
    },
  };
}
