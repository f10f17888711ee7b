// What earlier scans read, kept as index.sqlite in the app's data folder. The service's scans and
// its watcher share it (one at a time, as a FileIndex requires), so a rescan, and the watcher's
// own first scan after it, read no file that has not changed.
import { join } from 'node:path';
import { FileIndexError, openFileIndex } from '../index/fileIndex.ts';
import { createMemoryCache } from '../index/memoryCache.ts';
import type { ContentCache } from '../scan/contentCache.ts';

export interface ScanIndex {
  cache: ContentCache;
  /** The files it writes, which a watch must not follow should the data folder be under a root. */
  files: string[];
  /** Writes what is buffered and lets go of the file. */
  close(): void;
}

export function openScanIndex(dataDir: string): ScanIndex {
  try {
    const index = openFileIndex(join(dataDir, 'index.sqlite'));
    return { cache: index, files: [index.path], close: () => index.close() };
  } catch (error) {
    // A damaged or newer index is left as it is: scans then read every file, as without one.
    if (!(error instanceof FileIndexError)) throw error;
    console.error(`shingle: ${error.message}`);
    return { cache: createMemoryCache(), files: [], close: () => {} };
  }
}
