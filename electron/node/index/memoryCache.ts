// The content cache without an index file (`--no-index`, watching, tests): the same rules as the
// SQLite index, kept only for the life of the process.
import { settledAt } from '../scan/contentCache.ts';
import type { CachedExtraction, ContentHashes } from '../scan/contentCache.ts';
import type { WalkedFile } from '../scan/types.ts';
import { KnownFiles } from './knownFiles.ts';
import type { ScanCache } from './knownFiles.ts';
import { resolveScanRoots } from './scanRoots.ts';

export function createMemoryCache(): ScanCache {
  const known = new KnownFiles();
  const memos = new Map<string, string>();
  let scan: { roots: string[]; walked: Set<string> } | undefined;
  // Every read of a pass follows the end of the one before (or the cache's making).
  let passStartMs = Date.now();
  const settled = (file: WalkedFile) => settledAt(file, passStartMs);
  return {
    settled,
    hashes: (file: WalkedFile) => known.hashes(file),
    saveHashes: (file: WalkedFile, hashes: ContentHashes) => void (settled(file) && known.saveHashes(file, hashes)),
    extraction: (file: WalkedFile, settings: string) => known.extraction(file, settings),
    saveExtraction: (file: WalkedFile, settings: string, extraction: CachedExtraction) => void (settled(file) && known.saveExtraction(file, settings, extraction)),
    memo: (key: string) => memos.get(key),
    saveMemo: (key: string, value: string) => void memos.set(key, value),
    beginScan(roots, files) {
      scan = { roots: resolveScanRoots(roots), walked: new Set(files.map((file) => file.path)) };
      return known.followMoves(scan.roots, files, scan.walked);
    },
    finishScan() {
      passStartMs = Date.now();
      if (scan === undefined) return;
      known.dropUnseen(scan.roots, scan.walked);
      scan = undefined;
    },
  };
}
