// Hashing passes over walked files on the hash pool: files go in as they are found, in batches
// of a few milliseconds' work, and come back with their digests (hex, as the content cache keeps
// them), or with an error. The exact-duplicate finder runs a sample pass and a full pass.
import type { ScanError } from '../../../shared/report.ts';
import type { ContentCache } from '../scan/contentCache.ts';
import type { WalkedFile } from '../scan/types.ts';
import { DIGEST_BYTES, SAMPLE_CHUNK_BYTES, WHOLE_FILE_SAMPLE_LIMIT } from './hashPool.ts';
import type { HashPool, HashResult, HashTask } from './hashPool.ts';

// A batch takes a few milliseconds to hash: progress stays lively, the threads stay evenly loaded
// to the end, and the cost of a message is spread over many files.
const BATCH_MAX_FILES = 512;
const BATCH_MAX_BYTES = 16 * 1024 * 1024;

export interface HashProgress {
  bytesRead: number;
  /** Grows as work is planned: samples as sizes repeat, whole contents as samples match. */
  bytesToRead: number;
  filesDone: number;
  filesToDo: number;
  currentPath?: string;
}

export interface HashPassHooks {
  signal?: AbortSignal;
  /** Digests from earlier scans: a file whose identity is unchanged is not read again. */
  cache?: ContentCache;
  onProgress?: (progress: HashProgress) => void;
  /**
   * Given, the passes fill it with the files named like documents whose first bytes, read here
   * anyway, say they are none (detectFormat's code and message), by path: the near stage reports
   * them without an extraction worker opening them again.
   */
  notDocuments?: Map<string, { code: string; message: string }>;
}

/** A file to hash, by one of its names, and its digest from the last pass that hashed it. */
export interface Hashed {
  file: WalkedFile;
  digest: string | undefined;
}

function bytesToHash(size: number, sample: boolean): number {
  return sample && size > WHOLE_FILE_SAMPLE_LIMIT ? 3 * SAMPLE_CHUNK_BYTES : size;
}

function toTask(batch: Hashed[], sample: boolean, detect: boolean): HashTask {
  const count = batch.length;
  const task: HashTask = { sample, paths: [], sizes: new Float64Array(count), mtimesMs: new Float64Array(count), ctimesMs: new Float64Array(count), ...(detect ? { detect } : {}) };
  for (let i = 0; i < count; i++) {
    const { file } = batch[i]!;
    task.paths.push(file.path);
    task.sizes[i] = file.size;
    task.mtimesMs[i] = file.mtimeMs;
    task.ctimesMs[i] = file.ctimeMs;
  }
  return task;
}

/** Runs hashing passes on the pool, gathering errors and progress across passes. */
export function createHashPasses(pool: HashPool, hooks: HashPassHooks) {
  const { signal, onProgress, cache, notDocuments } = hooks;
  const errors: ScanError[] = [];
  const progress: HashProgress = { bytesRead: 0, bytesToRead: 0, filesDone: 0, filesToDo: 0 };
  let bytesHashed = 0;
  let filesHashed = 0;
  let reporting = false;

  function record<T extends Hashed>(batch: T[], sample: boolean, result: HashResult, onHashed: ((hashed: T) => void) | undefined): void {
    const { digests } = result;
    const hex = Buffer.from(digests.buffer, digests.byteOffset, digests.byteLength).toString('hex');
    const rowChars = DIGEST_BYTES * 2;
    const failed = new Set(result.errors.map((e) => e.index));
    for (const { index, code, message } of result.errors) errors.push({ path: batch[index]!.file.path, code, message });
    for (const { index, code, message } of result.notDocuments ?? []) notDocuments?.set(batch[index]!.file.path, { code, message });
    for (let i = 0; i < batch.length; i++) {
      const hashed = batch[i]!;
      progress.bytesRead += bytesToHash(hashed.file.size, sample);
      if (failed.has(i)) continue;
      hashed.digest = hex.slice(i * rowChars, (i + 1) * rowChars);
      cache?.saveHashes(hashed.file, sample ? { sample: hashed.digest } : { full: hashed.digest });
      onHashed?.(hashed);
    }
    bytesHashed += result.bytesRead;
    filesHashed += batch.length;
    progress.filesDone += batch.length;
  }

  /**
   * A pass sets the digest of each file added, or leaves it undefined and records an error;
   * `onHashed` hears of each digest as it is set. Batches go to the threads as soon as they fill,
   * so hashing starts while the rest is planned.
   */
  function startPass<T extends Hashed>(sample: boolean, onHashed?: (hashed: T) => void) {
    const runs: Array<Promise<void>> = [];
    let batch: T[] = [];
    let batchBytes = 0;

    function dispatch(): void {
      const files = batch;
      const run = pool.hash(toTask(files, sample, notDocuments !== undefined), signal).then((result) => {
        if (signal?.aborted) return;
        record(files, sample, result, onHashed);
        if (reporting) onProgress?.({ ...progress, currentPath: files.at(-1)!.file.path });
      });
      // Read by finish(); a walk that fails first never calls it, and then the pool's rejections
      // of these tasks must not surface as unhandled.
      run.catch(() => {});
      runs.push(run);
      batch = [];
      batchBytes = 0;
    }

    function add(hashed: T): void {
      const known = cache?.hashes(hashed.file)?.[sample ? 'sample' : 'full'];
      if (known !== undefined) {
        hashed.digest = known;
        onHashed?.(hashed);
        return;
      }
      const bytes = bytesToHash(hashed.file.size, sample);
      if (batch.length === BATCH_MAX_FILES || (batch.length > 0 && batchBytes + bytes > BATCH_MAX_BYTES)) dispatch();
      batch.push(hashed);
      batchBytes += bytes;
      progress.filesToDo += 1;
      progress.bytesToRead += bytes;
    }

    async function finish(): Promise<void> {
      signal?.throwIfAborted();
      reporting = true;
      if (batch.length > 0) dispatch();
      try {
        await Promise.all(runs);
      } catch (error) {
        throw signal?.aborted ? signal.reason : error;
      }
      // The last batches may have finished just as the signal aborted.
      signal?.throwIfAborted();
    }

    return { add, finish };
  }

  return { startPass, errors, bytesHashed: () => bytesHashed, filesHashed: () => filesHashed };
}
