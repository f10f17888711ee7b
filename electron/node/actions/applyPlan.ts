// Carries out a plan, one file at a time, holding the journal's lock so no other batch (another
// process, the app and the CLI) runs meanwhile. Right before each file is touched it is checked
// again (checkStep.ts): a file that fails a check is refused and the batch goes on; nothing is
// reported done until the disk shows it.
import { link, lstat, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import trash from 'trash';
import { toFsPath } from '../scan/fsPath.ts';
import { createStepChecker, Refused } from './checkStep.ts';
import { exists, fileIdOf, moveNoClobber } from './fileOps.ts';
import { chooseTrashSlot, moveToTrash } from './freedesktopTrash.ts';
import type { ActionJournal } from './actionJournal.ts';
import type { JournalLock } from './journalLock.ts';
import type { ActionPlan, PlannedStep } from './planActions.ts';
import { moveTarget } from './planActions.ts';

export interface StepOutcome {
  clusterId: string;
  path: string;
  state: 'done' | 'refused' | 'failed';
  reason?: string;
}

export interface ApplyProgress {
  done: number;
  total: number;
  failed: number;
  path: string;
}

export interface ApplyOptions {
  signal?: AbortSignal;
  onProgress?: (progress: ApplyProgress) => void;
  /** For tests: runs after a step acted, before its result is confirmed on disk. */
  afterAct?: (step: PlannedStep) => Promise<void>;
}

export interface ApplyResult {
  batchId: number;
  outcomes: StepOutcome[];
  cancelled: boolean;
}

export interface StartedBatch {
  batchId: number;
  run(options?: ApplyOptions): Promise<ApplyResult>;
}

/** A free name under `to`: the path's place below its scanned root, numbered if taken. */
async function moveDestination(step: PlannedStep, to: string): Promise<string> {
  const wanted = moveTarget(step, to);
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

async function actOn(step: PlannedStep, plan: ActionPlan, journal: ActionJournal, batchId: number, seq: number): Promise<void> {
  switch (plan.action) {
    case 'delete':
      journal.markStarted(batchId, seq, null, null);
      await unlink(toFsPath(step.path));
      return;
    case 'move': {
      const destination = await moveDestination(step, plan.to!);
      journal.markStarted(batchId, seq, destination, null, await fileIdOf(step.path));
      await moveNoClobber(step.path, destination);
      journal.markMoved(batchId, seq, await fileIdOf(destination));
      return;
    }
    case 'trash': {
      if (process.platform !== 'linux') {
        journal.markStarted(batchId, seq, null, null);
        await trashElsewhere(step.path);
        return;
      }
      // Recorded before the .trashinfo is written, so a kill leaves nothing the journal misses.
      // The identity lets undo tell the file it put there from anything found there later.
      const slot = await chooseTrashSlot(step.path);
      journal.markStarted(batchId, seq, slot.destination, slot.infoPath, await fileIdOf(step.path));
      await moveToTrash(step.path, slot);
      journal.markMoved(batchId, seq, await fileIdOf(slot.destination));
      return;
    }
    case 'hardlink': {
      // Linked under a temp name in the same folder, then renamed over: the path always names
      // either the old file or the kept one, never nothing, and never a symlink.
      const temp = join(dirname(step.path), `.shingle-link-${randomUUID()}`);
      journal.markStarted(batchId, seq, temp, null);
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

/** What a step that acted did, for a failure that came after it. */
const DONE_WORDS: Record<ActionPlan['action'], string> = {
  trash: 'it went to the trash',
  move: 'it was moved',
  delete: 'it was deleted',
  hardlink: 'it was replaced by a hard link',
};

/** Checks on disk that the step did what it says. */
async function confirm(step: PlannedStep, action: ActionPlan['action']): Promise<void> {
  const now = await lstat(toFsPath(step.path)).catch(() => undefined);
  if (action !== 'hardlink') {
    if (now) throw new Error('a file is at its path again');
    return;
  }
  const kept = await lstat(toFsPath(step.kept.path));
  if (!now || now.ino !== kept.ino || now.dev !== kept.dev) throw new Error('the path is not a hard link to the kept copy');
}

/**
 * Takes the journal's lock (JournalBusyError if another batch holds it) and records the whole plan;
 * `run` then carries it out and releases the lock.
 */
export function startBatch(plan: ActionPlan, journal: ActionJournal): StartedBatch {
  const lock: JournalLock = journal.lock();
  let batchId: number;
  try {
    batchId = journal.beginBatch(plan);
  } catch (error) {
    lock.release();
    throw error;
  }
  return { batchId, run: (options = {}) => runBatch(plan, journal, batchId, options).finally(() => lock.release()) };
}

async function runBatch(plan: ActionPlan, journal: ActionJournal, batchId: number, { signal, onProgress, afterAct }: ApplyOptions): Promise<ApplyResult> {
  const outcomes: StepOutcome[] = [];
  const checker = createStepChecker(plan.action, signal);
  let failed = 0;
  try {
    for (const [seq, step] of plan.steps.entries()) {
      if (signal?.aborted) {
        journal.finishBatch(batchId, 'cancelled');
        return { batchId, outcomes, cancelled: true };
      }
      onProgress?.({ done: seq, total: plan.steps.length, failed, path: step.path });
      const outcome: StepOutcome = { clusterId: step.clusterId, path: step.path, state: 'done' };
      let acted = false;
      try {
        const seen = await checker.check(step);
        await checker.final(step, seen);
        await actOn(step, plan, journal, batchId, seq);
        acted = true;
        await afterAct?.(step);
        await confirm(step, plan.action);
        if (plan.action === 'hardlink') await checker.touched(step.kept.path);
      } catch (error) {
        if (signal?.aborted && !(error instanceof Refused) && journal.steps(batchId, seq, seq + 1)[0]?.state === 'pending') {
          journal.finishBatch(batchId, 'cancelled');
          return { batchId, outcomes, cancelled: true };
        }
        // A step that acted is done whatever came after (undo puts it back), with what came after told.
        if (acted) {
          outcome.reason = `${DONE_WORDS[plan.action]}, but then ${(error as Error).message}`;
        } else {
          outcome.state = error instanceof Refused ? 'refused' : 'failed';
          outcome.reason = (error as Error).message;
          failed++;
        }
      }
      journal.markStep(batchId, seq, outcome.state, outcome.reason ?? null);
      outcomes.push(outcome);
    }
  } finally {
    await checker.close();
  }
  journal.finishBatch(batchId, 'done');
  onProgress?.({ done: plan.steps.length, total: plan.steps.length, failed, path: '' });
  return { batchId, outcomes, cancelled: false };
}

/** Starts and runs a batch: see startBatch. */
export async function applyPlan(plan: ActionPlan, options: ApplyOptions & { journal: ActionJournal }): Promise<ApplyResult> {
  return startBatch(plan, options.journal).run(options);
}
