// Hashing a batch of files on the calling thread: one after another with synchronous reads into
// one reused buffer, so memory stays fixed whatever the file sizes. The hashing threads run a
// batch start to end (hashWorker.ts); the main thread, once it has nothing else to do, runs one
// in slices, so that it still hears Ctrl-C while it reads a huge file (hashPool.ts).
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { setImmediate } from 'node:timers';
import { createXXHash128 } from 'hash-wasm';
import { ScanErrorCode } from '../../../shared/report.ts';
import { DETECT_SAMPLE_BYTES, detectFormat, headDecides, namedNonDocument } from '../extract/detectFormat.ts';
import { systemErrorText } from '../scan/fileErrors.ts';
import { toFsPath } from '../scan/fsPath.ts';
// Types only: loading hashPool.ts would load piscina's pool side into every thread, slowing its start.
import type { HashFileError, HashResult, HashTask, HashWorkerData } from './hashPool.ts';

const READ_BUFFER_BYTES = 1024 * 1024;

/** Longest stretch of reading before a batch run in slices lets the event loop run. */
const SLICE_MS = 10;
/** Files larger than this, ~3 ms of reading, are read in slices of their own. */
const SLICED_FILE_BYTES = 8 * 1024 * 1024;

// Nonblocking, so a FIFO put where a file was cannot stall the read; the fstat after it tells.
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

class ChangedError extends Error {}

// A walker may keep times as fractional milliseconds or floor them from nanoseconds (bigint
// stats), and the fraction may round up to the next millisecond: up to 1 ms apart, same time.
function sameTime(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1;
}

function toFileError(error: unknown, index: number): HashFileError {
  if (error instanceof ChangedError) return { index, code: ScanErrorCode.changed, message: error.message };
  const { code } = error as NodeJS.ErrnoException;
  const message = systemErrorText(error as NodeJS.ErrnoException);
  if (code === undefined || message === undefined) throw error;
  return { index, code, message };
}

export interface BatchHasher {
  /** Hashes every file of the task; a file that fails gets an error, not a digest. */
  hash(task: HashTask): HashResult;
  /**
   * The same, letting the event loop run every SLICE_MS or so. Once `stop()` says so between
   * slices, it leaves the rest unread and resolves to undefined.
   */
  hashInSlices(task: HashTask, stop: () => boolean): Promise<HashResult | undefined>;
}

export async function createBatchHasher({ sampleChunkBytes, wholeFileSampleLimit }: HashWorkerData): Promise<BatchHasher> {
  const hasher = await createXXHash128();
  const buffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
  // The file's first bytes, as the first read from its start left them: what detectFormat needs.
  const head = new Uint8Array(DETECT_SAMPLE_BYTES);
  let headLength = 0;

  /** Feeds the next bytes of the file from `position` to the hasher; returns how many. */
  function hashChunk(fd: number, position: number, length: number): number {
    const read = readSync(fd, buffer, 0, Math.min(buffer.length, length), position);
    if (read === 0) throw new ChangedError('Became shorter while being read; left out of the comparison.');
    hasher.update(buffer.subarray(0, read));
    if (position === 0) {
      headLength = Math.min(read, DETECT_SAMPLE_BYTES);
      head.set(buffer.subarray(0, headLength));
    }
    return read;
  }

  /** Feeds bytes [start, start + length) of the file to the hasher. */
  function hashRange(fd: number, start: number, length: number): void {
    for (let done = 0; done < length; ) done += hashChunk(fd, start + done, length - done);
  }

  /** Hashes the sample or the whole content; returns the bytes read. */
  function hashOpenFile(fd: number, size: number, sample: boolean): number {
    if (!sample || size <= wholeFileSampleLimit) {
      hashRange(fd, 0, size);
      return size;
    }
    hashRange(fd, 0, sampleChunkBytes);
    hashRange(fd, Math.floor(size / 2) - sampleChunkBytes / 2, sampleChunkBytes);
    hashRange(fd, size - sampleChunkBytes, sampleChunkBytes);
    return 3 * sampleChunkBytes;
  }

  /**
   * After reading: one fstat checks the file against the walk, then the digest goes in its row.
   * Any change since the walk, before or while the file was read, moved its size, mtime or ctime.
   * Checking before reading as well cost one more fstat per file (~1 µs of ~8 µs in the sample
   * pass) and caught nothing this one misses.
   */
  function checkAndStore(fd: number, task: HashTask, index: number, digests: Uint8Array, readError: unknown): void {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new ChangedError('No longer a regular file; left out of the comparison.');
    // ctime too: content rewritten with its old mtime put back still moves it.
    if (stats.size !== task.sizes[index] || !sameTime(stats.mtimeMs, task.mtimesMs[index]!) || !sameTime(stats.ctimeMs, task.ctimesMs[index]!)) {
      throw new ChangedError('Changed since the file was listed; left out of the comparison.');
    }
    // Reading what is no longer a regular file fails or comes up short: the fstat said why.
    if (readError !== undefined) throw readError;
    digests.set(hasher.digest('binary'), index * hasher.digestSize);
  }

  /**
   * A file read in full or in part is no document when its first bytes say so: decided here, with
   * the extraction worker's own rule (detectFormat), so that no worker opens it again to find out.
   * Only where those bytes are all of what the worker would look at (headDecides).
   */
  function checkDocument(task: HashTask, index: number, notDocuments: HashFileError[]): void {
    const path = task.paths[index]!;
    if (!task.detect || namedNonDocument(path) || !headDecides(path, headLength, task.sizes[index]!)) return;
    const detection = detectFormat(path, head.subarray(0, headLength));
    if (!detection.ok) notDocuments.push({ index, code: detection.code, message: detection.message });
  }

  /** Hashes file `index` of the task into its row of digests; returns the bytes read. */
  function hashFile(task: HashTask, index: number, digests: Uint8Array): number {
    const fd = openSync(toFsPath(task.paths[index]!), OPEN_FLAGS);
    try {
      hasher.init();
      headLength = 0;
      let bytesRead = 0;
      let readError: unknown;
      try {
        bytesRead = hashOpenFile(fd, task.sizes[index]!, task.sample);
      } catch (error) {
        readError = error;
      }
      checkAndStore(fd, task, index, digests, readError);
      return bytesRead;
    } finally {
      closeSync(fd);
    }
  }

  /** hashFile for the whole content, letting the event loop run every SLICE_MS; undefined once stopped. */
  async function hashFileInSlices(task: HashTask, index: number, digests: Uint8Array, stop: () => boolean): Promise<number | undefined> {
    const size = task.sizes[index]!;
    const fd = openSync(toFsPath(task.paths[index]!), OPEN_FLAGS);
    try {
      hasher.init();
      headLength = 0;
      let readError: unknown;
      try {
        let sliceStart = performance.now();
        for (let done = 0; done < size; ) {
          done += hashChunk(fd, done, size - done);
          if (performance.now() - sliceStart < SLICE_MS) continue;
          await new Promise((resolve) => setImmediate(resolve));
          if (stop()) return undefined;
          sliceStart = performance.now();
        }
      } catch (error) {
        readError = error;
      }
      checkAndStore(fd, task, index, digests, readError);
      return size;
    } finally {
      closeSync(fd);
    }
  }

  return {
    hash(task) {
      const digests = new Uint8Array(task.paths.length * hasher.digestSize);
      const errors: HashFileError[] = [];
      const notDocuments: HashFileError[] = [];
      let bytesRead = 0;
      for (let index = 0; index < task.paths.length; index++) {
        try {
          bytesRead += hashFile(task, index, digests);
          checkDocument(task, index, notDocuments);
        } catch (error) {
          errors.push(toFileError(error, index));
        }
      }
      return { digests, errors, bytesRead, notDocuments };
    },
    async hashInSlices(task, stop) {
      const digests = new Uint8Array(task.paths.length * hasher.digestSize);
      const errors: HashFileError[] = [];
      const notDocuments: HashFileError[] = [];
      let bytesRead = 0;
      let sliceStart = performance.now();
      for (let index = 0; index < task.paths.length; index++) {
        if (performance.now() - sliceStart >= SLICE_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          if (stop()) return undefined;
          sliceStart = performance.now();
        }
        try {
          // A large file is read in slices of its own: it may take seconds.
          const read = !task.sample && task.sizes[index]! > SLICED_FILE_BYTES ? await hashFileInSlices(task, index, digests, stop) : hashFile(task, index, digests);
          if (read === undefined) return undefined;
          bytesRead += read;
          checkDocument(task, index, notDocuments);
        } catch (error) {
          errors.push(toFileError(error, index));
        }
      }
      return { digests, errors, bytesRead, notDocuments };
    },
  };
}
