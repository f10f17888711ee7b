// The hashing threads, and what passes between them and the main thread. A task is a batch of
// files: one message per file would cost more than hashing most small files.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

/** Bytes taken from each of the start, the middle and the end of a file for its sample hash. */
export const SAMPLE_CHUNK_BYTES = 4096;

/**
 * Files up to this size are hashed whole in the sample pass, so their sample hash is final. Reading
 * a few more KiB costs little next to the open and stats every file pays, and spares a second pass.
 */
export const WHOLE_FILE_SAMPLE_LIMIT = 3 * SAMPLE_CHUNK_BYTES;

/** Length of one digest in HashResult.digests: xxh3-128. */
export const DIGEST_BYTES = 16;

// Parallel arrays rather than one object per file: cloning them into the thread costs a fifth.
export interface HashTask {
  /** Sample pass (start, middle and end, or the whole of a small file) or full-content pass. */
  sample: boolean;
  paths: string[];
  /** Size, mtime and ctime of each file as walked: a file that no longer matches them has changed. */
  sizes: Float64Array;
  mtimesMs: Float64Array;
  ctimesMs: Float64Array;
}

export interface HashFileError {
  /** Index into HashTask.paths. */
  index: number;
  code: string;
  message: string;
}

export interface HashResult {
  /** DIGEST_BYTES per file, in task order; the rows of failed files are meaningless. */
  digests: Uint8Array;
  errors: HashFileError[];
  bytesRead: number;
}

/** What each thread is told at start: passed as data so that threads need not load this module. */
export interface HashWorkerData {
  sampleChunkBytes: number;
  wholeFileSampleLimit: number;
}

export interface HashPool {
  /** Rejects with piscina's AbortError when the signal aborts; a running task's thread is ended. */
  hash(task: HashTask, signal?: AbortSignal): Promise<HashResult>;
  /** Ends every thread; outstanding tasks reject. */
  destroy(): Promise<void>;
}

export interface HashPoolOptions {
  /** Two readers keep a disk and the hashing busy; more mostly contend with each other. */
  threads?: number;
}

export function createHashPool(options: HashPoolOptions = {}): HashPool {
  const threads = options.threads ?? Math.min(2, availableParallelism());
  const piscina = new Piscina<HashTask, HashResult>({
    filename: new URL('./hashWorker.ts', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    workerData: { sampleChunkBytes: SAMPLE_CHUNK_BYTES, wholeFileSampleLimit: WHOLE_FILE_SAMPLE_LIMIT } satisfies HashWorkerData,
  });
  return {
    hash: (task, signal) => piscina.run(task, { signal: signal ?? null }),
    destroy: () => piscina.destroy(),
  };
}
