// The results follow each clean-up step as the engine takes it, not when a watcher notices: on
// every progress of a batch, the files its newly finished steps removed leave their clusters. The
// last progress of a batch comes after its last step, so by then the results hold them all,
// before any host hears that the batch has ended (the service listens before the hosts do).
//
// Steps run in order and a progress of `done` comes once the steps before `done` are settled, so
// each event reads only the steps between the previous event's `done` and its own: every step is
// read once, however long the batch (rereading the whole batch per event was quadratic).
import type { EventPayload } from '../../../shared/contract/engineContract.ts';
import type { BulkActions } from './bulkActions.ts';
import type { ScanRunner } from './scanRunner.ts';

/** The listener of actionProgress events that takes the finished steps out of the results. */
export function followActions(actions: Pick<BulkActions, 'steps'>, scans: Pick<ScanRunner, 'filesGone'>): (progress: EventPayload<'actionProgress'>) => void {
  /** Per running batch, the first step not read yet. */
  const nextStep = new Map<number, number>();
  return ({ batchId, done, total }) => {
    const from = nextStep.get(batchId) ?? 0;
    if (done > from) {
      const gone = actions
        .steps(batchId, from, done)
        .filter((step) => step.state === 'done')
        .map((step) => step.path);
      if (gone.length > 0) scans.filesGone(batchId, gone);
      nextStep.set(batchId, done);
    }
    if (done >= total) nextStep.delete(batchId);
  };
}
