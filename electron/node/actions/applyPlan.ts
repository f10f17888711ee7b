// Carries out a plan, one file at a time. Right before each file is touched it is checked again:
// it and its kept copy must still be what the scan saw (size, mtime) and, where the report says
// they hold the same bytes, hash the same now. A file that fails a check is refused and the batch
// goes on; nothing is reported done until the disk shows it.
import { link, lstat, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { randomUUID } from 'node:crypto';
import trash from 'trash';
import { toFsPath } from '../scan/fsPath.ts';
import { exists, hashFile, moveNoClobber, sameTime } from './fileOps.ts';
import { chooseTrashSlot, moveToTrash } from './freedesktopTrash.ts';
import type { ActionJournal } from './actionJournal.ts';
import type { ActionPlan, PlannedStep } from './planActions.ts';

export interface StepOutcome {
  clusterId: string;
  path: string;
  state: 'done' | 'refused' | 'failed';
  reason?: string;
}

export interface ApplyProgress {
  done: number;
  total: number;
  path: string;
}

export interface ApplyOptions {
  journal: ActionJournal;
  signal?: AbortSignal;
  onProgress?: (progress: ApplyProgress) => void;
}

export interface ApplyResult {
  batchId: number;
  outcomes: StepOutcome[];
  cancelled: boolean;
}

class Refused extends Error {}

async function checkUnchanged(path: string, size: number, mtime: number, what: string) {
  const info = await lstat(toFsPath(path)).catch(() => undefined);
  if (!info) throw new Refused(`${what} no longer exists`);
  if (!info.isFile()) throw new Refused(`${what} is no longer a regular file`);
  if (info.size !== size || !sameTime(info.mtimeMs, mtime)) throw new Refused(`${what} changed since the scan`);
  return info;
}

/** The last check; returns the file's hash, recorded in the journal. */
async function recheck(step: PlannedStep, action: ActionPlan['action']): Promise<string> {
  const file = await checkUnchanged(step.path, step.size, step.mtime, 'the file');
  const kept = await checkUnchanged(step.kept.path, step.kept.size, step.kept.mtime, 'the kept copy');
  if (file.dev === kept.dev && file.ino === kept.ino) throw new Refused('it is the kept copy under another name (hard link)');
  if (action === 'hardlink' && file.dev !== kept.dev) throw new Refused('the kept copy is on another device: a hard link is impossible');
  const hash = await hashFile(step.path);
  if (step.sameBytes && hash !== (await hashFile(step.kept.path))) throw new Refused('its content no longer matches the kept copy');
  return hash;
}

/** A free name under `to`: the path's place below its scanned root, numbered if taken. */
async function moveDestination(step: PlannedStep, to: string): Promise<string> {
  const wanted = step.root ? join(to, relative(step.root, step.path)) : join(to, basename(step.path));
  const dot = basename(wanted).lastIndexOf('.');
  const stem = dot > 0 ? wanted.slice(0, wanted.length - basename(wanted).length + dot) : wanted;
  const ext = dot > 0 ? basename(wanted).slice(dot) : '';
  let candidate = wanted;
  for (let n = 2; await exists(candidate); n++) candidate = `${stem} (${n})${ext}`;
  return candidate;
}

async function trashElsewhere(path: string): Promise<void> {
  await trash(path, { glob: false });
  if (await exists(path)) throw new Error('the trash did not take it: the file is still there');
}

async function actOn(step: PlannedStep, plan: ActionPlan, journal: ActionJournal, batchId: number, seq: number, hash: string): Promise<void> {
  switch (plan.action) {
    case 'delete':
      journal.markStarted(batchId, seq, null, null, hash);
      await unlink(toFsPath(step.path));
      return;
    case 'move': {
      const destination = await moveDestination(step, plan.to!);
      journal.markStarted(batchId, seq, destination, null, hash);
      await moveNoClobber(step.path, destination);
      return;
    }
    case 'trash': {
      if (process.platform !== 'linux') {
        journal.markStarted(batchId, seq, null, null, hash);
        await trashElsewhere(step.path);
        return;
      }
      // Recorded before the .trashinfo is written, so a kill leaves nothing the journal misses.
      const slot = await chooseTrashSlot(step.path);
      journal.markStarted(batchId, seq, slot.destination, slot.infoPath, hash);
      await moveToTrash(step.path, slot);
      return;
    }
    case 'hardlink': {
      // Linked under a temp name in the same folder, then renamed over: the path always names
      // either the old file or the kept one, never nothing, and never a symlink.
      const temp = join(dirname(step.path), `.shingle-link-${randomUUID()}`);
      journal.markStarted(batchId, seq, temp, null, hash);
      await link(toFsPath(step.kept.path), toFsPath(temp));
      try {
        await rename(toFsPath(temp), toFsPath(step.path));
      } catch (error) {
        await unlink(toFsPath(temp)).catch(() => undefined);
        throw error;
      }
      return;
    }
  }
}

/** Checks on disk that the step did what it says. */
async function confirm(step: PlannedStep, action: ActionPlan['action']): Promise<void> {
  const now = await lstat(toFsPath(step.path)).catch(() => undefined);
  if (action !== 'hardlink') {
    if (now) throw new Error('the file is still at its path');
    return;
  }
  const kept = await lstat(toFsPath(step.kept.path));
  if (!now || now.ino !== kept.ino || now.dev !== kept.dev) throw new Error('the path is not a hard link to the kept copy');
}

export async function applyPlan(plan: ActionPlan, { journal, signal, onProgress }: ApplyOptions): Promise<ApplyResult> {
  const batchId = journal.beginBatch(plan);
  const outcomes: StepOutcome[] = [];
  for (const [seq, step] of plan.steps.entries()) {
    if (signal?.aborted) {
      journal.finishBatch(batchId, 'cancelled');
      return { batchId, outcomes, cancelled: true };
    }
    onProgress?.({ done: seq, total: plan.steps.length, path: step.path });
    const outcome: StepOutcome = { clusterId: step.clusterId, path: step.path, state: 'done' };
    try {
      const hash = await recheck(step, plan.action);
      await actOn(step, plan, journal, batchId, seq, hash);
      await confirm(step, plan.action);
    } catch (error) {
      outcome.state = error instanceof Refused ? 'refused' : 'failed';
      outcome.reason = (error as Error).message;
    }
    journal.markStep(batchId, seq, outcome.state, outcome.reason ?? null);
    outcomes.push(outcome);
  }
  journal.finishBatch(batchId, 'done');
  onProgress?.({ done: plan.steps.length, total: plan.steps.length, path: '' });
  return { batchId, outcomes, cancelled: false };
}
