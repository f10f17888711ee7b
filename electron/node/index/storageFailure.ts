// Why a write to the disk failed, in the person's words: the index and the journal both meet a
// full disk, a read-only file system or a failing one. SQLite names these by its own codes
// (SQLITE_FULL, SQLITE_READONLY, SQLITE_IOERR, SQLITE_CANTOPEN) and not always the true one: a
// full disk while it makes its -shm file comes back as "disk I/O error", a read-only one as
// "unable to open database file". So beside the codes, the folder itself is asked: whether it
// may be written (EROFS says read-only) and how much room its file system has left.
import { accessSync, constants, statfsSync } from 'node:fs';
import { dirname } from 'node:path';

const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;

const DISK_FULL = 'the disk is full (no space left on it)';
const READ_ONLY_DISK = 'the file system is read-only';
const IO_ERROR = 'the disk reported an I/O error (it may be failing, or was removed or disconnected)';

const ERRNO_CAUSES: Record<string, string> = { ENOSPC: DISK_FULL, EDQUOT: 'the disk quota is used up (no space left for this user)', EROFS: READ_ONLY_DISK, EIO: IO_ERROR };

/** The errno code (ENOSPC, …) or SQLite primary code of `error` or of an error it was caused by. */
function codesOf(error: unknown): { errno?: string; sqlite?: number } {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ERR_SQLITE_ERROR') return { sqlite: ((e as { errcode?: number }).errcode ?? 0) & 0xff };
    if (typeof code === 'string' && code in ERRNO_CAUSES) return { errno: code };
  }
  return {};
}

/** What the file system holding `folder` (or its nearest existing folder above) says of itself. */
function folderState(folder: string): string | undefined {
  for (let dir = folder; ; dir = dirname(dir)) {
    try {
      accessSync(dir, constants.W_OK);
      const { bavail } = statfsSync(dir);
      return bavail === 0 ? DISK_FULL : undefined;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EROFS') return READ_ONLY_DISK;
      if (code !== 'ENOENT' || dirname(dir) === dir) return undefined;
    }
  }
}

/**
 * The cause, when it is one of these, of `error` met writing in `folder`: a full disk, a
 * read-only file system, an I/O error. Undefined for anything else (a permission, a damaged
 * file), which the caller words itself.
 */
export function storageCause(error: unknown, folder: string): string | undefined {
  const { errno, sqlite } = codesOf(error);
  if (errno) return ERRNO_CAUSES[errno];
  if (sqlite === SQLITE_FULL) return DISK_FULL;
  if (sqlite === undefined) {
    // A file-system error Node words by another code (ENOENT from a recursive mkdir on a
    // read-only disk): the folder tells.
    return error instanceof Error && (error as NodeJS.ErrnoException).code ? folderState(folder) : undefined;
  }
  if (sqlite !== SQLITE_IOERR && sqlite !== SQLITE_READONLY && sqlite !== SQLITE_CANTOPEN) return undefined;
  return folderState(folder) ?? (sqlite === SQLITE_IOERR ? IO_ERROR : undefined);
}
