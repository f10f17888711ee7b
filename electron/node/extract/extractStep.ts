// What an extraction pool's caller asks its workers to make of each text (extractPool.ts).

/**
 * What a worker does with a file's text: runs a post-process module on it (see PostProcess) and
 * hands back its output, or (no module) hands back the text. One pool serves every step: its
 * workers load each step's module once, on first use.
 */
export interface ExtractStep<Output extends object> {
  readonly module?: URL;
  /**
   * Characters past which a worker that handed over a text is ended once its batches are done:
   * an idle worker never collects its garbage, and would keep that text's memory.
   */
  readonly endWorkerAfterChars?: number;
  /** The output's type only; never set. */
  readonly output?: Output;
}

export function postProcessStep<Output extends object>(module: URL): ExtractStep<Output> {
  return { module };
}
