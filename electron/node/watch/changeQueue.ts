// Bursts of file events become batches. One save is several events (write, chmod, rename) and a
// folder copied in is thousands, so a batch is taken a moment after the last event of a burst,
// or later when an event may be the first half of a pair (a rename's removal), but at the latest
// a second after the burst's first event, so that a steady stream of writes still shows.
//
// While the engine's own clean-up or undo runs, the batches are held (ChangeHold): its files
// leave one by one for seconds, and analysing the folders every second meanwhile took the CPU
// the batch needed (trashing 100 files took three times the CLI's time). Events keep being
// collected, so nothing another program does meanwhile is lost; at the release they are analysed
// together, once.
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

/** Holds the batches of every queue made with it, across watches started and stopped meanwhile. */
export interface ChangeHold {
  /** Holds until the returned release is called (holds nest: each must be released). */
  hold(): () => void;
  readonly held: boolean;
  /** Calls `listener` whenever the last hold is released; returns what unsubscribes it. */
  onRelease(listener: () => void): () => void;
  /** Resolves once a batch has fallen due while held: what a test waits for before releasing. */
  whenDue(): Promise<void>;
  /** Told by a queue whose batch fell due while held. */
  due(): void;
}

export function createChangeHold(): ChangeHold {
  let holds = 0;
  const listeners = new Set<() => void>();
  let dueWaiters: (() => void)[] = [];
  return {
    hold() {
      holds++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (--holds > 0) return;
        for (const listener of [...listeners]) listener();
      };
    },
    get held() {
      return holds > 0;
    },
    onRelease(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    whenDue: () => new Promise<void>((resolve) => dueWaiters.push(resolve)),
    due() {
      const waiters = dueWaiters;
      dueWaiters = [];
      for (const resolve of waiters) resolve();
    },
  };
}

export function createChangeQueue(signal: AbortSignal, hold?: ChangeHold): ChangeQueue {
  let paths = new Set<string>();
  let firstAddedAt = 0;
  let dueAt = 0;
  let pathsDue = false;
  let rescanDue = false;
  let debounce: NodeJS.Timeout | undefined;
  let rescanTimer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;

  function notify(): void {
    if (hold?.held) {
      hold.due();
      return;
    }
    wake?.();
    wake = undefined;
  }

  function arm(now: number): void {
    clearTimeout(debounce);
    // Past due already when events kept coming while the loop was busy: at once (Node warns of a negative delay).
    debounce = setTimeout(
      () => {
        pathsDue = true;
        notify();
      },
      Math.max(0, dueAt - now),
    );
  }

  // At the release the events collected meanwhile wait a debounce more: the batch's last events
  // may still be on their way, and would otherwise make a second analysis.
  const stopListening = hold?.onRelease(() => {
    if (signal.aborted) return;
    if (paths.size > 0) {
      const now = performance.now();
      pathsDue = false;
      firstAddedAt = now;
      dueAt = now + DEBOUNCE_MS;
      arm(now);
    } else if (rescanDue) notify();
  });
  signal.addEventListener(
    'abort',
    () => {
      clearTimeout(debounce);
      clearTimeout(rescanTimer);
      stopListening?.();
      wake?.();
      wake = undefined;
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
      arm(now);
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
      while (!signal.aborted && (hold?.held || (!pathsDue && !rescanDue))) await new Promise<void>((resolve) => (wake = resolve));
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
