// The index's schema, one migration per version, applied in order. `PRAGMA user_version` holds
// the version the file is at; `PRAGMA application_id` marks the file as Shingle's, so another
// program's database is never taken for an empty index. Migrations are only ever appended.
import type { DatabaseSync } from 'node:sqlite';

/** 'Shng'. */
export const APPLICATION_ID = 0x53686e67;

export interface Migration {
  version: number;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    // Per file: the identity its data was computed from, and its content hashes. Paths are the
    // exact bytes of the name (pathBlob.ts); WITHOUT ROWID keeps these short rows in path order,
    // so a root's rows are one range of the table.
    version: 1,
    sql: `
      PRAGMA application_id = ${APPLICATION_ID};
      CREATE TABLE files (
        path BLOB NOT NULL PRIMARY KEY,
        dev_ino TEXT NOT NULL,
        size INTEGER NOT NULL,
        mtime_ms REAL NOT NULL,
        ctime_ms REAL NOT NULL,
        sample_hash TEXT,
        full_hash TEXT
      ) STRICT, WITHOUT ROWID;
    `,
  },
  {
    // Per file and fingerprint settings: the extracted document's fingerprint or the extraction
    // error. A row belongs to its files row: it goes when that row goes (the file changed or was
    // deleted) and follows it when the file is moved. The fingerprint's arrays share one BLOB
    // (fingerprintVectors.ts): every BLOB read costs an ArrayBuffer, and loading 50,000 rows
    // with one per row instead of two or three saves ~20 ms per BLOB column. Rows of ~1 KB: a
    // rowid table, as WITHOUT ROWID suits only short rows.
    version: 2,
    sql: `
      CREATE TABLE extractions (
        id INTEGER PRIMARY KEY,
        path BLOB NOT NULL REFERENCES files (path) ON DELETE CASCADE ON UPDATE CASCADE,
        settings TEXT NOT NULL,
        format TEXT,
        words INTEGER,
        text_hash TEXT,
        shingle_count INTEGER,
        simhash_hi INTEGER,
        simhash_lo INTEGER,
        vectors BLOB,
        error_code TEXT,
        error_message TEXT,
        UNIQUE (path, settings),
        CHECK (
          (format IS NOT NULL AND words IS NOT NULL AND text_hash IS NOT NULL AND shingle_count IS NOT NULL
            AND vectors IS NOT NULL AND error_code IS NULL)
          OR (format IS NULL AND error_code IS NOT NULL AND error_message IS NOT NULL)
        )
      ) STRICT;
    `,
  },
  {
    // Results computed from several files (ContentCache.memo), under keys built from those files'
    // identities: a change to any of them makes a new key, and the old row is never asked for
    // again. used_ms lets such rows be forgotten once no scan has used them for a while.
    version: 3,
    sql: `
      CREATE TABLE memos (
        key TEXT NOT NULL PRIMARY KEY,
        value TEXT NOT NULL,
        used_ms REAL NOT NULL
      ) STRICT;
      CREATE INDEX memos_by_use ON memos (used_ms);
    `,
  },
  {
    // "Not duplicates": what the person dismissed, kept by member paths (a near cluster's id
    // changes with its members). `paths` is the JSON array of the cluster's paths when dismissed;
    // `file` is the one dismissed file, or '' for the whole cluster (so the pair can be UNIQUE).
    version: 4,
    sql: `
      CREATE TABLE dismissals (
        id INTEGER PRIMARY KEY,
        paths TEXT NOT NULL,
        file TEXT NOT NULL,
        dismissed_ms REAL NOT NULL,
        UNIQUE (paths, file)
      ) STRICT;
    `,
  },
  {
    // The text's layout hash (layoutHash.ts), which tells an edit of punctuation or case from the
    // same text. Rows from before have none: the scan reads those files again (extractUnit).
    version: 5,
    sql: `ALTER TABLE extractions ADD COLUMN layout_hash TEXT;`,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

export function schemaVersion(db: DatabaseSync): number {
  return (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
}

/** A database a newer Shingle migrated past what this one knows (checked again under the write lock). */
export class NewerSchemaError extends Error {}

/**
 * Brings the database to SCHEMA_VERSION in one transaction: a crash mid-way leaves the version it
 * had. The version is read again under the write lock, as another process may have migrated it.
 * At the version already, no write lock is taken: another process writing a long batch would
 * otherwise keep every open waiting, and failing, for nothing.
 */
export function migrate(db: DatabaseSync, upTo = SCHEMA_VERSION): void {
  if (schemaVersion(db) === upTo) return;
  db.exec('BEGIN IMMEDIATE');
  try {
    const from = schemaVersion(db);
    if (from > upTo) throw new NewerSchemaError(`schema version ${from}; this one reads up to ${upTo}`);
    for (const migration of MIGRATIONS) {
      if (migration.version <= from || migration.version > upTo) continue;
      db.exec(migration.sql);
      db.exec(`PRAGMA user_version = ${migration.version}`);
    }
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
