// The results follow each clean-up as a whole, not when a watcher notices: when a batch ends
// (its last progress, which comes after its last step, also when it was stopped or failed), the
// files its steps removed leave their clusters in one update, before any host hears that the
// batch has ended (the service listens before the hosts do).
//
// One update, not one per progress event: each update saves the results (a write flushed to the
// disk) and tells every changed cluster, and while a batch runs those writes queued with the
// batch's own file operations and journal flushes — trashing 100 files took three times as long
// as the CLI's run of the same plan. The page holds the engine's own changes until the batch
// ends anyway (clustersSlice), so nothing it shows came sooner. The journal is read once per
// batch, from its first step to its last.
import type { EventPayload } from '../../../shared/contract/engineContract.ts';
import type { BulkActions } from './bulkActions.ts';
import type { ScanRunner } from './scanRunner.ts';

/** The listener of actionProgress events that takes a finished batch's removed files out of the results. */
export function followActions(actions: Pick<BulkActions, 'steps'>, scans: Pick<ScanRunner, 'filesGone'>): (progress: EventPayload<'actionProgress'>) => void {
  return ({ batchId, done, total }) => {
    if (done < total) return;
    const gone = actions
      .steps(batchId, 0, total)
      .filter((step) => step.state === 'done')
      .map((step) => step.path);
    if (gone.length > 0) scans.filesGone(batchId, gone);
  };
}
