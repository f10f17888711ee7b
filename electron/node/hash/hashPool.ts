// The hashing threads, and what passes between them and the main thread. A task is a batch of
// files: one message per file would cost more than hashing most small files. Tasks wait here
// until a thread is nearly free, so that the main thread, once it has nothing else to do, can
// take some of them too (assist).
import { createRequire, getCompileCacheDir } from 'node:module';
import { availableParallelism } from 'node:os';
import { setImmediate } from 'node:timers';
import type { Piscina } from 'piscina';
import type * as PiscinaModule from 'piscina';
import type { BatchHasher } from './batchHasher.ts';

// Loaded with the first thread (piscina is CommonJS, so synchronously): a scan that hashes
// nothing does not load it.
const require = createRequire(import.meta.url);

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
  /** Also decide, from the first bytes read, which files are no document (HashResult.notDocuments). */
  detect?: boolean;
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
  /** With HashTask.detect: the files named like documents whose first bytes say they are none, with detectFormat's code and message. */
  notDocuments?: HashFileError[];
}

/** What each thread is told at start: passed as data so that threads need not load this module. */
export interface HashWorkerData {
  sampleChunkBytes: number;
  wholeFileSampleLimit: number;
}

export interface HashPool {
  /**
   * Rejects with an AbortError when the signal aborts. A long task's thread is ended then; a
   * short one is let finish, its result dropped (see LONG_TASK_BYTES).
   */
  hash(task: HashTask, signal?: AbortSignal): Promise<HashResult>;
  /**
   * Lends the calling thread to the hashing until `done` settles: it hashes tasks no thread has
   * taken yet, letting its event loop run every few ms. For a caller with nothing else to do.
   * `whenIdle` runs each time it finds no task to take, before it waits for one or for `done`.
   */
  assist(done: Promise<unknown>, whenIdle?: () => void): Promise<void>;
  /** Ends every thread; outstanding tasks reject. */
  destroy(): Promise<void>;
  /** Whether the threads have been started: not until the first task (see createHashPool). */
  started(): boolean;
  /** Tasks handed to the threads and not yet done. */
  withThreads(): number;
}

export interface HashPoolOptions {
  /** Hashing threads besides the caller's own (see defaultThreads). */
  threads?: number;
  /**
   * Starts the threads only once the tasks waiting add up to this many seconds of reading (see
   * workSeconds); until then they wait for the caller to assist. For a caller that assists once
   * it has planned everything, as a scan does after its walk: a thread costs more than it saves
   * on a little work. Tasks the caller has taken no longer count, so an assisting caller that
   * keeps up with the work never starts a thread. 0 (the default): the threads start with the
   * first task.
   */
  threadsAfterSeconds?: number;
  /**
   * The caller assists once it has planned its work (a scan, after its walk): tasks then wait for
   * it below threadsAfterSeconds, however long that takes, rather than start the threads after
   * UNASSISTED_START_MS. A walk of 20,000 files outlasted that wait, so every scan paid for a
   * thread its work did not need.
   */
  callerAssists?: boolean;
}

/** Per file: open, fstat, close and the first read, on a warm page cache (~25 µs measured). */
const SECONDS_PER_FILE = 25e-6;
const SECONDS_PER_BYTE = 1 / 1.5e9;
/**
 * When threads wait for work to add up, a caller that never assists must not wait forever: the
 * threads start this long after the first task that no one has taken.
 */
const UNASSISTED_START_MS = 300;

/** A rough cost of reading a task on one thread: what its start (~100 ms of CPU) is weighed against. */
function workSeconds(task: HashTask): number {
  const bytes = task.sample ? task.sizes.reduce((sum, size) => sum + Math.min(size, WHOLE_FILE_SAMPLE_LIMIT), 0) : task.sizes.reduce((sum, size) => sum + size, 0);
  return task.paths.length * SECONDS_PER_FILE + bytes * SECONDS_PER_BYTE;
}

/**
 * The main thread walks, then hashes alongside the threads (assist). On two cores one thread
 * keeps both busy: a second one contended with the walk and cost ~100 ms more CPU for its own
 * start-up and compiled code, and it was slower on a loaded machine. With more cores, two: two
 * readers keep a disk and the hashing busy, more mostly contend with each other.
 */
function defaultThreads(): number {
  return availableParallelism() > 2 ? 2 : 1;
}

/**
 * Tasks handed to each thread beyond the one it hashes, queued in the thread itself. Piscina
 * sends a thread its next task only once the main thread has heard that the last one is done,
 * and a busy main thread (walking, planning) hears that only between steps, up to tens of ms
 * apart: with no queue the thread sat idle most of the walk. Once the main thread assists, a
 * short queue, as a task queued in a thread cannot be taken back: the thread and the main
 * thread should run out of work together.
 */
const TASKS_AHEAD_PER_THREAD = 15;
const TASKS_AHEAD_PER_THREAD_ASSISTED = 3;
/**
 * A thread takes ~100 ms to start. Tasks queued in it meanwhile wait there while the caller, once
 * it assists, could hash them at once: measured on 20,000 files of mostly unique sizes, the main
 * thread finished its share and then sat idle 125 ms for the thread's queue. So until a thread
 * has finished a task, an assisted pool hands it only that one.
 */
const TASKS_AHEAD_PER_STARTING_THREAD_ASSISTED = 0;

/**
 * A task that reads more than this may run for long (one huge file): it takes the abort signal
 * into piscina, which ends its thread on abort. Piscina queues nothing behind a task that has a
 * signal, so the short ones go without: after an abort each ends on its own within ~20 ms, its
 * result dropped.
 */
const LONG_TASK_BYTES = 64 * 1024 * 1024;

function isLong(task: HashTask): boolean {
  // A sample reads at most WHOLE_FILE_SAMPLE_LIMIT bytes a file.
  return !task.sample && task.sizes.reduce((sum, size) => sum + size, 0) > LONG_TASK_BYTES;
}

/** The error an aborted task rejects with, named like piscina's. */
class AbortError extends Error {
  constructor(reason: unknown) {
    super('The task has been aborted', { cause: reason });
    this.name = 'AbortError';
  }
}

interface Pending {
  task: HashTask;
  signal: AbortSignal | undefined;
  long: boolean;
  resolve(result: HashResult): void;
  reject(error: unknown): void;
}

/**
 * The threads' environment. module.enableCompileCache() in this thread does not reach worker
 * threads, which then strip and compile their modules afresh on every start; naming the same
 * cache in NODE_COMPILE_CACHE halves their start-up, ~45 of ~90 ms CPU per thread.
 */
function workerEnv(): NodeJS.ProcessEnv {
  const cacheDir = getCompileCacheDir();
  return cacheDir === undefined ? process.env : { ...process.env, NODE_COMPILE_CACHE: cacheDir };
}

/**
 * The threads start with the first task, not with the pool: a scan that finds no two files of one
 * size, or finds every digest in the index (an unchanged rescan), hashes nothing, and a thread's
 * start costs ~100 ms of CPU and ~10 MB on a machine with two cores.
 */
export function createHashPool(options: HashPoolOptions = {}): HashPool {
  const threads = options.threads ?? defaultThreads();
  const workerData: HashWorkerData = { sampleChunkBytes: SAMPLE_CHUNK_BYTES, wholeFileSampleLimit: WHOLE_FILE_SAMPLE_LIMIT };
  let piscina: Piscina<HashTask, HashResult> | undefined;
  let destroyed = false;
  const threadsAfterSeconds = options.threadsAfterSeconds ?? 0;
  /** Seconds of work waiting, while the threads wait for it to add up. */
  let planned = 0;
  let unassistedStart: NodeJS.Timeout | undefined;

  function startThreads(): Piscina<HashTask, HashResult> {
    if (piscina) return piscina;
    const { Piscina: Pool } = require('piscina') as typeof PiscinaModule;
    piscina = new Pool<HashTask, HashResult>({
      filename: new URL('./hashWorker.ts', import.meta.url).href,
      minThreads: threads,
      maxThreads: threads,
      concurrentTasksPerWorker: 1 + TASKS_AHEAD_PER_THREAD,
      env: workerEnv(),
      workerData,
    });
    // Once destroyed, a thread may still deliver results of short tasks it had queued; piscina, which
    // has forgotten them, reports each as an 'error' event. Any other is thrown, as with no listener.
    piscina.on('error', (error: unknown) => {
      if (!destroyed) throw error;
    });
    return piscina;
  }
  /** Tasks no thread has taken yet, in order. */
  const waiting: Pending[] = [];
  /** Short tasks a thread has taken: an abort rejects them here, as piscina does not hear of it. */
  const running = new Set<Pending>();
  const watchedSignals = new WeakSet<AbortSignal>();
  let sent = 0;
  /** Whether a thread has finished a task, so is running: see TASKS_AHEAD_PER_STARTING_THREAD_ASSISTED. */
  let threadsRunning = false;
  let assisting = 0;
  /** This thread's own hasher, made on its first assist. */
  let hashHere: Promise<BatchHasher> | undefined;
  /** Wakes an assist that found no task to take. */
  let wake: (() => void) | undefined;

  function send(pending: Pending): void {
    sent++;
    if (!pending.long) running.add(pending);
    startThreads()
      .run(pending.task, pending.long ? { signal: pending.signal ?? null } : {})
      .then(pending.resolve, pending.reject)
      .finally(() => {
        threadsRunning = true;
        sent--;
        running.delete(pending);
        sendWaiting();
      });
  }

  function sendWaiting(): void {
    if (piscina === undefined && planned < threadsAfterSeconds) {
      if (assisting === 0 && waiting.length > 0 && options.callerAssists !== true) unassistedStart ??= setTimeout(startUnassisted, UNASSISTED_START_MS);
      return;
    }
    const ahead = assisting === 0 ? TASKS_AHEAD_PER_THREAD : threadsRunning ? TASKS_AHEAD_PER_THREAD_ASSISTED : TASKS_AHEAD_PER_STARTING_THREAD_ASSISTED;
    const limit = threads * (1 + ahead);
    while (sent < limit && waiting.length > 0) send(waiting.shift()!);
  }

  function startUnassisted(): void {
    unassistedStart = undefined;
    if (destroyed || assisting > 0 || waiting.length === 0) return;
    planned = Infinity;
    sendWaiting();
  }

  /** One listener per signal, however many tasks it covers. */
  function watch(signal: AbortSignal): void {
    if (watchedSignals.has(signal)) return;
    watchedSignals.add(signal);
    signal.addEventListener(
      'abort',
      () => {
        const error = new AbortError(signal.reason);
        for (const pending of [...waiting, ...running]) if (pending.signal === signal) pending.reject(error);
        waiting.splice(0, waiting.length, ...waiting.filter((pending) => pending.signal !== signal));
      },
      { once: true },
    );
  }

  async function assist(done: Promise<unknown>, whenIdle?: () => void): Promise<void> {
    // One task at a time on this thread: its hasher holds the state of the file being read.
    if (assisting > 0) {
      await done.catch(() => {});
      return;
    }
    let settled = false;
    void done
      .then(
        () => void (settled = true),
        () => void (settled = true),
      )
      .then(() => wake?.());
    assisting++;
    try {
      while (!settled) {
        const pending = waiting.shift();
        if (pending === undefined) {
          whenIdle?.();
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
          continue;
        }
        if (piscina === undefined) planned -= workSeconds(pending.task);
        // Loaded once there is a task to take: a scan with nothing to hash never loads hash-wasm here.
        hashHere ??= import('./batchHasher.ts').then(({ createBatchHasher }) => createBatchHasher(workerData));
        const hasher = await hashHere;
        const aborted = () => pending.signal?.aborted === true;
        try {
          const result = await hasher.hashInSlices(pending.task, aborted);
          if (result === undefined) pending.reject(new AbortError(pending.signal!.reason));
          else pending.resolve(result);
        } catch (error) {
          pending.reject(error);
        }
        // Between tasks, results and progress get through.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      assisting--;
      // Tasks left for another caller go back to the threads' deeper queues.
      sendWaiting();
    }
  }

  return {
    hash(task, signal) {
      return new Promise<HashResult>((resolve, reject) => {
        if (signal?.aborted) return reject(new AbortError(signal.reason));
        if (signal) watch(signal);
        waiting.push({ task, signal, long: isLong(task), resolve, reject });
        if (piscina === undefined) planned += workSeconds(task);
        sendWaiting();
        wake?.();
      });
    },
    assist,
    async destroy() {
      destroyed = true;
      clearTimeout(unassistedStart);
      for (const pending of waiting.splice(0)) pending.reject(new Error('The hash pool was destroyed.'));
      await piscina?.destroy();
    },
    started: () => piscina !== undefined,
    withThreads: () => sent,
  };
}
