// What each action does to one file, once every check passed. Each step is committed to the
// journal as 'started', with where the file goes, before the file is touched. Delete, hard link
// and the trash never destroy bytes before verifying them (setAside.ts): a file edited or saved
// over in the last instant is put back and the step refused.
import { link, lstat, rename, unlink } from 'node:fs/promises';
import trash from 'trash';
import { displayPath } from '../../../shared/fsName.ts';
import { toFsPath } from '../scan/fsPath.ts';
import { Refused } from './checkStep.ts';
import type { Seen } from './checkStep.ts';
import { exists, fileIdOf, isPrefixOf, sameStats } from './fileOps.ts';
import { inUseByMoveError } from './filesInUse.ts';
import { chooseTrashSlot, moveToTrash, restoreFromTrash } from './freedesktopTrash.ts';
import type { ActionJournal } from './actionJournal.ts';
import type { LinkedState } from './journalRecords.ts';
import type { ActionPlan, PlannedStep } from './planActions.ts';
import { moveDestination, moveIntoDestination } from './moveDestination.ts';
import { asideFor, changedSinceCheck, makeAsideFolder, putBack, removeAsideFolder } from './setAside.ts';

export interface ActContext {
  plan: ActionPlan;
  journal: ActionJournal;
  batchId: number;
  seq: number;
  /** What the last check saw of the file and its kept copy. */
  seen: Seen;
  /** For tests: the last instant, after the journal's commit, right before the file is touched. */
  beforeAct?: (step: PlannedStep) => Promise<void>;
}

async function trashElsewhere(path: string): Promise<void> {
  await trash(path, { glob: false });
  if (await exists(path)) throw new Error('the trash did not take it: the file is still there');
}

/** A move that failed because another program holds the file (Windows) is refused as in use, not a failure. */
function asInUse(error: unknown): unknown {
  const busy = inUseByMoveError(error);
  return busy ? new Refused(busy, { cause: error }) : error;
}

/** Moves the file aside (the journal records where first) and checks it is what was checked; refused, put back, otherwise. */
async function setAside(step: PlannedStep, context: ActContext, linked: LinkedState | null = null): Promise<string> {
  const aside = asideFor(step.path);
  context.journal.markStarted(context.batchId, context.seq, aside, null, await fileIdOf(step.path), linked);
  await makeAsideFolder(aside);
  try {
    await context.beforeAct?.(step);
    await rename(toFsPath(step.path), toFsPath(aside));
  } catch (error) {
    await removeAsideFolder(aside);
    throw asInUse(error);
  }
  const changed = await changedSinceCheck(aside, context.seen.file, context.seen.hash);
  if (changed) {
    await putBack(aside, step.path);
    throw new Refused(`${changed}: it was put back, untouched`);
  }
  return aside;
}

async function deleteFile(step: PlannedStep, context: ActContext): Promise<void> {
  const aside = await setAside(step, context);
  await unlink(toFsPath(aside));
  await removeAsideFolder(aside);
}

/**
 * The duplicate goes aside, the kept file is linked into its place, and only when the kept file
 * is still the one checked and byte for byte the set-aside duplicate does the duplicate go. A
 * kept copy saved over (as editors and sync clients save) in the last instant would otherwise
 * leave the path a link to other bytes, and the only copy of the old version gone.
 */
async function hardlinkFile(step: PlannedStep, context: ActContext): Promise<void> {
  // For undo: the duplicate's owner and permissions, and the shared inode as linked (an edit since changes it).
  const { file, kept: keptSeen } = context.seen;
  const aside = await setAside(step, context, { uid: file.uid, gid: file.gid, mode: file.mode & 0o7777, size: keptSeen.size, mtimeMs: keptSeen.mtimeMs });
  try {
    await link(toFsPath(step.kept.path), toFsPath(step.path));
  } catch (error) {
    // EEXIST: something new was saved at the path meanwhile; putBack refuses to go over it.
    await putBack(aside, step.path);
    throw error;
  }
  const [linked, kept, duplicate] = await Promise.all([lstat(toFsPath(step.path)), lstat(toFsPath(step.kept.path)), lstat(toFsPath(aside))]);
  const keptSame = linked.ino === keptSeen.ino && linked.dev === keptSeen.dev && kept.ino === linked.ino && linked.size === keptSeen.size && linked.mtimeMs === keptSeen.mtimeMs;
  // Byte for byte, then a last look: nothing was written to either while they were compared.
  const identical = keptSame && duplicate.size === linked.size && (await isPrefixOf(aside, step.path));
  if (!identical || !sameStats(await lstat(toFsPath(step.path)), linked) || !sameStats(await lstat(toFsPath(aside)), duplicate)) {
    await unlinkIfSame(step.path, linked.ino);
    await putBack(aside, step.path);
    throw new Refused(`the kept copy ${displayPath(step.kept.path)} changed at the last moment: it was put back, untouched`);
  }
  await unlink(toFsPath(aside));
  await removeAsideFolder(aside);
}

/** Removes the name at `path` if it is still the link this step made (inode `ino`); anything saved there since stays. */
async function unlinkIfSame(path: string, ino: number): Promise<void> {
  const now = await lstat(toFsPath(path)).catch(() => undefined);
  if (now?.ino === ino) await unlink(toFsPath(path));
}

async function trashFile(step: PlannedStep, context: ActContext): Promise<void> {
  const { journal, batchId, seq } = context;
  if (process.platform !== 'linux') {
    journal.markStarted(batchId, seq, null, null);
    await context.beforeAct?.(step);
    await trashElsewhere(step.path);
    return;
  }
  // Recorded before the .trashinfo is written, so a kill leaves nothing the journal misses.
  // The identity lets undo tell the file it put there from anything found there later.
  const slot = await chooseTrashSlot(step.path);
  const id = await fileIdOf(step.path);
  journal.markStarted(batchId, seq, slot.destination, slot.infoPath, id);
  await context.beforeAct?.(step);
  await moveToTrash(step.path, slot);
  const changed = await changedSinceCheck(slot.destination, context.seen.file, context.seen.hash);
  if (changed) {
    await restoreFromTrash(slot).catch((error: Error) => {
      throw new Error(`it changed at the last moment and could not come back from the trash (${error.message}): it is at ${displayPath(slot.destination)}`, { cause: error });
    });
    throw new Refused(`${changed}: it was taken back out of the trash, untouched`);
  }
  await recordMoved(context, id, slot.destination);
}

/** What is at the destination, when it is not the file the step started with (a copy across devices): the journal has that one already. */
async function recordMoved({ journal, batchId, seq }: ActContext, startedId: string, destination: string): Promise<void> {
  const movedId = await fileIdOf(destination);
  if (movedId !== startedId) journal.markMoved(batchId, seq, movedId);
}

async function moveFile(step: PlannedStep, context: ActContext): Promise<void> {
  const { journal, batchId, seq } = context;
  const to = context.plan.to!;
  const destination = await moveDestination(step, to);
  const id = await fileIdOf(step.path);
  journal.markStarted(batchId, seq, destination, null, id);
  await context.beforeAct?.(step);
  // The folders below `to` are checked as the trash's are, right before the file goes in.
  await moveIntoDestination(step.path, to, destination).catch((error: unknown) => {
    throw asInUse(error);
  });
  await recordMoved(context, id, destination);
}

const ACTS: Record<ActionPlan['action'], (step: PlannedStep, context: ActContext) => Promise<void>> = {
  delete: deleteFile,
  hardlink: hardlinkFile,
  trash: trashFile,
  move: moveFile,
};

export function actOn(step: PlannedStep, context: ActContext): Promise<void> {
  return ACTS[context.plan.action](step, context);
}
