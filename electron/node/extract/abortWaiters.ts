// Who waits on which abort signal, with one listener per signal however many wait on it: a
// listener per waiter made each removal scan the signal's whole list, quadratic in the number of
// documents a scan hands the extraction pool under one signal.

export class AbortWaiters<Waiter> {
  readonly #waiting = new Map<AbortSignal, Set<Waiter>>();
  readonly #aborted: (signal: AbortSignal, waiters: Waiter[]) => void;
  readonly #onAbort = (event: Event) => {
    const signal = event.target as AbortSignal;
    const waiters = [...(this.#waiting.get(signal) ?? [])];
    this.#waiting.delete(signal);
    this.#aborted(signal, waiters);
  };

  /** `aborted` is told of each signal that aborts, with those still waiting on it. */
  constructor(aborted: (signal: AbortSignal, waiters: Waiter[]) => void) {
    this.#aborted = aborted;
  }

  add(signal: AbortSignal, waiter: Waiter): void {
    let waiters = this.#waiting.get(signal);
    if (waiters === undefined) {
      waiters = new Set();
      this.#waiting.set(signal, waiters);
      signal.addEventListener('abort', this.#onAbort, { once: true });
    }
    waiters.add(waiter);
  }

  delete(signal: AbortSignal, waiter: Waiter): void {
    const waiters = this.#waiting.get(signal);
    if (waiters === undefined || !waiters.delete(waiter) || waiters.size > 0) return;
    this.#waiting.delete(signal);
    signal.removeEventListener('abort', this.#onAbort);
  }
}
