// Opening the index file: it must be Shingle's index at a version this code reads, or a new file.
// Anything else is refused before a single byte is written, so a user's file given by mistake,
// a damaged index or one from a newer Shingle is never overwritten.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { displayPath } from '../../../shared/fsName.ts';
import { APPLICATION_ID, SCHEMA_VERSION, migrate, schemaVersion } from './migrations.ts';

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
  if (primary === SQLITE_CORRUPT || primary === SQLITE_NOTADB) {
    return new FileIndexError(
      path,
      'damaged',
      `The index ${where} is damaged or is not an SQLite database (${error.errstr}). It was left as it is: run with --no-index, or delete the file to start a new index.`,
      error,
    );
  }
  return new FileIndexError(path, 'unavailable', `Cannot use the index ${where}: ${error.message}. Run with --no-index to scan without it.`, error);
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
  if (version > SCHEMA_VERSION) {
    throw new FileIndexError(
      path,
      'newer',
      `The index ${displayPath(path)} was written by a newer Shingle (schema version ${version}; this one reads up to ${SCHEMA_VERSION}). Update Shingle, run with --no-index, or delete the file to start a new index.`,
    );
  }
}

/**
 * Opens (creating if need be) the index at `path` at the current schema version. WAL with
 * synchronous = NORMAL: a killed process loses nothing committed, a power cut at most the last
 * transactions, and either way the file opens consistent.
 */
export function openIndexDatabase(path: string, busyTimeoutMs: number): DatabaseSync {
  mkdirSync(dirname(path), { recursive: true });
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path, { timeout: busyTimeoutMs });
  } catch (error) {
    throw indexFailure(path, error);
  }
  try {
    checkIsShingleIndex(db, path);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('PRAGMA foreign_keys = ON');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw indexFailure(path, error);
  }
}
