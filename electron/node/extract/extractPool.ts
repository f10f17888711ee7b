// Document extraction in worker threads. Parsers meet hostile and broken files, so each file gets
// a time limit and each worker a heap limit; a worker that exceeds either is ended and replaced,
// the file gets an error result, and the scan goes on.
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { ExtractErrorCode } from './extractError.ts';
import { clearSlot, monotonicMs, runningFile } from './extractProtocol.ts';
import { RequestQueue } from './requestQueue.ts';
import type { ExtractBatch, ExtractFailure, ExtractResult, ExtractWorkerData } from './extractProtocol.ts';

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
}

export interface ExtractPool<Output extends object = { text: string }> {
  /**
   * Extracts one file's text. Problems with the file, including the limits, resolve as failures;
   * the promise rejects only when `signal` aborts, the pool is destroyed, or its workers cannot start.
   * `bytes`, the file's size as the caller knows it, counts against maxBytesInFlight.
   */
  extract(path: string, signal?: AbortSignal, bytes?: number): Promise<ExtractResult<Output>>;
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

interface Request {
  path: string;
  bytes: number;
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
  kill: AbortController;
  /** Set when the batch was ended for the time limit: the index of the file that ran too long. */
  timedOut?: number;
}

export function createExtractPool<Output extends object = { text: string }>(options: ExtractPoolOptions = {}): ExtractPool<Output> {
  const threads = options.threads ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxBytesInFlight = options.maxBytesInFlight ?? DEFAULTS.maxBytesInFlight;
  // Two batches per thread, so that a worker finishing one finds the next already waiting.
  const slots = threads * 2;
  const workerData: ExtractWorkerData = {
    maxFileBytes: options.maxFileBytes ?? DEFAULTS.maxFileBytes,
    postProcessUrl: options.postProcess?.href,
    progress: new Int32Array(new SharedArrayBuffer(slots * 2 * Int32Array.BYTES_PER_ELEMENT)),
    epoch: monotonicMs(),
    ocr: options.ocr ?? false,
  };
  const { progress, epoch } = workerData;
  const piscina = new Piscina({
    filename: new URL('./extractWorker.ts', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    workerData,
    resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? DEFAULTS.maxOldGenerationSizeMb },
  });

  const queue = new RequestQueue<Request>();
  // One abort listener per signal, however many requests wait on it: a listener per request made
  // each removal scan the signal's whole list, quadratic in the number of documents.
  const waiting = new Map<AbortSignal, Set<Request>>();
  const freeSlots = Array.from({ length: slots }, (_, slot) => slot);
  const running = new Set<Batch>();
  const inFlight = { documents: 0, bytes: 0 };
  let watchdog: NodeJS.Timeout | undefined;
  // Set when the pool can no longer extract: destroyed, or its workers fail as they start.
  let closedBy: unknown;

  piscina.on('error', (error: unknown) => {
    void close(error);
  });

  // piscina's destroy waits for the workers it holds, not for those it already ended for a batch (a
  // time limit, a cancel): the pool waits for them itself, so that no thread (nor the OCR thread
  // it runs) outlives the pool's end. Every worker alive when one is ended is watched: each ends.
  const exits = new Map<Worker, Promise<unknown>>();
  function endBatch(batch: Batch): void {
    for (const worker of piscina.threads) if (worker.threadId !== -1 && !exits.has(worker)) exits.set(worker, once(worker, 'exit'));
    batch.kill.abort();
  }

  function extract(path: string, signal?: AbortSignal, bytes = 0): Promise<ExtractResult<Output>> {
    if (closedBy !== undefined) return Promise.reject(closedBy);
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const request: Request = {
        path,
        bytes,
        attempts: 0,
        settled: false,
        settle(outcome) {
          if (request.settled) return;
          request.settled = true;
          if (signal) stopWaiting(signal, request);
          if ('error' in outcome) reject(outcome.error);
          else resolve(outcome as ExtractResult<Output>);
        },
      };
      if (signal) startWaiting(signal, request);
      queue.push(request);
      dispatch();
    });
  }

  function startWaiting(signal: AbortSignal, request: Request): void {
    let requests = waiting.get(signal);
    if (requests === undefined) {
      requests = new Set();
      waiting.set(signal, requests);
      signal.addEventListener('abort', onAbort, { once: true });
    }
    requests.add(request);
  }

  function stopWaiting(signal: AbortSignal, request: Request): void {
    const requests = waiting.get(signal);
    if (requests === undefined || !requests.delete(request) || requests.size > 0) return;
    waiting.delete(signal);
    signal.removeEventListener('abort', onAbort);
  }

  // An aborted request settles at once; its queue entry or its result is then ignored. A worker
  // busy with nothing but abandoned files is ended rather than left to finish them.
  function onAbort(event: Event): void {
    const signal = event.target as AbortSignal;
    const requests = [...(waiting.get(signal) ?? [])];
    waiting.delete(signal);
    for (const request of requests) request.settle({ error: signal.reason });
    const batches = new Set(requests.flatMap((request) => (request.batch ? [request.batch] : [])));
    for (const batch of batches) if (batch.requests.every((other) => other.settled)) endBatch(batch);
  }

  function dispatch(): void {
    while (closedBy === undefined && freeSlots.length > 0) {
      const batch = nextBatch(Math.min(MAX_BATCH_FILES, Math.ceil(queue.length / slots)));
      if (batch.requests.length === 0) break;
      run({ ...batch, slot: freeSlots.pop()!, kill: new AbortController() });
    }
  }

  /**
   * Up to `size` waiting requests, in order, whose largest fits in the bytes left of
   * maxBytesInFlight (the first request of an idle pool goes whatever its size). Requests settled
   * while they waited are dropped.
   */
  function nextBatch(size: number): { requests: Request[]; bytes: number } {
    const requests: Request[] = [];
    let bytes = 0;
    for (let next = queue.peek(); next !== undefined && requests.length < size; next = queue.peek()) {
      if (!next.settled) {
        const alone = requests.length === 0 && inFlight.documents === 0;
        if (!alone && inFlight.bytes + Math.max(bytes, next.bytes) > maxBytesInFlight) break;
        requests.push(next);
        bytes = Math.max(bytes, next.bytes);
      }
      queue.shift();
    }
    return { requests, bytes };
  }

  function run(batch: Batch): void {
    for (const request of batch.requests) request.batch = batch;
    clearSlot(progress, batch.slot);
    running.add(batch);
    inFlight.documents += batch.requests.length;
    inFlight.bytes += batch.bytes;
    watchdog ??= setInterval(checkTimeLimits, Math.min(1000, Math.max(5, timeoutMs / 4)));
    const task: ExtractBatch = { slot: batch.slot, paths: batch.requests.map((request) => request.path) };
    piscina
      .run(task, { signal: batch.kill.signal })
      .then(
        (results: ExtractResult<object>[]) => batch.requests.forEach((request, i) => request.settle(results[i]!)),
        (error: unknown) => batchFailed(batch, error),
      )
      .finally(() => {
        running.delete(batch);
        inFlight.documents -= batch.requests.length;
        inFlight.bytes -= batch.bytes;
        freeSlots.push(batch.slot);
        if (running.size === 0) {
          clearInterval(watchdog);
          watchdog = undefined;
        }
        dispatch();
      });
  }

  function checkTimeLimits(): void {
    for (const batch of running) {
      const file = runningFile(progress, batch.slot, epoch);
      if (batch.timedOut === undefined && file && file.ms > timeoutMs) {
        batch.timedOut = file.index;
        // piscina ends the worker running the batch and starts another in its place.
        endBatch(batch);
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
  }

  async function close(reason: unknown): Promise<void> {
    closedBy ??= reason;
    for (const request of queue.take(queue.length)) request.settle({ error: closedBy });
    await piscina.destroy();
    await Promise.allSettled(exits.values());
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
