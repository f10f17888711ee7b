// Long synchronous work at scale (grouping 200k files) holds the event loop, and with it Ctrl-C
// and progress. These let it run between steps, then stop the work if it was cancelled.

/** Lets the event loop run once, then throws the signal's reason if it aborted meanwhile. */
export async function yieldTo(signal: AbortSignal | undefined): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  signal?.throwIfAborted();
}

/** For a long loop: each call yields (as yieldTo) once `sliceMs` have passed since the last yield. */
export function createYielder(signal: AbortSignal | undefined, sliceMs = 20): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await yieldTo(signal);
    sliceStart = performance.now();
  };
}
