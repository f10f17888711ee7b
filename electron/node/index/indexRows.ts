// Rows of the index to and from KnownFile entries. Every write is guarded by the file's identity
// and runs inside the caller's transaction, so no row ever pairs data with an identity it was
// not computed from, whatever another process sharing the file did since it was loaded.
import type { DatabaseSync, SQLInputValue, SQLOutputValue, StatementSync } from 'node:sqlite';
import type { DocumentFormat } from '../../../shared/report.ts';
import type { CachedExtraction, ContentHashes } from '../scan/contentCache.ts';
import type { DocumentFingerprint } from '../near/documentFingerprint.ts';
import type { WalkedFile } from '../scan/types.ts';
import type { KnownFile, Move } from './knownFiles.ts';
import { packVectors, unpackVectors } from './fingerprintVectors.ts';
import { blobToPath, pathToBlob } from './pathBlob.ts';
import { blobRangeBelow } from './scanRoots.ts';

/** A save, move or removal waiting for the next batch. */
export type IndexWrite =
  /** `replace`: the row known for the path was computed from another identity, and goes first. */
  | { kind: 'hashes'; file: WalkedFile; hashes: ContentHashes; replace: boolean }
  | { kind: 'extraction'; file: WalkedFile; settings: string; extraction: CachedExtraction }
  | { kind: 'move'; move: Move }
  | { kind: 'drop'; path: string }
  | { kind: 'memo'; key: string; value: string; usedMs: number }
  | { kind: 'memoUsed'; key: string; usedMs: number }
  | { kind: 'forgetMemos'; unusedSinceMs: number };

export interface StoredMemo {
  value: string;
  usedMs: number;
}

export interface IndexRows {
  /**
   * Adds every file row at or below `root` to `byPath`, without extractions: one query. With
   * `walked`, a row of a walked file shares the walk's strings for its path and file id.
   */
  loadBelow(root: string, byPath: Map<string, KnownFile>, walked?: ReadonlyMap<string, WalkedFile>): void;
  /** Whether any file row lies at or below `root`. */
  anyBelow(root: string): boolean;
  /**
   * Adds the extractions of the rows at or below `root` to their entries in `byPath`, where the
   * entry has the identity of the row's file and no extraction with those settings yet: one query.
   */
  loadExtractionsBelow(root: string, byPath: Map<string, KnownFile>): void;
  loadOne(path: string): KnownFile | undefined;
  loadMemo(key: string): StoredMemo | undefined;
  /** Must run inside a transaction. */
  apply(write: IndexWrite): void;
}

const FILE_COLUMNS = 'f.path, f.dev_ino, f.size, f.mtime_ms, f.ctime_ms, f.sample_hash, f.full_hash';
const EXTRACTION_COLUMNS = `e.settings, e.format, e.words, e.text_hash, e.shingle_count, e.simhash_hi, e.simhash_lo,
    e.vectors, e.error_code, e.error_message, e.layout_hash`;
const SELECT = `SELECT ${FILE_COLUMNS}, ${EXTRACTION_COLUMNS} FROM files AS f LEFT JOIN extractions AS e ON e.path = f.path`;
// A scan loads the files' rows first and their fingerprints only once it asks for one: a
// `--no-near` scan never reads the fingerprint BLOBs, nor turns them into arrays.
const SELECT_FILES = `SELECT ${FILE_COLUMNS} FROM files AS f`;
const SELECT_EXTRACTIONS = `SELECT ${FILE_COLUMNS}, ${EXTRACTION_COLUMNS} FROM extractions AS e JOIN files AS f ON f.path = e.path`;

/**
 * Most files a scan passes to extraction are not documents (binaries, archives): their rows all
 * say one of a few things: one shared, frozen entry per thing said, instead of an object and a
 * message per row (33,000 of the 36,700 extraction rows of the bench:rescan folders).
 */
const failures = new Map<string, CachedExtraction>();

function failureOf(code: string, message: string): CachedExtraction {
  const key = `${code}\0${message}`;
  let failure = failures.get(key);
  if (failure === undefined) {
    // Bounded: a message that names the file (rare) is not worth keeping for the next one.
    if (failures.size >= 1000) failures.clear();
    failure = Object.freeze({ ok: false, code, message });
    failures.set(key, failure);
  }
  return failure;
}

function extractionOf(row: SQLOutputValue[]): CachedExtraction {
  const [, , , , , , , , format, words, textHash, shingleCount, simhashHi, simhashLo, vectors, errorCode, errorMessage, layoutHash] = row;
  if (format === null) return failureOf(errorCode as string, errorMessage as string);
  const { sketch, sample, lists, chunks } = unpackVectors(vectors as Uint8Array);
  const fingerprint: DocumentFingerprint = { words: words as number, textHash: textHash as string, sketch, sample, shingleCount: shingleCount as number };
  // NULL in rows written before the column was (migration 5).
  if (typeof layoutHash === 'string') fingerprint.layoutHash = layoutHash;
  if (simhashHi !== null) fingerprint.simhash = { hi: simhashHi as number, lo: simhashLo as number };
  if (lists !== undefined) fingerprint.lists = lists;
  if (chunks !== undefined) fingerprint.chunks = chunks;
  return { ok: true, format: format as DocumentFormat, fingerprint };
}

// Sharing the walk's strings spares a second copy of each path and file id for the whole scan:
// ~70 MB at 500,000 files.
function addRow(byPath: Map<string, KnownFile>, row: SQLOutputValue[], walked?: ReadonlyMap<string, WalkedFile>): void {
  const decoded = blobToPath(row[0] as Uint8Array);
  const file = walked?.get(decoded);
  const path = file?.path ?? decoded;
  let known = byPath.get(path);
  if (known === undefined) {
    const [, fileId, size, mtimeMs, ctimeMs, sample, full] = row;
    known = {
      fileId: file !== undefined && file.fileId === fileId ? file.fileId : (fileId as string),
      size: size as number,
      mtimeMs: mtimeMs as number,
      ctimeMs: ctimeMs as number,
      sampleHash: sample as string | null,
      fullHash: full as string | null,
    };
    byPath.set(path, known);
  } else if (known.sampleHash === null && known.fullHash === null && known.fileId === row[1] && known.size === row[2] && known.mtimeMs === row[3] && known.ctimeMs === row[4]) {
    // An entry made in memory for an extraction while the hashes were only stored (fileIndex.ts).
    known.sampleHash = row[5] as string | null;
    known.fullHash = row[6] as string | null;
  }
  // Rows of SELECT_FILES end before the settings column.
  if (row[7] !== undefined && row[7] !== null) (known.extractions ??= new Map()).set(row[7] as string, extractionOf(row));
}

/** An extraction row (SELECT_EXTRACTIONS) onto its entry, if computed from the entry's identity. */
function addExtractionRow(byPath: Map<string, KnownFile>, row: SQLOutputValue[]): void {
  const known = byPath.get(blobToPath(row[0] as Uint8Array));
  const [, fileId, size, mtimeMs, ctimeMs, , , settings] = row;
  if (known === undefined || known.fileId !== fileId || known.size !== size || known.mtimeMs !== mtimeMs || known.ctimeMs !== ctimeMs) return;
  if (known.extractions?.has(settings as string)) return;
  (known.extractions ??= new Map()).set(settings as string, extractionOf(row));
}

function identity(file: WalkedFile): [string, number, number, number] {
  return [file.fileId, file.size, file.mtimeMs, file.ctimeMs];
}

function extractionValues(extraction: CachedExtraction): (string | number | Uint32Array | null)[] {
  if (!extraction.ok) return [null, null, null, null, null, null, null, extraction.code, extraction.message, null];
  const { format, fingerprint: f } = extraction;
  return [format, f.words, f.textHash, f.shingleCount, f.simhash?.hi ?? null, f.simhash?.lo ?? null, packVectors(f), null, null, f.layoutHash ?? null];
}

/** A query yielding its rows one at a time, each as an array: no object with named keys per row. */
function arrayQuery(statement: StatementSync): (...params: SQLInputValue[]) => Iterable<SQLOutputValue[]> {
  statement.setReturnArrays(true);
  // The declared types describe only the object rows.
  return (...params) => statement.iterate(...params) as unknown as Iterable<SQLOutputValue[]>;
}

export function prepareIndexRows(db: DatabaseSync): IndexRows {
  // UNION ALL, not OR: an OR of two ranges collects the keys in a temporary table first.
  const below = arrayQuery(db.prepare(`${SELECT_FILES} WHERE f.path >= ? AND f.path < ? UNION ALL ${SELECT_FILES} WHERE f.path = ?`));
  const any = db.prepare('SELECT EXISTS (SELECT 1 FROM files WHERE path >= ? AND path < ?) OR EXISTS (SELECT 1 FROM files WHERE path = ?) AS found');
  const extractionsBelow = arrayQuery(db.prepare(`${SELECT_EXTRACTIONS} WHERE e.path >= ? AND e.path < ? UNION ALL ${SELECT_EXTRACTIONS} WHERE e.path = ?`));
  const one = arrayQuery(db.prepare(`${SELECT} WHERE f.path = ?`));
  // A row computed from another identity goes, and its extractions with it (ON DELETE CASCADE).
  const dropStale = db.prepare('DELETE FROM files WHERE path = ? AND NOT (dev_ino = ? AND size = ? AND mtime_ms = ? AND ctime_ms = ?)');
  // Guarded by the identity: a row another process wrote since, for another identity, is left as
  // it is (this save is lost, not paired with that identity), so a new file's row needs no
  // dropStale first; only a row known to be stale does. Measured on 40,000 new rows in path
  // order: 124 ms of CPU with this statement alone, 187 ms with dropStale before each.
  const putHashes = db.prepare(`
    INSERT INTO files (path, dev_ino, size, mtime_ms, ctime_ms, sample_hash, full_hash) VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (path) DO UPDATE SET sample_hash = coalesce(excluded.sample_hash, sample_hash), full_hash = coalesce(excluded.full_hash, full_hash)
    WHERE dev_ino = excluded.dev_ino AND size = excluded.size AND mtime_ms = excluded.mtime_ms AND ctime_ms = excluded.ctime_ms`);
  const putFile = db.prepare('INSERT INTO files (path, dev_ino, size, mtime_ms, ctime_ms) VALUES (?, ?, ?, ?, ?) ON CONFLICT (path) DO NOTHING');
  const putExtraction = db.prepare(`
    INSERT OR REPLACE INTO extractions (path, settings, format, words, text_hash, shingle_count, simhash_hi, simhash_lo,
      vectors, error_code, error_message, layout_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const drop = db.prepare('DELETE FROM files WHERE path = ?');
  // Its extractions follow the row to its new path (ON UPDATE CASCADE), unless the new name reads
  // the file otherwise: they go first then (Move.keepsExtractions).
  const move = db.prepare('UPDATE files SET path = ?, ctime_ms = ? WHERE path = ? AND dev_ino = ? AND size = ? AND mtime_ms = ?');
  const dropExtractions = db.prepare('DELETE FROM extractions WHERE path = ?');
  const memo = db.prepare('SELECT value, used_ms FROM memos WHERE key = ?');
  // Asked once per pair a near scan verifies, up to millions of times: no object per row.
  memo.setReturnArrays(true);
  const putMemo = db.prepare('INSERT INTO memos (key, value, used_ms) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, used_ms = excluded.used_ms');
  const memoUsed = db.prepare('UPDATE memos SET used_ms = ? WHERE key = ?');
  const forgetMemos = db.prepare('DELETE FROM memos WHERE used_ms < ?');

  return {
    loadBelow(root, byPath, walked) {
      const { low, high } = blobRangeBelow(root);
      for (const row of below(low, high, pathToBlob(root))) addRow(byPath, row, walked);
    },
    anyBelow(root) {
      const { low, high } = blobRangeBelow(root);
      return (any.get(low, high, pathToBlob(root)) as { found: number }).found === 1;
    },
    loadExtractionsBelow(root, byPath) {
      const { low, high } = blobRangeBelow(root);
      for (const row of extractionsBelow(low, high, pathToBlob(root))) addExtractionRow(byPath, row);
    },
    loadOne(path) {
      const byPath = new Map<string, KnownFile>();
      for (const row of one(pathToBlob(path))) addRow(byPath, row);
      return byPath.get(path);
    },
    loadMemo(key) {
      // The declared types describe only the object rows.
      const row = memo.get(key) as unknown as [string, number] | undefined;
      return row && { value: row[0], usedMs: row[1] };
    },
    apply(write) {
      switch (write.kind) {
        case 'hashes': {
          const path = pathToBlob(write.file.path);
          if (write.replace) dropStale.run(path, ...identity(write.file));
          putHashes.run(path, ...identity(write.file), write.hashes.sample ?? null, write.hashes.full ?? null);
          return;
        }
        case 'extraction': {
          const path = pathToBlob(write.file.path);
          dropStale.run(path, ...identity(write.file));
          putFile.run(path, ...identity(write.file));
          putExtraction.run(path, write.settings, ...extractionValues(write.extraction));
          return;
        }
        case 'move': {
          const { from, file, keepsExtractions } = write.move;
          const to = pathToBlob(file.path);
          drop.run(to);
          if (!keepsExtractions) dropExtractions.run(pathToBlob(from));
          move.run(to, file.ctimeMs, pathToBlob(from), file.fileId, file.size, file.mtimeMs);
          return;
        }
        case 'drop':
          drop.run(pathToBlob(write.path));
          return;
        case 'memo':
          putMemo.run(write.key, write.value, write.usedMs);
          return;
        case 'memoUsed':
          memoUsed.run(write.usedMs, write.key);
          return;
        case 'forgetMemos':
          forgetMemos.run(write.unusedSinceMs);
      }
    },
  };
}

/**
 * The writes in path order, writes to one path in the order made. Each write's path is read once,
 * not in every comparison: on 36,000 writes that was a fifth of the batch's CPU.
 */
export function inPathOrder(writes: readonly IndexWrite[]): IndexWrite[] {
  const keyed = writes.map((write, order) => ({ path: writePath(write), order, write }));
  keyed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.order - b.order));
  return keyed.map((entry) => entry.write);
}

/** The path a write changes; '' for memos, which touch no file's row. */
function writePath(write: IndexWrite): string {
  switch (write.kind) {
    case 'hashes':
    case 'extraction':
      return write.file.path;
    case 'move':
      return write.move.file.path;
    case 'drop':
      return write.path;
    default:
      return '';
  }
}
