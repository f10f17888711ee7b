// The persistent index: what earlier scans learnt of each file, in one SQLite file shared by every
// root, scan and process. A scan loads the rows under its roots in one query per root, answers
// every lookup from memory, and writes its saves in batched transactions: a transaction per file
// would cost a sync per file. Each batch is written in path order (see flush).
import { settledAt } from '../scan/contentCache.ts';
import type { CachedExtraction, ContentHashes } from '../scan/contentCache.ts';
import type { WalkedFile } from '../scan/types.ts';
import { damagedIndex, indexFailure, openIndexDatabase, probeWritable } from './indexDatabase.ts';
import { inPathOrder, prepareIndexRows } from './indexRows.ts';
import type { IndexWrite, StoredMemo } from './indexRows.ts';
import { KnownFiles } from './knownFiles.ts';
import type { ScanCache } from './knownFiles.ts';
import { isUnderAny, resolveScanRoots } from './scanRoots.ts';

export { FileIndexError } from './indexDatabase.ts';
export type { FileIndexProblem } from './indexDatabase.ts';

export interface FileIndexOptions {
  /** How long to wait for another process's write to finish. */
  busyTimeoutMs?: number;
  /** Writes per transaction at most. */
  batchSize?: number;
  /** How long a save may wait for its batch to fill. */
  batchDelayMs?: number;
}

/**
 * Saves never throw: the index is a cache, and a failed batch costs only a rescan of its files.
 * The first such failure is thrown by the next commit(), finishScan() or close(). One scan at a
 * time per FileIndex (beginScan starts afresh); concurrent scans, in this process or another,
 * each open their own.
 */
export interface FileIndex extends ScanCache {
  readonly path: string;
  beginWalk(roots: readonly string[]): boolean;
  /** Writes the buffered saves now. */
  commit(): void;
  /** Commits, then closes the file. */
  close(): void;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Memos no scan has asked for in this long are forgotten: their files have most likely changed. */
const MEMO_RETENTION_MS = 30 * DAY_MS;
/** A memo's use is written at most once a day, so an unchanged rescan writes nothing for it. */
const MEMO_USE_RESOLUTION_MS = DAY_MS;
/** storeSaves writes no fewer (see there). */
const STORE_SAVES_AT_LEAST = 1000;

interface ScanState {
  roots: string[];
  walked: ReadonlyMap<string, WalkedFile>;
}

function sameRoots(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((root, i) => root === b[i]);
}

/** Opens or creates the index at `path` (and its folder); throws FileIndexError if it cannot be used. */
export function openFileIndex(path: string, options: FileIndexOptions = {}): FileIndex {
  const { busyTimeoutMs = 5000, batchSize = 50_000, batchDelayMs = 2000 } = options;
  const db = openIndexDatabase(path, busyTimeoutMs);
  let rows: ReturnType<typeof prepareIndexRows>;
  try {
    rows = prepareIndexRows(db);
  } catch (error) {
    db.close();
    // At its schema version, yet its statements do not compile: a table or column is missing.
    throw damagedIndex(path, (error as Error).message, error);
  }
  try {
    probeWritable(db, path);
  } catch (error) {
    db.close();
    throw error;
  }
  let loadedRoots: string[] = [];
  let lookedUp = new Set<string>();
  let known = knownFiles();
  /**
   * Memos saved or marked used and not yet written; the others are asked of the index each time.
   * Keeping every memo read held them all in memory, 2.3 million keys of ~100 characters on a
   * near scan of /usr/lib, and their collection took seconds.
   */
  let memos = new Map<string, StoredMemo>();
  let scan: ScanState | undefined;
  /** The roots beginWalk loaded, until beginScan takes them. */
  let preloaded: readonly string[] | undefined;
  /**
   * Nothing was known under the roots (beginWalk): no save can replace an entry, prove a move or
   * be asked for again (a pass hashes each file once), so hashes go to storage, not also to
   * `known` — ~140 bytes a hashed file, 65 MB on a first scan of 500,000 files. Once that scan
   * has finished, the next lookup (a watcher's) reads them back (knownNow).
   */
  let savesOnly = false;
  let readBackSaves = false;
  let pending: IndexWrite[] = [];
  let timer: NodeJS.Timeout | undefined;
  let failure: unknown;

  /** `known`, with every row under the loaded roots again after a scan that only stored its hashes. */
  function knownNow(): KnownFiles {
    if (readBackSaves) {
      readBackSaves = false;
      try {
        for (const root of loadedRoots) rows.loadBelow(root, known.byPath);
      } catch (error) {
        failure ??= indexFailure(path, error);
      }
    }
    return known;
  }

  /** Rows under the loaded roots are all in memory; any other path is read on first use. */
  function knownFiles(): KnownFiles {
    return new KnownFiles((filePath) => {
      if (isUnderAny(filePath, loadedRoots) || lookedUp.has(filePath)) return undefined;
      lookedUp.add(filePath);
      try {
        return rows.loadOne(filePath);
      } catch (error) {
        failure ??= indexFailure(path, error);
        return undefined;
      }
    }, loadExtractions);
  }

  /** The extractions under the loaded roots, on the scan's first need of one (one query per root). */
  function loadExtractions(): void {
    try {
      for (const root of loadedRoots) rows.loadExtractionsBelow(root, known.byPath);
    } catch (error) {
      // Like a failed save: the documents are read again, and the next commit() tells.
      failure ??= indexFailure(path, error);
    }
  }

  function storedMemo(key: string): StoredMemo | undefined {
    const unwritten = memos.get(key);
    if (unwritten !== undefined) return unwritten;
    try {
      return rows.loadMemo(key);
    } catch (error) {
      failure ??= indexFailure(path, error);
      return undefined;
    }
  }

  /** Starts afresh, reloaded each scan (another process may have written since); returns the roots resolved. */
  function reset(roots: readonly string[]): string[] {
    commit();
    loadedRoots = [];
    lookedUp = new Set();
    known = knownFiles();
    memos = new Map();
    preloaded = undefined;
    savesOnly = false;
    readBackSaves = false;
    // A scan that ended early (aborted, or took a kept analysis) leaves no walk for finishScan.
    scan = undefined;
    return resolveScanRoots(roots);
  }

  function load(roots: readonly string[], walked: ReadonlyMap<string, WalkedFile>): void {
    const resolved = reset(roots);
    try {
      for (const root of resolved) rows.loadBelow(root, known.byPath, walked);
    } catch (error) {
      throw indexFailure(path, error);
    }
    loadedRoots = resolved;
  }

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    // Rows are keyed by path: in path order a batch dirties each B-tree page once, where in the
    // order files were hashed (scattered over the tree) it dirtied most of the table every commit.
    // Measured on 40,000 new rows: 2.5 s wall, 0.74 s CPU in batches of 500 as hashed; 0.26 s and
    // 0.16 s sorted. Writes to one path keep their order.
    const writes = inPathOrder(pending);
    pending = [];
    // Written below (or lost with the batch, and the failure told): the index answers for them now.
    memos = new Map();
    try {
      db.exec('BEGIN IMMEDIATE');
      for (const write of writes) rows.apply(write);
      db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw indexFailure(path, error);
    }
  }

  function flushInBackground(): void {
    try {
      flush();
    } catch (error) {
      failure ??= error;
    }
  }

  function queue(write: IndexWrite): void {
    pending.push(write);
    if (pending.length >= batchSize) flushInBackground();
    else timer ??= setTimeout(flushInBackground, batchDelayMs).unref();
  }

  // A pass reads after its walk began, or after the pass before it ended (a watcher's).
  let passStartMs = Date.now();
  const settled = (file: WalkedFile) => settledAt(file, passStartMs);

  function commit(): void {
    flush();
    if (failure !== undefined) {
      const error = failure;
      failure = undefined;
      throw error;
    }
  }

  return {
    path,
    keepsAnalyses: true,
    hashes: (file: WalkedFile) => knownNow().hashes(file),
    settled,
    saveHashes(file: WalkedFile, hashes: ContentHashes) {
      if (!settled(file)) return;
      if (savesOnly) {
        queue({ kind: 'hashes', file, hashes, replace: false });
        return;
      }
      const replace = knownNow().heldForAnotherIdentity(file);
      const move = known.saveHashes(file, hashes);
      if (move !== undefined) queue({ kind: 'move', move });
      queue({ kind: 'hashes', file, hashes, replace });
    },
    extraction: (file: WalkedFile, settings: string) => knownNow().extraction(file, settings),
    saveExtraction(file: WalkedFile, settings: string, extraction: CachedExtraction) {
      if (!settled(file)) return;
      knownNow().saveExtraction(file, settings, extraction);
      queue({ kind: 'extraction', file, settings, extraction });
    },
    memo(key: string) {
      const stored = storedMemo(key);
      if (stored === undefined) return undefined;
      const now = Date.now();
      if (now - stored.usedMs >= MEMO_USE_RESOLUTION_MS) {
        memos.set(key, { value: stored.value, usedMs: now });
        queue({ kind: 'memoUsed', key, usedMs: now });
      }
      return stored.value;
    },
    saveMemo(key: string, value: string) {
      const usedMs = Date.now();
      memos.set(key, { value, usedMs });
      queue({ kind: 'memo', key, value, usedMs });
    },
    beginWalk(roots) {
      passStartMs = Date.now();
      const resolved = reset(roots);
      let empty: boolean;
      try {
        empty = !resolved.some((root) => rows.anyBelow(root));
      } catch (error) {
        throw indexFailure(path, error);
      }
      // Rows are loaded after the walk (beginScan), sharing its strings.
      if (!empty) return false;
      loadedRoots = resolved;
      preloaded = roots;
      savesOnly = true;
      return true;
    },
    beginScan(roots, files) {
      if (preloaded !== undefined && sameRoots(preloaded, roots)) {
        // Nothing was known under the roots (beginWalk), so every entry under them is a save of
        // this walk, for a path it walked: none can have moved or be gone. Sparing the map of the
        // walk and the two passes over the entries is ~0.1 s of a first scan of 50,000 files.
        preloaded = undefined;
        scan = undefined;
        return [];
      }
      const walked = new Map(files.map((file) => [file.path, file]));
      load(roots, walked);
      scan = { roots: loadedRoots, walked };
      return known.followMoves(scan.roots, files, walked);
    },
    forget(paths) {
      for (const path of paths) {
        // Out of memory too: a file back with the same identity is saved again, not answered from here.
        known.byPath.delete(path);
        queue({ kind: 'drop', path });
      }
    },
    finishScan() {
      if (scan !== undefined) {
        for (const dropped of known.dropUnseen(scan.roots, scan.walked)) queue({ kind: 'drop', path: dropped });
        scan = undefined;
      }
      queue({ kind: 'forgetMemos', unusedSinceMs: Date.now() - MEMO_RETENTION_MS });
      passStartMs = Date.now();
      readBackSaves = savesOnly;
      savesOnly = false;
      commit();
    },
    storeSaves() {
      // A transaction costs a commit: a few saves wait for more.
      if (pending.length >= STORE_SAVES_AT_LEAST) flushInBackground();
    },
    commit,
    close() {
      try {
        commit();
      } finally {
        clearTimeout(timer);
        db.close();
      }
    },
  };
}
