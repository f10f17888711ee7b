// What the journal of bulk actions holds (actionJournal.ts): its tables, and its rows as the
// engine reads them back (paths are stored as bytes, pathBlob.ts, so no name is ever mangled).
import { blobToPath } from '../index/pathBlob.ts';
import type { ActionKind } from './planActions.ts';

export type StepState = 'pending' | 'started' | 'done' | 'refused' | 'failed' | 'undone';
export type BatchState = 'running' | 'done' | 'cancelled';
/** As the History shows it: 'interrupted' is a batch left 'running' by a process that ended mid-batch. */
export type BatchSummaryState = BatchState | 'interrupted';

export interface JournalStep {
  batchId: number;
  seq: number;
  clusterId: string;
  path: string;
  keptPath: string;
  state: StepState;
  reason: string | null;
  /** Where the file went (trash or move), or the temp name a hard link was made under. */
  destination: string | null;
  /** The freedesktop .trashinfo written for a trashed file. */
  trashInfo: string | null;
  /** Size and mtime of the file as planned (checked again right before acting). */
  size: number;
  mtime: number;
  /**
   * The moved (or trashed) file's identity, "dev:ino": the original's, recorded when the step
   * starts, then what is at the destination once it is done. Null in journals written before it
   * was recorded.
   */
  movedId: string | null;
  /** A hard-linked path: what the duplicate and the shared inode were when linked. Null otherwise, and in older journals. */
  linked: LinkedState | null;
}

/** What undo of a hard link needs: the duplicate's owner and permissions, and the shared inode's size and mtime when linked. */
export interface LinkedState {
  uid: number;
  gid: number;
  mode: number;
  size: number;
  mtimeMs: number;
}

export interface JournalBatch {
  id: number;
  action: ActionKind;
  state: BatchState;
  createdMs: number;
  undoneMs: number | null;
}

/** A batch for the History view: `files` and `bytes` count the steps done, `planned` all of them. */
export interface BatchSummary {
  batchId: number;
  startedAt: number;
  action: ActionKind;
  files: number;
  bytes: number;
  planned: number;
  state: BatchSummaryState;
  undone: boolean;
  undoable: boolean;
}

export const SCHEMA = `
  CREATE TABLE IF NOT EXISTS batches (
    id INTEGER PRIMARY KEY,
    action TEXT NOT NULL,
    target BLOB,
    plan TEXT NOT NULL,
    state TEXT NOT NULL,
    created_ms REAL NOT NULL,
    finished_ms REAL,
    undone_ms REAL
  ) STRICT;
  CREATE TABLE IF NOT EXISTS steps (
    batch_id INTEGER NOT NULL REFERENCES batches (id),
    seq INTEGER NOT NULL,
    cluster_id TEXT NOT NULL,
    path BLOB NOT NULL,
    kept_path BLOB NOT NULL,
    size INTEGER NOT NULL,
    mtime_ms REAL NOT NULL,
    state TEXT NOT NULL,
    reason TEXT,
    destination BLOB,
    trash_info BLOB,
    hash TEXT,
    updated_ms REAL NOT NULL,
    moved_id TEXT,
    linked TEXT,
    PRIMARY KEY (batch_id, seq)
  ) STRICT;
`;

export interface StepRow {
  batch_id: number;
  seq: number;
  cluster_id: string;
  path: Uint8Array;
  kept_path: Uint8Array;
  size: number;
  mtime_ms: number;
  state: string;
  reason: string | null;
  destination: Uint8Array | null;
  trash_info: Uint8Array | null;
  moved_id: string | null;
  linked: string | null;
}

export function toStep(row: StepRow): JournalStep {
  return {
    batchId: row.batch_id,
    seq: row.seq,
    clusterId: row.cluster_id,
    path: blobToPath(row.path),
    keptPath: blobToPath(row.kept_path),
    state: row.state as StepState,
    reason: row.reason,
    destination: row.destination ? blobToPath(row.destination) : null,
    trashInfo: row.trash_info ? blobToPath(row.trash_info) : null,
    size: row.size,
    mtime: row.mtime_ms,
    movedId: row.moved_id,
    linked: row.linked ? (JSON.parse(row.linked) as LinkedState) : null,
  };
}
