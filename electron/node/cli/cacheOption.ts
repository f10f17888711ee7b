// The content cache a command works with: the SQLite index, or memory only with --no-index.
import { FileIndexError, openFileIndex } from '../index/fileIndex.ts';
import { createMemoryCache } from '../index/memoryCache.ts';
import type { ScanCache } from '../index/knownFiles.ts';
import { CommandFailure } from './harness.ts';

/** An index that cannot be used fails the command in one line: its message says what to do. */
function asCommandFailure<T>(action: () => T): T {
  try {
    return action();
  } catch (error) {
    if (error instanceof FileIndexError) throw new CommandFailure(error.message, { cause: error });
    throw error;
  }
}

export function openCache(indexPath: string | null): { cache: ScanCache; close(): void } {
  if (indexPath === null) return { cache: createMemoryCache(), close: () => {} };
  const index = asCommandFailure(() => openFileIndex(indexPath));
  return { cache: index, close: () => asCommandFailure(() => index.close()) };
}
