// A hashing thread (piscina worker): hashes a batch of files one after another with synchronous
// reads into one reused buffer, so memory stays fixed whatever the file sizes and the main
// thread pays one message per batch.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { getSystemErrorMessage } from 'node:util';
import { workerData } from 'node:worker_threads';
import { createXXHash128 } from 'hash-wasm';
import { ScanErrorCode } from '../../../shared/report.ts';
import { toFsPath } from '../scan/fsPath.ts';
// Types only: loading hashPool.ts would load piscina's pool side into every thread, slowing its start.
import type { HashFileError, HashResult, HashTask, HashWorkerData } from './hashPool.ts';

const READ_BUFFER_BYTES = 1024 * 1024;

const { sampleChunkBytes, wholeFileSampleLimit } = workerData as HashWorkerData;
const hasher = await createXXHash128();
const buffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);

// Nonblocking, so a FIFO put where a file was cannot stall the thread before fstat tells.
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

class ChangedError extends Error {}

/** Feeds bytes [start, start + length) of the file to the hasher. */
function hashRange(fd: number, start: number, length: number): void {
  for (let done = 0; done < length; ) {
    const read = readSync(fd, buffer, 0, Math.min(buffer.length, length - done), start + done);
    if (read === 0) throw new ChangedError('Became shorter while being read; left out of the comparison.');
    hasher.update(buffer.subarray(0, read));
    done += read;
  }
}

/** Hashes the sample or the whole content; returns the bytes read. */
function hashOpenFile(fd: number, size: number, sample: boolean): number {
  hasher.init();
  if (!sample || size <= wholeFileSampleLimit) {
    hashRange(fd, 0, size);
    return size;
  }
  hashRange(fd, 0, sampleChunkBytes);
  hashRange(fd, Math.floor(size / 2) - sampleChunkBytes / 2, sampleChunkBytes);
  hashRange(fd, size - sampleChunkBytes, sampleChunkBytes);
  return 3 * sampleChunkBytes;
}

// A walker may keep times as fractional milliseconds or floor them from nanoseconds (bigint
// stats), and the fraction may round up to the next millisecond: up to 1 ms apart, same time.
function sameTime(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1;
}

/** Hashes file `index` of the task into its row of digests; returns the bytes read. */
function hashFile(task: HashTask, index: number, digests: Uint8Array): number {
  const size = task.sizes[index]!;
  const fd = openSync(toFsPath(task.paths[index]!), OPEN_FLAGS);
  try {
    const before = fstatSync(fd);
    if (!before.isFile()) throw new ChangedError('No longer a regular file; not read.');
    // ctime too: content rewritten with its old mtime put back still moves it.
    if (before.size !== size || !sameTime(before.mtimeMs, task.mtimesMs[index]!) || !sameTime(before.ctimeMs, task.ctimesMs[index]!)) {
      throw new ChangedError('Changed since the file was listed; left out of the comparison.');
    }
    const bytesRead = hashOpenFile(fd, size, task.sample);
    const after = fstatSync(fd);
    if (after.size !== before.size || after.mtimeMs !== before.mtimeMs || after.ctimeMs !== before.ctimeMs) {
      throw new ChangedError('Changed while being read; left out of the comparison.');
    }
    digests.set(hasher.digest('binary'), index * hasher.digestSize);
    return bytesRead;
  } finally {
    closeSync(fd);
  }
}

function toFileError(error: unknown, index: number): HashFileError {
  if (error instanceof ChangedError) return { index, code: ScanErrorCode.changed, message: error.message };
  const { code, errno, syscall } = error as NodeJS.ErrnoException;
  if (code === undefined || errno === undefined) throw error;
  return { index, code, message: `Could not ${syscall ?? 'read'}: ${getSystemErrorMessage(errno)}.` };
}

export default function hashBatch(task: HashTask): HashResult {
  const digests = new Uint8Array(task.paths.length * hasher.digestSize);
  const errors: HashFileError[] = [];
  let bytesRead = 0;
  for (let index = 0; index < task.paths.length; index++) {
    try {
      bytesRead += hashFile(task, index, digests);
    } catch (error) {
      errors.push(toFileError(error, index));
    }
  }
  return { digests, errors, bytesRead };
}
