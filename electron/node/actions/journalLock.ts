// One batch at a time, across processes (the app and the CLI, two terminals): two batches with
// opposite keep rules, interleaved, would each remove the copy the other keeps. Two locks are
// held for the whole batch or undo:
// - the journal's: beside the journal, so two processes writing one journal never interleave;
// - the user's: in places no option names (--journal, SHINGLE_DATA_DIR and XDG_DATA_HOME all
//   move the journal, and the app and a shell often see different ones), so two batches recorded
//   in different journals still never run at once. Two places, both held: the temporary folder,
//   and the system's fixed one (/tmp), as TMPDIR too can differ between the app and a shell (the
//   fixed one is passed over only where it cannot be made: no /tmp, or a read-only one).
// Each lock is an exclusive SQLite transaction on a small file: the operating system drops it
// when the process ends, however it ends, so a killed run never leaves a stale lock.
// Not covered: two machines acting on one network share. Each has its own temporary folder, and
// nothing on the share is a lock both would find.
import { lstatSync, mkdirSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { notOwnFolder } from './ownFolder.ts';

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

const JOURNAL_BUSY = 'another clean-up or undo is running on this journal (in the app or another shingle apply): try again when it has finished';
const USER_BUSY = 'another clean-up or undo is running (in the app or another shingle apply, perhaps with another journal): try again when it has finished';

function takeLock(file: string, busyMessage: string, waitMs = LOCK_WAIT_MS): JournalLock {
  const db = new DatabaseSync(file, { timeout: waitMs });
  try {
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if (isBusy(error)) throw new JournalBusyError(busyMessage);
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
 * The system's own temporary folder, whatever TMPDIR, TMP or TEMP say: /tmp (shared and sticky on
 * Linux and macOS), the profile's AppData\Local\Temp on Windows (from the account, not from the
 * environment). SHINGLE_TEST_LOCK_ROOT stands in for it in tests only, which must not lock, or
 * tamper with, the machine's real lock folder.
 */
function fixedTempRoot(): string {
  const forTests = process.env.SHINGLE_TEST_LOCK_ROOT;
  if (forTests) return forTests;
  return process.platform === 'win32' ? join(userInfo().homedir, 'AppData', 'Local', 'Temp') : '/tmp';
}

/**
 * The folders of the user's lock, in the order taken: `shingle-UID` in the system's fixed
 * temporary folder, then in the temporary folder this process was given, if that is another. Not
 * XDG_RUNTIME_DIR: a desktop session sets it, while a shell over ssh, su or cron often does not,
 * and the two would lock apart.
 */
export function userLockDirs(): string[] {
  const uid = process.getuid?.();
  const name = uid === undefined ? 'shingle-lock' : `shingle-${uid}`;
  return [...new Set([join(fixedTempRoot(), name), join(tmpdir(), name)])];
}

/**
 * Makes the folder, or checks the one there is ours alone: in a shared /tmp another user could
 * have put a symlink or a folder of theirs at the name, to point the lock file somewhere else or
 * to hold the lock. Inside a folder only we may write, nobody can swap the lock file. False when
 * `optional` and its parent cannot hold it (no /tmp, a read-only one): the folder in TMPDIR
 * still locks then. A folder at the name that is not ours is refused, optional
 * or not: passed over, it would let two clean-ups whose TMPDIR differ run at once, unseen, where
 * a refusal only stops them, saying why.
 */
function privateFolder(dir: string, optional: boolean): boolean {
  try {
    // Made with its parents, optional or not: two processes, one required to make it and one
    // allowed to pass it by, must not choose differently for a parent that is not there yet.
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (optional && (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EACCES' || code === 'EPERM' || code === 'EROFS')) return false;
    if (code !== 'EEXIST') throw error;
  }
  if (notOwnFolder(lstatSync(dir)) === undefined) return true;
  throw new JournalBusyError(`${dir} is not a folder of this user's alone (a symlink, another user's folder, or writable by others): no clean-up runs until it is removed`);
}

/**
 * Takes the journal's lock, then the user's (the journal's first, so that a second process on the
 * same journal is told so); or throws JournalBusyError naming who must finish first.
 */
export function lockJournal(journalPath: string): JournalLock {
  mkdirSync(dirname(journalPath), { recursive: true });
  const held = [takeLock(`${journalPath}.lock`, JOURNAL_BUSY)];
  const release = () => {
    for (const lock of [...held].reverse()) lock.release();
  };
  try {
    // The same order in every process: two that share only one of the folders meet there. One
    // folder under two names (TMPDIR=/private/tmp on macOS, a short 8.3 name on Windows) is
    // locked once: a second lock on the same file would find the first holding it.
    const dirs = userLockDirs();
    const locked = new Set<string>();
    for (const [i, dir] of dirs.entries()) {
      if (!privateFolder(dir, i < dirs.length - 1)) continue;
      // Exact, as Windows file ids pass 2^53.
      const { dev, ino } = lstatSync(dir, { bigint: true });
      if (locked.has(`${dev}:${ino}`)) continue;
      locked.add(`${dev}:${ino}`);
      held.push(takeLock(join(dir, 'clean-up.lock'), USER_BUSY));
    }
    return { release };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * `read`'s answer, read holding the journal's lock so that no batch or undo starts or ends
 * meanwhile; undefined when one (of this process or another) holds it. It does not wait (the
 * engine's thread would wait with it): one starting at the same moment may also make it give up.
 */
export function whileJournalIdle<T>(journalPath: string, read: () => T): T | undefined {
  let lock: JournalLock;
  try {
    lock = takeLock(`${journalPath}.lock`, JOURNAL_BUSY, 0);
  } catch (error) {
    if (error instanceof JournalBusyError) return undefined;
    throw error;
  }
  try {
    return read();
  } finally {
    lock.release();
  }
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
