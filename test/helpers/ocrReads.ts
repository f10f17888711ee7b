// For tests that count how often a file is read with OCR: extractPool.ts, mocked with
// `vi.mock(…extractPool.ts, async (original) => (await import('…/ocrReads.ts')).countingOcrReads(await original()))`,
// makes pools that note in `ocrReads` each path a pool with OCR on is asked to read.
import type * as ExtractPoolModule from '../../electron/node/extract/extractPool.ts';

/** The paths asked of pools with OCR on, in order. */
export const ocrReads: string[] = [];

export function countingOcrReads(actual: typeof ExtractPoolModule): typeof ExtractPoolModule {
  return {
    ...actual,
    createExtractPool: (options: ExtractPoolModule.ExtractPoolOptions = {}) => {
      const pool = actual.createExtractPool(options);
      return {
        ...pool,
        extract(path: string, signal?: AbortSignal, bytes?: number) {
          if (options.ocr) ocrReads.push(path);
          return pool.extract(path, signal, bytes);
        },
      };
    },
  } as typeof ExtractPoolModule;
}
