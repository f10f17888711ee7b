// One batch at a time per journal, across processes (the app and the CLI, two terminals): two
// batches with opposite keep rules, interleaved, would each remove the copy the other keeps. The
// lock is an exclusive SQLite transaction on a small file beside the journal: the operating system
// drops it when the process ends, however it ends, so a killed run never leaves a stale lock.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export class JournalBusyError extends Error {}

export interface JournalLock {
  release(): void;
}

function isBusy(error: unknown): boolean {
  return /database is locked|SQLITE_BUSY/i.test((error as Error).message ?? '');
}

/**
 * How long an attempt waits for the lock. Not 0: two attempts at the same moment each hold a
 * shared lock on the way to the exclusive one, and without waiting both were refused (a test
 * races two threads), each told that another clean-up was running when none was.
 */
const LOCK_WAIT_MS = 250;

/** Takes the journal's batch lock, or throws JournalBusyError naming who must finish first. */
export function lockJournal(journalPath: string): JournalLock {
  mkdirSync(dirname(journalPath), { recursive: true });
  const db = new DatabaseSync(`${journalPath}.lock`, { timeout: LOCK_WAIT_MS });
  try {
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if (isBusy(error)) throw new JournalBusyError('another clean-up or undo is running on this journal (in the app or another shingle apply): try again when it has finished');
    throw error;
  }
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      db.exec('ROLLBACK');
      db.close();
    },
  };
}

/**
 * Runs a statement that may meet another process creating the same database: setting WAL mode
 * needs a moment alone with the file, and SQLite reports "database is locked" at once rather than
 * waiting. Retries for a few seconds, then lets the error through.
 */
export function retryWhileBusy<T>(run: () => T, attempts = 200): T {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 1; ; attempt++) {
    try {
      return run();
    } catch (error) {
      if (!isBusy(error) || attempt >= attempts) throw error;
      Atomics.wait(pause, 0, 0, 25);
    }
  }
}
