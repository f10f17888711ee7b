// Opening an index file: new, old (migrated), newer, foreign, damaged or not a database at all.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileIndexError, openFileIndex } from '../../../../electron/node/index/fileIndex.ts';
import type { FileIndexProblem } from '../../../../electron/node/index/fileIndex.ts';
import { APPLICATION_ID, SCHEMA_VERSION, migrate } from '../../../../electron/node/index/migrations.ts';
import { pathToBlob } from '../../../../electron/node/index/pathBlob.ts';
import { SETTINGS, contentExtraction, contentHashes, walkedFile } from './fixtures/syntheticFiles.ts';

let dir: string;
let root: string;
let indexPath: string;

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'shingle-open-')));
  root = join(dir, 'root');
  mkdirSync(root);
  indexPath = join(dir, 'index.sqlite');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function pragma(name: string): unknown {
  const db = new DatabaseSync(indexPath, { readOnly: true });
  try {
    return Object.values(db.prepare(`PRAGMA ${name}`).get()!)[0];
  } finally {
    db.close();
  }
}

function fingerprintOfFile(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Opening must fail with `problem`, a message naming the file, and leave the folder as it was. */
function expectRefused(problem: FileIndexProblem, message: RegExp): void {
  const before = readdirSync(dir).sort();
  const content = fingerprintOfFile(indexPath);
  let error: unknown;
  try {
    openFileIndex(indexPath).close();
  } catch (thrown) {
    error = thrown;
  }
  expect(error).toBeInstanceOf(FileIndexError);
  expect((error as FileIndexError).problem).toBe(problem);
  expect((error as FileIndexError).message).toContain(indexPath);
  expect((error as FileIndexError).message).toMatch(message);
  expect(fingerprintOfFile(indexPath)).toBe(content);
  expect(readdirSync(dir).sort()).toEqual(before);
}

describe('opening the index', () => {
  it('creates the file and its folders, marked as Shingle’s, at the latest version', () => {
    indexPath = join(dir, 'deep', 'er', 'index.sqlite');
    openFileIndex(indexPath).close();
    expect(pragma('user_version')).toBe(SCHEMA_VERSION);
    expect(pragma('application_id')).toBe(APPLICATION_ID);
    expect(pragma('journal_mode')).toBe('wal');
  });

  it('refuses an empty file (Shingle never leaves one: a new index is linked into place whole)', () => {
    writeFileSync(indexPath, '');
    expectRefused('foreign', /empty file, not a Shingle index.*--no-index/);
  });

  it('migrates a version 1 index and keeps its rows usable', () => {
    const file = walkedFile(join(root, 'old.txt'));
    const hashes = contentHashes(file);
    const db = new DatabaseSync(indexPath);
    migrate(db, 1);
    db.prepare('INSERT INTO files (path, dev_ino, size, mtime_ms, ctime_ms, sample_hash, full_hash) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      pathToBlob(file.path),
      file.fileId,
      file.size,
      file.mtimeMs,
      file.ctimeMs,
      hashes.sample!,
      hashes.full!,
    );
    db.close();
    expect(pragma('user_version')).toBe(1);

    const index = openFileIndex(indexPath);
    expect(pragma('user_version')).toBe(SCHEMA_VERSION);
    index.beginScan([root], [file]);
    expect(index.hashes(file)).toEqual(hashes);
    expect(index.extraction(file, SETTINGS)).toBeUndefined();
    index.saveExtraction(file, SETTINGS, contentExtraction(file));
    index.finishScan();
    index.close();

    const reopened = openFileIndex(indexPath);
    reopened.beginScan([root], [file]);
    expect(reopened.hashes(file)).toEqual(hashes);
    expect(reopened.extraction(file, SETTINGS)).toEqual(contentExtraction(file));
    reopened.close();
  });

  it('refuses an index written by a newer Shingle, and leaves it as it is', () => {
    openFileIndex(indexPath).close();
    const db = new DatabaseSync(indexPath);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expectRefused('newer', /newer Shingle.*--no-index.*forgets what you marked "Not duplicates"/);
    expect(pragma('user_version')).toBe(SCHEMA_VERSION + 1);
  });

  it('refuses a file that is not an SQLite database, and leaves it as it is', () => {
    writeFileSync(indexPath, 'Dear diary, today I pointed Shingle at the wrong file.\n'.repeat(200));
    expectRefused('damaged', /not an SQLite database.*--no-index.*delete it \(with its -wal and -shm files\)/);
    expect(existsSync(`${indexPath}-wal`)).toBe(false);
  });

  it('refuses another program’s SQLite database, and leaves it as it is', () => {
    const db = new DatabaseSync(indexPath);
    db.exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')");
    db.close();
    expectRefused('foreign', /not a Shingle index/);
  });

  it('refuses a damaged index with a clear error', () => {
    openFileIndex(indexPath).close();
    const bytes = readFileSync(indexPath);
    // Page 1 past the header holds the schema: garbling it makes every table unreadable.
    bytes.fill(0x5a, 100, 4096);
    writeFileSync(indexPath, bytes);
    expectRefused('damaged', /damaged.*--no-index.*delete it \(with its -wal and -shm files\).*forgets what you marked "Not duplicates"/);
  });

  it('opens while another process writes a long batch (holding the write lock past the wait), and reads what is there', () => {
    const first = openFileIndex(indexPath);
    first.saveMemo('kept', 'value');
    first.close();
    const writer = new DatabaseSync(indexPath);
    writer.exec('BEGIN IMMEDIATE');
    try {
      const index = openFileIndex(indexPath, { busyTimeoutMs: 50 });
      try {
        expect(index.memo('kept')).toBe('value');
      } finally {
        index.close();
      }
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
  });

  it('starts a new index whole where a deleted one left its -wal and -shm (a crash, then the file deleted by hand)', () => {
    openFileIndex(indexPath).close();
    // Writes still in the log when the process died: copied while the connection is open.
    const db = new DatabaseSync(indexPath);
    db.exec('PRAGMA wal_autocheckpoint = 0');
    const put = db.prepare('INSERT INTO memos (key, value, used_ms) VALUES (?, ?, ?)');
    for (let i = 0; i < 2000; i++) put.run(`key-${i}`, 'x'.repeat(200), i);
    const log = { wal: readFileSync(`${indexPath}-wal`), shm: readFileSync(`${indexPath}-shm`) };
    db.close();
    rmSync(indexPath);
    writeFileSync(`${indexPath}-wal`, log.wal);
    writeFileSync(`${indexPath}-shm`, log.shm);

    const index = openFileIndex(indexPath);
    try {
      expect(index.memo('key-1')).toBeUndefined();
    } finally {
      index.close();
    }
    expect(pragma('integrity_check')).toBe('ok');
  });
});
