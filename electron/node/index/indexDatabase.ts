// Opening the index file: it must be Shingle's index at a version this code reads, or a new file.
// Anything else is refused before a single byte is written, so a user's file given by mistake,
// a damaged index or one from a newer Shingle is never overwritten.
import { existsSync, linkSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { displayPath } from '../../../shared/fsName.ts';
import { APPLICATION_ID, NewerSchemaError, SCHEMA_VERSION, migrate, schemaVersion } from './migrations.ts';
import { storageCause } from './storageFailure.ts';

/** Why the index cannot be used: the host may go on without it (`--no-index`). */
export type FileIndexProblem = 'newer' | 'foreign' | 'damaged' | 'unavailable';

export class FileIndexError extends Error {
  readonly path: string;
  readonly problem: FileIndexProblem;

  constructor(path: string, problem: FileIndexProblem, message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'FileIndexError';
    this.path = path;
    this.problem = problem;
  }
}

const SQLITE_BUSY = 5;
const SQLITE_READONLY = 8;
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

interface SqliteError extends Error {
  errcode: number;
  errstr: string;
}

function isSqliteError(error: unknown): error is SqliteError {
  return error instanceof Error && (error as { code?: unknown }).code === 'ERR_SQLITE_ERROR';
}

/** An SQLite error as a FileIndexError that names the file and what the user can do. */
export function indexFailure(path: string, error: unknown): unknown {
  if (!isSqliteError(error)) return error;
  const where = displayPath(path);
  // Extended result codes keep the primary code in their low byte.
  const primary = error.errcode & 0xff;
  if (primary === SQLITE_CORRUPT || primary === SQLITE_NOTADB) return damagedIndex(path, error.errstr, error);
  // A full or read-only disk, or one failing, is named as such, not as SQLite's code for it.
  const cause = storageCause(error, dirname(path));
  if (cause) {
    return new FileIndexError(path, 'unavailable', `The index ${where} cannot be written: ${cause}. Choose another --index, or run with --no-index.`, error);
  }
  if (primary === SQLITE_READONLY) {
    return new FileIndexError(path, 'unavailable', `The index ${where} cannot be written (read-only file, folder or disk). Make it writable, choose another --index, or run with --no-index.`, error);
  }
  return new FileIndexError(path, 'unavailable', `Cannot use the index ${where}: ${error.message}. Run with --no-index to scan without it.`, error);
}

/** The index is Shingle's but not whole (a page, a table missing), or not a database at all. */
export function damagedIndex(path: string, why: string, cause?: unknown): FileIndexError {
  return new FileIndexError(
    path,
    'damaged',
    `The index ${displayPath(path)} is damaged or is not an SQLite database (${why}). It was left as it is: run with --no-index, or delete it (with its -wal and -shm files) to start a new index, which forgets what you marked "Not duplicates".`,
    cause,
  );
}

/** A file-system error (making the folder, creating the file) as a FileIndexError. */
function fileSystemFailure(path: string, doing: string, error: unknown): FileIndexError {
  const code = (error as NodeJS.ErrnoException).code;
  const why = storageCause(error, dirname(path)) ?? (code === 'ENOTDIR' || code === 'EEXIST' ? 'a file stands where a folder is needed' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (error as Error).message);
  return new FileIndexError(path, 'unavailable', `Cannot ${doing} for the index ${displayPath(path)}: ${why}. Choose another --index, or run with --no-index.`, error);
}

function checkIsShingleIndex(db: DatabaseSync, path: string): void {
  const applicationId = (db.prepare('PRAGMA application_id').get() as { application_id: number }).application_id;
  const version = schemaVersion(db);
  const isEmpty = db.prepare('SELECT 1 FROM sqlite_schema LIMIT 1').get() === undefined;
  if (applicationId !== APPLICATION_ID && !(applicationId === 0 && version === 0 && isEmpty)) {
    throw new FileIndexError(
      path,
      'foreign',
      `${displayPath(path)} is an SQLite database but not a Shingle index. It was left as it is: choose another index file, or run with --no-index.`,
    );
  }
  if (version > SCHEMA_VERSION) throw newerIndex(path, `schema version ${version}; this one reads up to ${SCHEMA_VERSION}`);
}

function newerIndex(path: string, why: string, cause?: unknown): FileIndexError {
  return new FileIndexError(
    path,
    'newer',
    `The index ${displayPath(path)} was written by a newer Shingle (${why}). Update Shingle, or run with --no-index. Deleting it (with its -wal and -shm files) starts a new index but forgets what you marked "Not duplicates".`,
    cause,
  );
}

/** Size of the file at `path`, or undefined when there is none. */
function existingSize(path: string): number | undefined {
  try {
    return statSync(path).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fileSystemFailure(path, 'look at the file', error);
  }
}

function configure(db: DatabaseSync): void {
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
}

/**
 * A new index is built beside its place and linked into it whole, so no process ever sees a
 * half-made one: an empty file at the path is never Shingle's (so it is refused, not taken), and
 * processes creating the same index at once find a complete one (the first link wins) instead of
 * racing each other's schema changes.
 */
function createIndexFile(path: string, busyTimeoutMs: number): void {
  const building = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.new`);
  // The -wal and -shm of an index deleted since (by hand, after a crash left them): SQLite would
  // replay that log into the new file, which it does not belong to, and damage it. Looked for
  // before the index itself: once that is there, they may be another process's own.
  const leftovers = ['-wal', '-shm'].map((suffix) => `${path}${suffix}`).filter((file) => existsSync(file));
  if (leftovers.length > 0 && !existsSync(path)) for (const file of leftovers) rmSync(file, { force: true });
  try {
    const db = new DatabaseSync(building, { timeout: busyTimeoutMs });
    try {
      configure(db);
      migrate(db);
    } finally {
      // Closing the last connection checkpoints the WAL into the file and removes it.
      db.close();
    }
    try {
      linkSync(building, path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A file system without hard links: a rename is atomic too, it only cannot refuse to replace.
      if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS') renameSync(building, path);
      else if (code !== 'EEXIST') throw error;
    }
  } catch (error) {
    throw indexFailure(path, error) === error ? fileSystemFailure(path, 'create the file', error) : indexFailure(path, error);
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${building}${suffix}`, { force: true });
  }
}

/**
 * Opens (creating if need be) the index at `path` at the current schema version. WAL with
 * synchronous = NORMAL: a killed process loses nothing committed, a power cut at most the last
 * transactions, and either way the file opens consistent.
 */
export function openIndexDatabase(path: string, busyTimeoutMs: number): DatabaseSync {
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    throw fileSystemFailure(path, 'make the folder', error);
  }
  const size = existingSize(path);
  if (size === 0) {
    throw new FileIndexError(path, 'foreign', `${displayPath(path)} is an empty file, not a Shingle index. It was left as it is: delete it to let Shingle create the index there, choose another file, or run with --no-index.`);
  }
  if (size === undefined) createIndexFile(path, busyTimeoutMs);
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path, { timeout: busyTimeoutMs });
  } catch (error) {
    throw indexFailure(path, error);
  }
  try {
    checkIsShingleIndex(db, path);
    configure(db);
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error instanceof NewerSchemaError ? newerIndex(path, error.message, error) : indexFailure(path, error);
  }
}

/**
 * SQLite opens a file it may not write read-only without a word, and the scan would fail at its
 * first save. Taking the write lock finds out at once (SQLITE_READONLY), and writes nothing: a
 * scan that then saves nothing (an unchanged rescan) leaves no page for close() to checkpoint and
 * sync. Called last, once the index is known whole, so a damaged one is left as it was.
 */
export function probeWritable(db: DatabaseSync, path: string): void {
  try {
    db.exec('BEGIN IMMEDIATE');
    db.exec('ROLLBACK');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    // Another process writing (a long batch of a scan) holds the lock: the file can be written.
    if (isSqliteError(error) && (error.errcode & 0xff) === SQLITE_BUSY) return;
    throw indexFailure(path, error);
  }
}
