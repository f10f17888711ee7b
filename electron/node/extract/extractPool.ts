// Document extraction in worker threads. Parsers meet hostile and broken files, so each file gets
// a time limit and each worker a heap limit; a worker that exceeds either is ended and replaced,
// the file gets an error result, and the scan goes on. Workers start as the work waiting needs
// them and stay warm until the pool is destroyed, for whichever step each request names.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { OcrLanguage } from '../../../shared/ocrLanguages.ts';
import { AbortWaiters } from './abortWaiters.ts';
import { ExtractErrorCode } from './extractError.ts';
import { WORK_PER_WORKER_US, workUs } from './extractWork.ts';
import { clearSlot, monotonicMs, runningFile } from './extractProtocol.ts';
import { chosenOcrLanguages } from './ocrLanguageChoice.ts';
import { RequestQueue } from './requestQueue.ts';
import type { ExtractBatch, ExtractFailure, ExtractResult, ExtractWorkerData } from './extractProtocol.ts';
import type { ExtractStep } from './extractStep.ts';

export interface ExtractPoolOptions {
  /** Worker threads. Default: one fewer than the cores, at least 1 and at most 4. */
  threads?: number;
  /** Files larger than this are not read (ETOOBIG). Default 64 MiB. */
  maxFileBytes?: number;
  /** Time limit per file, counted from when a worker starts on it (ETIMEOUT). Default 30 s. */
  timeoutMs?: number;
  /** Heap limit per worker (EMEMORY). Default 512 MiB. */
  maxOldGenerationSizeMb?: number;
  /** A module run in the worker on each text; see PostProcess. Default: none, results carry the text. */
  postProcess?: URL;
  /**
   * Bytes of documents (the sizes given to extract) the workers may be reading at once: a worker
   * reads its batch one file at a time, so each batch handed over counts its largest. A document
   * larger than this still goes, alone. Default 64 MiB: a worker needs several times a text's size
   * while it reads and fingerprints it, so two very large documents must not be read side by side.
   */
  maxBytesInFlight?: number;
  /** Read scans with OCR (ocrEngine.ts); a page's time counts against timeoutMs, not the whole scan's. Default: off. */
  ocr?: boolean;
  /** The languages OCR reads in. Default: the current scan's (ocrLanguageChoice.ts). */
  ocrLanguages?: readonly OcrLanguage[];
}

export interface ExtractPool<Output extends object = { text: string }> {
  /**
   * Extracts one file's text, through `step` (default: the pool's postProcess). Problems with the
   * file, including the limits, resolve as failures; the promise rejects only when `signal` aborts,
   * the pool is destroyed, or its workers cannot start. `bytes`, the file's size as the caller
   * knows it, counts against maxBytesInFlight.
   */
  extract<Result extends object = Output>(path: string, signal?: AbortSignal, bytes?: number, step?: ExtractStep<Result>): Promise<ExtractResult<Result>>;
  /** The documents handed to the workers and not yet answered, and their bytes as maxBytesInFlight counts them. */
  inFlight(): { documents: number; bytes: number };
  destroy(): Promise<void>;
}

const DEFAULTS = { maxFileBytes: 64 * 2 ** 20, timeoutMs: 30_000, maxOldGenerationSizeMb: 512, maxBytesInFlight: 64 * 2 ** 20 };
// Enough files per batch to spread a worker round trip (~60 µs) thin over small files, few enough
// that the threads share out a short queue evenly.
const MAX_BATCH_FILES = 32;
// A file whose batch's worker died is retried, in case another file of the batch killed it.
const MAX_ATTEMPTS = 3;
// Batches a worker holds: the one it runs and the next, so that it never waits for the pool's next turn.
const BATCHES_PER_WORKER = 2;

interface Request {
  path: string;
  bytes: number;
  /** Estimated microseconds of work (workUs). */
  work: number;
  step: ExtractStep<object>;
  /** The step's module, as the worker loads it: requests of one module share batches. */
  module: string | undefined;
  attempts: number;
  settled: boolean;
  /** The batch it runs in, once dispatched. */
  batch?: Batch;
  settle(result: ExtractResult<object> | { error: unknown }): void;
}

interface Batch {
  requests: Request[];
  /** Its largest request's bytes: what its worker holds at most at once. */
  bytes: number;
  slot: number;
  thread: Thread;
  /** Set when the batch was ended for the time limit: the index of the file that ran too long. */
  timedOut?: number;
}

interface Thread {
  worker: Worker;
  /** Sent to it and not yet answered, in the order it runs them. */
  batches: Batch[];
  /** Its modules loaded: a worker failing before that could not start. */
  ready: boolean;
  /** Takes no more batches, and is ended once it has answered those it holds. */
  retiring: boolean;
  /** Ended by the pool (a time limit, an abort, retired, destroyed), not by a failure of its own. */
  ended: boolean;
  /** Why it ended, when it did not just finish (out of memory, a crash). */
  error?: unknown;
}

export function createExtractPool<Output extends object = { text: string }>(options: ExtractPoolOptions = {}): ExtractPool<Output> {
  const maxThreads = options.threads ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxBytesInFlight = options.maxBytesInFlight ?? DEFAULTS.maxBytesInFlight;
  const defaultStep: ExtractStep<object> = options.postProcess ? { module: options.postProcess } : {};
  const slots = maxThreads * BATCHES_PER_WORKER;
  const workerData: ExtractWorkerData = {
    maxFileBytes: options.maxFileBytes ?? DEFAULTS.maxFileBytes,
    progress: new Int32Array(new SharedArrayBuffer(slots * 2 * Int32Array.BYTES_PER_ELEMENT)),
    epoch: monotonicMs(),
    ocr: options.ocr ?? false,
    ocrLanguages: options.ocrLanguages ?? chosenOcrLanguages(),
  };
  const { progress, epoch } = workerData;
  const resourceLimits = { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? DEFAULTS.maxOldGenerationSizeMb };
  // The environment as the pool is made, for every worker however late it starts (a worker copies it as it starts).
  const env = { ...process.env };

  const queue = new RequestQueue<Request>();
  // The estimated work of the queue's requests (workUs).
  let waitingWork = 0;
  // An aborted request settles at once; its queue entry or its result is then ignored. A worker
  // busy with nothing but abandoned files is ended rather than left to finish them.
  const waiting = new AbortWaiters<Request>((signal, requests) => {
    for (const request of requests) request.settle({ error: signal.reason });
    const busy = new Set(requests.flatMap((request) => (request.batch ? [request.batch.thread] : [])));
    for (const thread of busy) if (thread.batches.every((batch) => batch.requests.every((other) => other.settled))) void endThread(thread);
  });
  const freeSlots = Array.from({ length: slots }, (_, slot) => slot);
  const threads = new Set<Thread>();
  const running = new Set<Batch>();
  const inFlight = { documents: 0, bytes: 0 };
  let watchdog: NodeJS.Timeout | undefined;
  // Set when the pool can no longer extract: destroyed, or its workers fail as they start.
  let closedBy: unknown;

  function extract<Result extends object>(path: string, signal?: AbortSignal, bytes = 0, step: ExtractStep<Result> = defaultStep as ExtractStep<Result>): Promise<ExtractResult<Result>> {
    if (closedBy !== undefined) return Promise.reject(closedBy);
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const request: Request = {
        path,
        bytes,
        work: workUs(path, bytes),
        step,
        module: step.module?.href,
        attempts: 0,
        settled: false,
        settle(outcome) {
          if (request.settled) return;
          request.settled = true;
          if (signal) waiting.delete(signal, request);
          if ('error' in outcome) reject(outcome.error);
          else resolve(outcome as ExtractResult<Result>);
        },
      };
      if (signal) waiting.add(signal, request);
      queue.push(request);
      waitingWork += request.work;
      dispatch();
    });
  }

  function dispatch(): void {
    while (closedBy === undefined && freeSlots.length > 0 && queue.length > 0) {
      const thread = threadFor();
      if (thread === undefined) break;
      const batch = nextBatch(Math.min(MAX_BATCH_FILES, Math.ceil(queue.length / slots)));
      if (batch.requests.length === 0) break;
      run({ ...batch, slot: freeSlots.pop()!, thread: thread === 'new' ? startThread() : thread });
    }
  }

  /**
   * The worker to hand the next batch: an idle one; else a new one, when the work waiting is more
   * than the workers started can soon take on (WORK_PER_WORKER_US); else one with room for a next batch.
   */
  function threadFor(): Thread | 'new' | undefined {
    const open = [...threads].filter((thread) => !thread.retiring);
    const idle = open.find((thread) => thread.batches.length === 0);
    if (idle) return idle;
    if (threads.size < maxThreads && waitingWork > open.length * WORK_PER_WORKER_US) return 'new';
    return open.find((thread) => thread.batches.length < BATCHES_PER_WORKER);
  }

  /**
   * Up to `size` waiting requests of one step module, in order, whose largest fits in the bytes left of
   * maxBytesInFlight (the first request of an idle pool goes whatever its size). Requests settled
   * while they waited are dropped.
   */
  function nextBatch(size: number): { requests: Request[]; bytes: number } {
    const requests: Request[] = [];
    let bytes = 0;
    for (let next = queue.peek(); next !== undefined && requests.length < size; next = queue.peek()) {
      if (!next.settled) {
        if (requests.length > 0 && next.module !== requests[0]!.module) break;
        const alone = requests.length === 0 && inFlight.documents === 0;
        if (!alone && inFlight.bytes + Math.max(bytes, next.bytes) > maxBytesInFlight) break;
        requests.push(next);
        bytes = Math.max(bytes, next.bytes);
      }
      waitingWork -= next.work;
      queue.shift();
    }
    return { requests, bytes };
  }

  function startThread(): Thread {
    const worker = new Worker(new URL('./extractThread.mjs', import.meta.url), { workerData, resourceLimits, env });
    const thread: Thread = { worker, batches: [], ready: false, retiring: false, ended: false };
    threads.add(thread);
    worker.on('message', (message: { ready: true } | { slot: number; results: ExtractResult<object>[] } | { slot: number; error: unknown }) => {
      if ('ready' in message) thread.ready = true;
      else answered(thread, message);
    });
    worker.on('error', (error: unknown) => (thread.error = error));
    worker.on('exit', (code: number) => threadEnded(thread, code));
    return thread;
  }

  function run(batch: Batch): void {
    for (const request of batch.requests) request.batch = batch;
    clearSlot(progress, batch.slot);
    running.add(batch);
    batch.thread.batches.push(batch);
    batch.thread.worker.ref();
    inFlight.documents += batch.requests.length;
    inFlight.bytes += batch.bytes;
    watchdog ??= setInterval(checkTimeLimits, Math.min(1000, Math.max(5, timeoutMs / 4)));
    const step = batch.requests[0]!.module;
    const task: ExtractBatch = { slot: batch.slot, paths: batch.requests.map((request) => request.path), ...(step ? { step } : {}) };
    batch.thread.worker.postMessage(task);
  }

  function answered(thread: Thread, message: { slot: number; results: ExtractResult<object>[] } | { slot: number; error: unknown }): void {
    const batch = thread.batches.find((held) => held.slot === message.slot);
    if (batch === undefined) return;
    if ('error' in message) batchFailed(batch, message.error);
    else {
      batch.requests.forEach((request, i) => {
        const result = message.results[i]!;
        const longest = request.step.endWorkerAfterChars;
        if (longest !== undefined && result.ok && 'text' in result && typeof result.text === 'string' && result.text.length > longest) thread.retiring = true;
        request.settle(result);
      });
    }
    finished(batch);
    if (thread.retiring && thread.batches.length === 0) void endThread(thread);
    dispatch();
  }

  function finished(batch: Batch): void {
    const { thread } = batch;
    thread.batches = thread.batches.filter((held) => held !== batch);
    if (thread.batches.length === 0) thread.worker.unref();
    running.delete(batch);
    inFlight.documents -= batch.requests.length;
    inFlight.bytes -= batch.bytes;
    freeSlots.push(batch.slot);
    if (running.size === 0) {
      clearInterval(watchdog);
      watchdog = undefined;
    }
  }

  function endThread(thread: Thread): Promise<number> {
    thread.ended = true;
    return thread.worker.terminate();
  }

  // A worker ended: retired, timed out, out of memory, crashed, or the pool was destroyed. Its
  // batches fail (batchFailed sorts out which file takes the blame).
  function threadEnded(thread: Thread, code: number): void {
    threads.delete(thread);
    const error = thread.error ?? Object.assign(new Error(`The extraction worker exited with code ${code}`), { code });
    if (!thread.ready && !thread.ended && closedBy === undefined) {
      // It failed before its modules loaded: so would every other.
      void close(error);
    }
    for (const batch of thread.batches) {
      batchFailed(batch, error);
      finished(batch);
    }
    dispatch();
  }

  function checkTimeLimits(): void {
    for (const batch of running) {
      const file = runningFile(progress, batch.slot, epoch);
      if (batch.timedOut === undefined && file && file.ms > timeoutMs) {
        batch.timedOut = file.index;
        // Its worker is ended (threadEnded then fails its batches); another starts if the work needs it.
        void endThread(batch.thread);
      }
    }
  }

  // The batch's worker was ended: for the time limit, by its heap limit, or by a crash. The file
  // it was on takes the blame; the others, done or not, go back to the front of the queue.
  function batchFailed(batch: Batch, error: unknown): void {
    if (closedBy !== undefined) {
      for (const request of batch.requests) request.settle({ error: closedBy });
      return;
    }
    const culprit = batch.timedOut ?? runningFile(progress, batch.slot, epoch)?.index;
    const failure = batch.timedOut !== undefined ? timedOut(timeoutMs) : workerDied(error);
    const retries: Request[] = [];
    batch.requests.forEach((request, i) => {
      if (request.settled) return;
      if (i === culprit || ++request.attempts >= MAX_ATTEMPTS) request.settle(failure);
      else retries.push(request);
    });
    queue.putBack(retries);
    for (const request of retries) waitingWork += request.work;
  }

  async function close(reason: unknown): Promise<void> {
    closedBy ??= reason;
    for (const request of queue.take(queue.length)) request.settle({ error: closedBy });
    waitingWork = 0;
    await Promise.all([...threads].map(endThread));
  }

  return { extract, inFlight: () => ({ ...inFlight }), destroy: () => close(new Error('The extraction pool was destroyed')) };
}

function timedOut(timeoutMs: number): ExtractFailure {
  return { ok: false, code: ExtractErrorCode.timeout, message: `Extraction took longer than ${timeoutMs / 1000} s` };
}

function workerDied(error: unknown): ExtractFailure {
  if ((error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return { ok: false, code: ExtractErrorCode.memory, message: 'Extraction ran out of its memory limit' };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, code: ExtractErrorCode.failed, message: `The extraction worker failed: ${message}` };
}
