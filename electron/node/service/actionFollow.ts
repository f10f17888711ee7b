// The results follow each clean-up step as the engine takes it, not when a watcher notices: on
// every progress of a batch, the files its finished steps removed leave their clusters. The
// last progress of a batch comes after its last step, so by then the results hold them all,
// before any host hears that the batch has ended (the service listens before the hosts do).
import type { EventPayload } from '../../../shared/contract/engineContract.ts';
import type { BulkActions } from './bulkActions.ts';
import type { ScanRunner } from './scanRunner.ts';

/** The listener of actionProgress events that takes the finished steps out of the results. */
export function followActions(actions: Pick<BulkActions, 'result'>, scans: Pick<ScanRunner, 'filesGone'>): (progress: EventPayload<'actionProgress'>) => void {
  /** Per batch, the steps already taken out of the results. */
  const seen = new Map<number, Set<string>>();
  return ({ batchId, done, total }) => {
    const taken = seen.get(batchId) ?? new Set<string>();
    seen.set(batchId, taken);
    const gone = actions
      .result(batchId)
      .steps.filter((step) => step.state === 'done' && !taken.has(step.path))
      .map((step) => step.path);
    gone.forEach((path) => taken.add(path));
    if (gone.length > 0) scans.filesGone(batchId, gone);
    if (done >= total) seen.delete(batchId);
  };
}
