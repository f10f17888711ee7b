// The journal of bulk actions: a separate SQLite file beside the index, so it never competes with
// the index's migrations and survives deleting the index. A batch is written whole (every step
// 'pending') before anything is touched; each step is committed as 'started', with where the
// file will go, before acting, and as 'done', 'refused' or 'failed' after. synchronous = FULL:
// a kill -9 or a power cut leaves at most one step per batch 'started', and its recorded
// destination says where to look. A step's 'done' alone is committed without its own flush
// (see markStep): the next step's 'started', or the batch's end, flushes it, and a power cut
// before then leaves that step 'started' with its destination, which undo already handles.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { pathToBlob } from '../index/pathBlob.ts';
import { defaultIndexPath } from '../index/indexLocation.ts';
import { JournalBusyError, lockJournal, retryWhileBusy, whileJournalIdle } from './journalLock.ts';
import { journalWriteError } from './journalWriteError.ts';
import type { JournalLock } from './journalLock.ts';
import type { ActionKind, ActionPlan } from './planActions.ts';
import { SCHEMA, toStep } from './journalRecords.ts';
import type { BatchState, BatchSummary, JournalBatch, JournalStep, LinkedState, StepRow, StepState } from './journalRecords.ts';

export function defaultJournalPath(): string {
  return join(dirname(defaultIndexPath()), 'journal.sqlite');
}

export class ActionJournal {
  readonly #db: DatabaseSync;
  readonly path: string;
  #locksHeld = 0;

  constructor(path: string) {
    this.path = path;
    this.#db = this.#writing(() => {
      mkdirSync(dirname(path), { recursive: true });
      return new DatabaseSync(path, { timeout: 5000 });
    });
    try {
      this.#writing(() => {
        // Two processes creating the journal at once: one waits for the other (see retryWhileBusy).
        retryWhileBusy(() => this.#db.exec('PRAGMA journal_mode = WAL'));
        this.#db.exec('PRAGMA synchronous = FULL');
        retryWhileBusy(() => this.#db.exec(SCHEMA));
        this.#addColumns();
      });
    } catch (error) {
      this.#db.close();
      throw error;
    }
  }

  /**
   * Runs a write; a failure rolls back what is open and comes out as a JournalWriteError naming
   * its cause. SQLite has already rolled back after a full disk or an I/O error, so the rollback
   * is made only if a transaction is still open: a second error must not hide the first.
   */
  #writing<T>(write: () => T): T {
    try {
      return write();
    } catch (error) {
      try {
        if (this.#db?.isTransaction) this.#db.exec('ROLLBACK');
      } catch {
        // The first error is the one to tell.
      }
      throw journalWriteError(this.path, error);
    }
  }

  /**
   * Journals from before moved_id or linked get the column; their rows keep null (undo then
   * checks size and mtime only, and restores a hard-linked path as the kept copy's).
   */
  #addColumns(): void {
    const missing = () => {
      const names = new Set((this.#db.prepare('PRAGMA table_info(steps)').all() as { name: string }[]).map((column) => column.name));
      return ['moved_id', 'linked'].filter((name) => !names.has(name));
    };
    if (missing().length === 0) return;
    // In a write transaction: two processes opening an old journal at once add each once.
    this.#db.exec('BEGIN IMMEDIATE');
    for (const name of missing()) this.#db.exec(`ALTER TABLE steps ADD COLUMN ${name} TEXT`);
    this.#db.exec('COMMIT');
  }

  /** The lock every batch and undo holds while it runs; throws JournalBusyError if another process holds it. */
  lock(): JournalLock {
    let held: JournalLock;
    try {
      held = lockJournal(this.path);
    } catch (error) {
      // The lock file beside the journal, on a full or read-only disk, names that disk's cause.
      throw error instanceof JournalBusyError ? error : journalWriteError(this.path, error);
    }
    this.#locksHeld++;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.#locksHeld--;
        held.release();
      },
    };
  }

  /** Whether a batch or undo of this process, through this journal, holds its lock now. */
  lockedHere(): boolean {
    return this.#locksHeld > 0;
  }

  /**
   * `read`'s answer, read while no batch or undo of any process runs on this journal; undefined at
   * once when one does (or is about to start), rather than waiting for it.
   */
  whileIdle<T>(read: () => T): T | undefined {
    return whileJournalIdle(this.path, read);
  }

  /** Records the whole plan, every step pending, in one transaction; returns the batch id. */
  beginBatch(plan: ActionPlan): number {
    return this.#writing(() => {
      this.#db.exec('BEGIN IMMEDIATE');
      const now = Date.now();
      const { lastInsertRowid } = this.#db
        .prepare('INSERT INTO batches (action, target, plan, state, created_ms) VALUES (?, ?, ?, ?, ?)')
        .run(plan.action, plan.to ? pathToBlob(plan.to) : null, JSON.stringify(plan), 'running', now);
      const batchId = Number(lastInsertRowid);
      const insert = this.#db.prepare(
        'INSERT INTO steps (batch_id, seq, cluster_id, path, kept_path, size, mtime_ms, state, updated_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      );
      plan.steps.forEach((step, seq) => insert.run(batchId, seq, step.clusterId, pathToBlob(step.path), pathToBlob(step.kept.path), step.size, step.mtime, 'pending', now));
      this.#db.exec('COMMIT');
      return batchId;
    });
  }

  /** Committed before the file is touched: the destination names where it is about to go. */
  markStarted(batchId: number, seq: number, destination: string | null, trashInfo: string | null, movedId: string | null = null, linked: LinkedState | null = null): void {
    this.#writing(() =>
      this.#db
        .prepare('UPDATE steps SET state = ?, destination = ?, trash_info = ?, moved_id = ?, linked = ?, updated_ms = ? WHERE batch_id = ? AND seq = ?')
        .run('started', destination ? pathToBlob(destination) : null, trashInfo ? pathToBlob(trashInfo) : null, movedId, linked ? JSON.stringify(linked) : null, Date.now(), batchId, seq),
    );
  }

  /** What is at the destination once the file is there: a copy across devices is a new inode. */
  markMoved(batchId: number, seq: number, movedId: string): void {
    this.#writing(() =>
      this.#db.prepare('UPDATE steps SET moved_id = ?, updated_ms = ? WHERE batch_id = ? AND seq = ?').run(movedId, Date.now(), batchId, seq),
    );
  }

  markStep(batchId: number, seq: number, state: StepState, reason: string | null = null): void {
    const update = () => this.#db.prepare('UPDATE steps SET state = ?, reason = ?, updated_ms = ? WHERE batch_id = ? AND seq = ?').run(state, reason, Date.now(), batchId, seq);
    // In WAL mode the commits reach the disk in order, so a 'done' waits for the next flush: one
    // flush per file instead of two (a flush costs milliseconds on a USB disk or a network share),
    // with no state a power cut could leave that 'started' does not already cover.
    if (state !== 'done') {
      this.#writing(update);
      return;
    }
    this.#writing(() => {
      this.#db.exec('PRAGMA synchronous = NORMAL');
      try {
        update();
      } finally {
        this.#db.exec('PRAGMA synchronous = FULL');
      }
    });
  }

  finishBatch(batchId: number, state: BatchState): void {
    this.#writing(() =>
      this.#db.prepare('UPDATE batches SET state = ?, finished_ms = ? WHERE id = ?').run(state, Date.now(), batchId),
    );
  }

  markUndone(batchId: number): void {
    this.#writing(() =>
      this.#db.prepare('UPDATE batches SET undone_ms = ? WHERE id = ?').run(Date.now(), batchId),
    );
  }

  batch(batchId: number): JournalBatch | undefined {
    const row = this.#db.prepare('SELECT id, action, state, created_ms, undone_ms FROM batches WHERE id = ?').get(batchId) as
      | { id: number; action: string; state: string; created_ms: number; undone_ms: number | null }
      | undefined;
    return row && { id: row.id, action: row.action as ActionKind, state: row.state as BatchState, createdMs: row.created_ms, undoneMs: row.undone_ms };
  }

  /**
   * The last batch that acted on a file, or began to: one whose every step was refused at run
   * time did nothing, and `undo` without a number must undo the last one that did.
   */
  lastActingBatchId(): number | undefined {
    const row = this.#db.prepare("SELECT max(batch_id) AS id FROM steps WHERE state IN ('started', 'done', 'undone')").get() as { id: number | null };
    return row.id ?? undefined;
  }

  /** The batches the journal says are running. */
  runningBatchIds(): number[] {
    return (this.#db.prepare("SELECT id FROM batches WHERE state = 'running'").all() as { id: number }[]).map((row) => row.id);
  }

  /** Every batch, newest first. */
  batches(): BatchSummary[] {
    const rows = this.#db
      .prepare(
        `SELECT b.id, b.action, b.state, b.created_ms, b.undone_ms, count(s.seq) AS planned,
           sum(s.state IN ('done', 'undone')) AS files, coalesce(sum(CASE WHEN s.state IN ('done', 'undone') THEN s.size END), 0) AS bytes,
           sum(s.state IN ('started', 'done', 'undone')) AS acted
         FROM batches b LEFT JOIN steps s ON s.batch_id = b.id GROUP BY b.id ORDER BY b.id DESC`,
      )
      .all() as { id: number; action: string; state: string; created_ms: number; undone_ms: number | null; planned: number; files: number | null; bytes: number; acted: number | null }[];
    return rows.map((row) => ({
      batchId: row.id,
      startedAt: row.created_ms,
      action: row.action as ActionKind,
      files: row.files ?? 0,
      bytes: row.bytes,
      planned: row.planned,
      state: row.state as BatchState,
      undone: row.undone_ms !== null,
      // A batch left 'running' by a killed process can be undone too; the lock stops undo of one still running.
      // One whose every step was refused did nothing to undo (lastActingBatchId passes it by too).
      undoable: row.action !== 'delete' && row.undone_ms === null && (row.acted ?? 0) > 0,
    }));
  }

  /** The batch's steps, or those with `from` <= seq < `to`, in order. */
  steps(batchId: number, from = 0, to = Number.MAX_SAFE_INTEGER): JournalStep[] {
    const rows = this.#db.prepare('SELECT * FROM steps WHERE batch_id = ? AND seq >= ? AND seq < ? ORDER BY seq').all(batchId, from, to);
    return (rows as unknown as StepRow[]).map(toStep);
  }

  close(): void {
    this.#db.close();
  }
}
