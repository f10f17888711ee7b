// Carries out a plan, one file at a time, holding the journal's lock so no other batch (another
// process, the app and the CLI) runs meanwhile. Right before each file is touched it is checked
// again (checkStep.ts): a file that fails a check is refused and the batch goes on; nothing is
// reported done until the disk shows it.
import { lstat } from 'node:fs/promises';
import { displayPath } from '../../../shared/fsName.ts';
import { plural } from '../../../shared/format.ts';
import { toFsPath } from '../scan/fsPath.ts';
import { createStepChecker, Refused } from './checkStep.ts';
import { actOn } from './actOnFile.ts';
import type { ActionJournal } from './actionJournal.ts';
import { JournalWriteError } from './journalWriteError.ts';
import type { JournalLock } from './journalLock.ts';
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
  failed: number;
  path: string;
}

export interface ApplyOptions {
  signal?: AbortSignal;
  onProgress?: (progress: ApplyProgress) => void;
  /** For tests: runs after a step acted, before its result is confirmed on disk. */
  afterAct?: (step: PlannedStep) => Promise<void>;
  /** For tests: the last instant, after the last check and the journal's commit, right before the file is touched. */
  beforeAct?: (step: PlannedStep) => Promise<void>;
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

/** What a step that acted did, for a failure that came after it. */
const DONE_WORDS: Record<ActionPlan['action'], string> = {
  trash: 'it went to the trash',
  move: 'it was moved',
  delete: 'it was deleted',
  hardlink: 'it was replaced by a hard link',
};

/**
 * The journal could not record a step: the batch stops there, saying where. A step that acted
 * stays recorded as begun, with where its file went, so undo finds it.
 */
function stoppedBy(error: JournalWriteError, path: string, acted: boolean, action: ActionPlan['action'], before: StepOutcome[]): JournalWriteError {
  const where = acted ? `after ${displayPath(path)} (${DONE_WORDS[action]}; the journal records it as begun)` : `before ${displayPath(path)}, which was not touched`;
  const done = before.filter((o) => o.state === 'done').length;
  return new JournalWriteError(`${error.message}: the clean-up stopped ${where}; ${plural(done, 'file')} done before it`, { cause: error });
}

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
  let lock: JournalLock | undefined;
  let batchId: number;
  try {
    lock = journal.lock();
    batchId = journal.beginBatch(plan);
  } catch (error) {
    lock?.release();
    throw error instanceof JournalWriteError ? new JournalWriteError(`${error.message}; nothing was acted on`, { cause: error }) : error;
  }
  const held = lock;
  return { batchId, run: (options = {}) => runBatch(plan, journal, batchId, options).finally(() => held.release()) };
}

async function runBatch(plan: ActionPlan, journal: ActionJournal, batchId: number, { signal, onProgress, afterAct, beforeAct }: ApplyOptions): Promise<ApplyResult> {
  const outcomes: StepOutcome[] = [];
  const checker = createStepChecker(plan.action, signal, plan.referenceRoots ?? []);
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
        await actOn(step, { plan, journal, batchId, seq, seen, ...(beforeAct ? { beforeAct } : {}) });
        acted = true;
        await afterAct?.(step);
        await confirm(step, plan.action);
        if (plan.action === 'hardlink') await checker.touched(step.kept.path);
      } catch (error) {
        if (error instanceof JournalWriteError) throw stoppedBy(error, step.path, acted, plan.action, outcomes);
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
      try {
        journal.markStep(batchId, seq, outcome.state, outcome.reason ?? null);
      } catch (error) {
        throw error instanceof JournalWriteError ? stoppedBy(error, step.path, acted, plan.action, outcomes) : error;
      }
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
