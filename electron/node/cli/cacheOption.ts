// The content cache a command works with: the SQLite index, or memory only with --no-index.
import { openFileIndex } from '../index/fileIndex.ts';
import { createMemoryCache } from '../index/memoryCache.ts';
import type { ContentCache } from '../scan/contentCache.ts';

/** Throws FileIndexError when the index cannot be used (the message says what to do). */
export function openCache(indexPath: string | null): { cache: ContentCache; close(): void } {
  if (indexPath === null) return { cache: createMemoryCache(), close: () => {} };
  const index = openFileIndex(indexPath);
  return { cache: index, close: () => index.close() };
}
