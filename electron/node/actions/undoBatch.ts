// Undoes a batch from its journal: trashed and moved files go back to their paths, hard-linked
// paths get their own copy of the bytes again. Nothing new at an original path is ever
// overwritten. Permanently deleted files cannot come back, and undo says so for each of them.
//
// Hard links: the journal keeps no copy of a replaced file, but before linking its hash matched
// the kept copy's, so its bytes are the kept copy's bytes. Undo writes those bytes to a new inode
// at the path and puts back the recorded mtime, owner and permissions (journals from before
// these were recorded give it the kept copy's). A path edited since it was linked is left as it
// is, and undo says why: its own bytes are gone.
import { constants } from 'node:fs';
import { chmod, chown, copyFile, lstat, rename, unlink, utimes } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { displayPath } from '../../../shared/fsName.ts';
import { toFsPath } from '../scan/fsPath.ts';
import { exists, isPrefixOf, moveNoClobber, sameStats, sameTime } from './fileOps.ts';
import { restoreFromTrash } from './freedesktopTrash.ts';
import { folderRerouted } from './realPaths.ts';
import { isAsidePath, removeAsideFolder } from './setAside.ts';
import type { ActionJournal } from './actionJournal.ts';
import type { JournalBatch, JournalStep, LinkedState } from './journalRecords.ts';
import type { ActionKind } from './planActions.ts';

export interface UndoOutcome {
  path: string;
  state: 'restored' | 'nothing-to-do' | 'refused';
  reason?: string;
}

export class UndoError extends Error {}

export interface UndoOptions {
  /** For tests: runs after a hard-linked path's bytes are copied, right before they replace it. */
  beforeReplace?: (path: string) => Promise<void>;
}

async function sameInode(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([lstat(toFsPath(a)).catch(() => undefined), lstat(toFsPath(b)).catch(() => undefined)]);
  return x !== undefined && y !== undefined && x.dev === y.dev && x.ino === y.ino;
}

/**
 * Whether what is at `destination` now is the file this step put there: the identity recorded
 * (a copy across devices, killed before the journal learnt its new inode, is a new inode on
 * another device), and always the size and mtime the file had. A journal from before identities
 * were recorded has size and mtime only.
 */
async function isMovedFile(step: JournalStep, destination: string): Promise<boolean> {
  const now = await lstat(toFsPath(destination), { bigint: true });
  if (!now.isFile() || Number(now.size) !== step.size || !sameTime(Number(now.mtimeNs) / 1e6, step.mtime)) return false;
  if (step.movedId === null || step.movedId === `${now.dev}:${now.ino}`) return true;
  const recordedDev = step.movedId.slice(0, step.movedId.indexOf(':'));
  return step.state === 'started' && recordedDev !== String(now.dev);
}

/** What undo did to one step: 'restored', or nothing, and why nothing was needed. */
type StepUndone = { state: 'restored'; reason?: string } | { state: 'nothing-to-do'; reason: string };
const RESTORED: StepUndone = { state: 'restored' };
const nothingToDo = (reason: string): StepUndone => ({ state: 'nothing-to-do', reason });

/**
 * A step killed while copying across devices: the original is still at its path, beside all or
 * part of its copy. When the copy holds nothing but the original's first bytes, removing it loses
 * nothing: it is Shingle's own leftover and goes. Anything else is left as it is.
 */
async function removeLeftoverCopy(step: JournalStep, destination: string): Promise<StepUndone> {
  const [original, copy] = await Promise.all([lstat(toFsPath(step.path)), lstat(toFsPath(destination))]);
  if (!original.isFile() || !copy.isFile() || copy.size > original.size || !(await isPrefixOf(destination, step.path))) {
    throw new UndoError(`it is still at its path, and ${displayPath(destination)} is not a copy of it; both left as they are`);
  }
  await unlink(toFsPath(destination));
  if (step.trashInfo) await unlink(toFsPath(step.trashInfo)).catch(() => undefined);
  return nothingToDo('it never left its path (the run stopped while copying it); the copy it had begun was removed');
}

/** Trash and move: the file is at `destination` (or, after a kill mid-move, at both names). */
async function undoRelocation(step: JournalStep, action: ActionKind): Promise<StepUndone> {
  const destination = step.destination!;
  if (!(await exists(destination))) {
    // A step killed before the move: the file never left. Drop the unused .trashinfo.
    if (step.state === 'started' && (await exists(step.path))) {
      if (step.trashInfo) await unlink(toFsPath(step.trashInfo)).catch(() => undefined);
      return nothingToDo('it never left its path (the run stopped before it)');
    }
    // Put back by hand (out of the trash, or moved back): the same file, at its path again.
    if (step.state === 'done' && (await exists(step.path)) && (await isMovedFile(step, step.path))) {
      // Its entry in the trash's info folder was left behind by whoever took it out.
      if (step.trashInfo) await unlink(toFsPath(step.trashInfo)).catch(() => undefined);
      return nothingToDo('already back at its path');
    }
    // It did leave, and what it left for is gone: saying "restored" or "nothing to do" would lie.
    throw new UndoError(
      action === 'trash'
        ? `its copy in the trash is gone (the trash was emptied or the file removed from it): ${displayPath(destination)}`
        : `it is no longer where it was moved: ${displayPath(destination)}`,
    );
  }
  if (await sameInode(step.path, destination)) {
    await unlink(toFsPath(destination));
    if (step.trashInfo) await unlink(toFsPath(step.trashInfo)).catch(() => undefined);
    return RESTORED;
  }
  if (step.state === 'started' && (await exists(step.path))) return removeLeftoverCopy(step, destination);
  if (!(await isMovedFile(step, destination))) throw new UndoError(`${displayPath(destination)} is not the file this clean-up moved; left as it is`);
  // Through a folder turned into a link, "its path" would put it somewhere else.
  if (await folderRerouted(step.path)) throw new UndoError(`a folder on its path is now a link to another place; left at ${displayPath(destination)}`);
  if (step.trashInfo) await restoreFromTrash({ destination, infoPath: step.trashInfo });
  else await moveNoClobber(destination, step.path);
  return RESTORED;
}

/**
 * A step stopped (killed) while its file was set aside (setAside.ts): the file goes back to its
 * path, over nothing but the link to the kept copy a hard-link step may have made there.
 */
async function undoSetAside(step: JournalStep, aside: string): Promise<StepUndone> {
  const [atPath, kept] = await Promise.all([lstat(toFsPath(step.path)).catch(() => undefined), lstat(toFsPath(step.keptPath)).catch(() => undefined)]);
  if (atPath && kept && atPath.dev === kept.dev && atPath.ino === kept.ino) {
    await rename(toFsPath(aside), toFsPath(step.path));
    await removeAsideFolder(aside);
    return RESTORED;
  }
  if (atPath) throw new UndoError(`something new is at its path; the file was left at ${displayPath(aside)}`);
  await moveNoClobber(aside, step.path);
  await removeAsideFolder(aside);
  return RESTORED;
}

async function undoHardlink(step: JournalStep, options: UndoOptions): Promise<StepUndone> {
  if (step.destination && isAsidePath(step.destination)) {
    if (await exists(step.destination)) return undoSetAside(step, step.destination);
    await removeAsideFolder(step.destination);
  } else if (step.destination) {
    // Journals from before set-aside folders: the temporary name the link was made under.
    await unlink(toFsPath(step.destination)).catch(() => undefined);
  }
  const [linked, kept] = await Promise.all([lstat(toFsPath(step.path)).catch(() => undefined), lstat(toFsPath(step.keptPath)).catch(() => undefined)]);
  if (!linked) return nothingToDo('it no longer exists: nothing to give its own copy again');
  if (!kept || linked.dev !== kept.dev || linked.ino !== kept.ino) {
    // Still sharing its bytes with another name: the kept copy renamed or moved, most likely.
    // Which name that is, the journal does not say, so nothing is changed and nothing claimed.
    if (linked.nlink > 1) throw new UndoError(`it still shares its bytes with another name, and the kept copy is no longer at ${displayPath(step.keptPath)} as that name; left as it is`);
    return nothingToDo('it is not a link to the kept copy (never linked, or changed since): it has its own bytes');
  }
  // An edit through either name since the link changed both: the bytes it had are gone, and
  // copying the edited ones back under its old mtime would call them restored.
  if (step.linked && (linked.size !== step.linked.size || !sameTime(linked.mtimeMs, step.linked.mtimeMs))) {
    throw new UndoError(`it was edited after it was linked (here or as ${displayPath(step.keptPath)}: an edit to either changes both), so the bytes it had are gone; left linked`);
  }
  const temp = join(dirname(step.path), `.shingle-undo-${randomUUID()}`);
  await copyFile(toFsPath(step.keptPath), toFsPath(temp), constants.COPYFILE_EXCL);
  try {
    const mtime = new Date(step.mtime);
    await utimes(toFsPath(temp), mtime, mtime);
    const ownerNote = step.linked ? await restoreOwnerAndMode(temp, step.linked) : undefined;
    await options.beforeReplace?.(step.path);
    // Copying takes a while: work saved to the path meanwhile (a new file renamed over it, or
    // bytes written into the shared inode) must not be replaced by the bytes copied before it.
    const now = await lstat(toFsPath(step.path)).catch(() => undefined);
    if (!now || !sameStats(now, linked)) throw new UndoError('it changed while undo copied its bytes back; left as it is');
    await rename(toFsPath(temp), toFsPath(step.path));
    return ownerNote ? { state: 'restored', reason: ownerNote } : RESTORED;
  } catch (error) {
    await unlink(toFsPath(temp)).catch(() => undefined);
    throw error;
  }
}

/**
 * The journaled permissions, owner and group on the copy undo made (a chmod of the shared inode
 * since the link changed them for both names). Another user's ownership needs an administrator:
 * then what was not set back is returned, said with the outcome.
 */
async function restoreOwnerAndMode(path: string, linked: LinkedState): Promise<string | undefined> {
  await chmod(toFsPath(path), linked.mode);
  const now = await lstat(toFsPath(path));
  if (now.uid === linked.uid && now.gid === linked.gid) return undefined;
  try {
    await chown(toFsPath(path), linked.uid, linked.gid);
    return undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
    return `its owner and group (${linked.uid}:${linked.gid}) could not be set back: only an administrator may give a file to another user`;
  }
}

async function undoStep(step: JournalStep, action: ActionKind, options: UndoOptions): Promise<StepUndone> {
  if (action === 'delete') {
    // Killed while the file was set aside, before it was deleted: it is still there to put back.
    if (step.destination && isAsidePath(step.destination)) {
      if (await exists(step.destination)) return undoSetAside(step, step.destination);
      await removeAsideFolder(step.destination);
      if (step.state === 'started' && (await exists(step.path))) return nothingToDo('it never left its path (the run stopped before it)');
    }
    throw new UndoError('deleted permanently: it cannot be restored');
  }
  if (action === 'hardlink') return undoHardlink(step, options);
  if (!step.destination) throw new UndoError('the journal does not record where it went (trashed by the system trash)');
  return undoRelocation(step, action);
}

/** Undoes the batch (the last one by default); steps run in reverse order. */
export async function undoBatch(journal: ActionJournal, batchId?: number, options: UndoOptions = {}): Promise<{ batchId: number; outcomes: UndoOutcome[] }> {
  // No batch or other undo runs meanwhile (JournalBusyError otherwise): undo must not race the
  // batch it undoes. The batch is read under the lock: an undo that finished just before must be
  // seen as done, not run again over steps another undo already settled.
  const lock = journal.lock();
  try {
    const id = batchId ?? journal.lastActingBatchId();
    const batch = id === undefined ? undefined : journal.batch(id);
    if (!batch) throw new UndoError(id === undefined ? 'the journal holds no batch' : `no batch ${id} in the journal`);
    if (batch.undoneMs !== null) throw new UndoError(`batch ${batch.id} was already undone`);
    return await undoSteps(journal, batch, options);
  } finally {
    lock.release();
  }
}

async function undoSteps(journal: ActionJournal, batch: JournalBatch, options: UndoOptions): Promise<{ batchId: number; outcomes: UndoOutcome[] }> {
  const outcomes: UndoOutcome[] = [];
  for (const step of journal.steps(batch.id).reverse()) {
    if (step.state !== 'done' && step.state !== 'started') continue;
    try {
      const undone = await undoStep(step, batch.action, options);
      if (undone.state === 'restored') journal.markStep(batch.id, step.seq, 'undone');
      outcomes.push({ path: step.path, ...undone });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const reason = code === 'EEXIST' ? 'something new is at the original path; left as it is' : (error as Error).message;
      outcomes.push({ path: step.path, state: 'refused', reason });
    }
  }
  if (outcomes.every((o) => o.state !== 'refused')) journal.markUndone(batch.id);
  return { batchId: batch.id, outcomes };
}
