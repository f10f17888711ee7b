// No bytes are destroyed before they are verified. Between the last check of a file and the act
// lies the journal's commit (an fsync: milliseconds, far longer on a USB disk or a network share),
// and a file edited, or saved over, in that window would be deleted with its edit. So a file to
// delete (or to replace by a hard link) is first moved aside, atomically, into a private folder
// beside it: after that no one can reach it by its name, and what was moved is checked to be
// exactly what was checked (the same inode, size, mtime, and content hash where there is one).
// Only then are its bytes let go; on any mismatch it is put back.
//
// After a kill -9 the folder is found again by name: the journal records the set-aside file's
// path as the step's destination before the move, and `shingle undo` puts it back (undoBatch.ts).
// The folder's name also says what it is to a person who finds it: .shingle-set-aside-<uuid>.
import { randomUUID } from 'node:crypto';
import type { Stats } from 'node:fs';
import { lstat, mkdir, rmdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { displayPath } from '../../../shared/fsName.ts';
import { toFsPath } from '../scan/fsPath.ts';
import { hashFile, moveNoClobber, sameStats } from './fileOps.ts';
import { notOwnFolder } from './ownFolder.ts';

const FOLDER_PREFIX = '.shingle-set-aside-';

/** Where `path` is set aside: a fresh folder beside it (so on its device), and the file in it. */
export function asideFor(path: string): string {
  return join(dirname(path), `${FOLDER_PREFIX}${randomUUID()}`, 'file');
}

/** Makes the set-aside file's folder, 0700, and checks it is the user's own (a new name: nothing can be planted first). */
export async function makeAsideFolder(aside: string): Promise<void> {
  await mkdir(toFsPath(dirname(aside)), { mode: 0o700 });
  const problem = notOwnFolder(await lstat(toFsPath(dirname(aside))));
  if (problem) throw new Error(`the folder made to set it aside, ${displayPath(dirname(aside))}, ${problem}`);
}

/** Removes the set-aside folder if it is empty; anything left in it stays. */
export async function removeAsideFolder(aside: string): Promise<void> {
  await rmdir(toFsPath(dirname(aside))).catch(() => undefined);
}

/** Whether `path` is a set-aside file as asideFor names them. */
export function isAsidePath(path: string): boolean {
  return basename(dirname(path)).startsWith(FOLDER_PREFIX);
}

/**
 * Why the file now at `moved` is not the one checked (`seen`, and its content hash when known),
 * or undefined when it is. Its ctime is not compared: the move itself set it. A change while it
 * is hashed is caught by a last look at its stats.
 */
export async function changedSinceCheck(moved: string, seen: Stats, hash: string | undefined): Promise<string | undefined> {
  const now = await lstat(toFsPath(moved));
  if (!now.isFile() || now.dev !== seen.dev || now.ino !== seen.ino) return 'another file was saved at its path at the last moment';
  if (now.size !== seen.size || now.mtimeMs !== seen.mtimeMs) return 'it was written to at the last moment';
  if (hash !== undefined && (await hashFile(moved)) !== hash) return 'its content changed at the last moment';
  if (!sameStats(await lstat(toFsPath(moved)), now)) return 'it was written to at the last moment';
  return undefined;
}

/**
 * Puts the set-aside file back at `path`, never over anything saved there meanwhile; then the
 * folder goes. Throws, saying where the file was left, when it cannot go back.
 */
export async function putBack(aside: string, path: string): Promise<void> {
  try {
    await moveNoClobber(aside, path);
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'EEXIST' ? 'something new was saved at its path' : (error as Error).message;
    throw new Error(`it changed at the last moment and could not go back (${why}): it was left at ${displayPath(aside)}`, { cause: error });
  }
  await removeAsideFolder(aside);
}
