// Long synchronous work written as a generator that yields between pieces of it: run to the end at
// once (runSteps), or by a caller that lets other work run between the pieces (the engine lets its
// event loop turn, so that Ctrl-C is heard while 200k documents are indexed).

export type Steps<T> = Generator<void, T, undefined>;

export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Documents indexed between two steps: a few ms of work. */
export const DOCUMENTS_PER_STEP = 4096;
