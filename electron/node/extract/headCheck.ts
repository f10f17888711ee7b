// Whether a file named like a document is one, decided from its first bytes on the calling thread,
// by the extraction worker's own rule (detectFormat) on the bytes the worker would look at. A scan
// asks it until it meets a real document: so that a scan whose candidates are all binaries named
// .txt, .pdf or .docx (the bench's generated trees: random bytes under document names) starts no
// extraction thread at all. Once a document has been found the threads run, and read the rest.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { DETECT_SAMPLE_BYTES, detectFormat, headDecides, isTiffName } from './detectFormat.ts';
import { toFsPath } from '../scan/fsPath.ts';

/** What the worker reports for a file its first bytes reject. */
export interface HeadRejection {
  code: string;
  message: string;
}

// One buffer for every call: the calling thread reads one file at a time.
const head = new Uint8Array(DETECT_SAMPLE_BYTES);

/**
 * The worker's failure for this file, from its first bytes; undefined when they do not reject it,
 * or when they cannot be read here (gone, no longer a regular file, unreadable): the worker then
 * reads it and reports what it finds. A TIFF is left to the worker, which reads it as a scan when
 * scans are read.
 */
export function rejectedByHead(path: string): HeadRejection | undefined {
  if (isTiffName(path)) return undefined;
  let fd: number;
  try {
    // Non-blocking, as the worker opens: a FIFO put where the file was cannot stall this thread.
    fd = openSync(toFsPath(path), constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return undefined;
    // The head the worker reads: min(size, the sample), from the file as it is now.
    const wanted = Math.min(stats.size, DETECT_SAMPLE_BYTES);
    let length = 0;
    while (length < wanted) {
      const read = readSync(fd, head, length, wanted - length, length);
      if (read === 0) break;
      length += read;
    }
    if (!headDecides(path, length, stats.size)) return undefined;
    const detection = detectFormat(path, head.subarray(0, length));
    return detection.ok ? undefined : { code: detection.code, message: detection.message };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
