// Opens the clean-up from the cluster list; also offers undo of the last batch.
import { useShingle } from '../store/useShingle.ts';
import { CleanupDialog } from './CleanupDialog.tsx';

export function CleanupButton() {
  const stage = useShingle((s) => s.cleanupStage);
  const total = useShingle((s) => s.listSummary?.total ?? 0);
  const lastBatchId = useShingle((s) => s.lastBatchId);
  const openCleanup = useShingle((s) => s.openCleanup);
  const undoLastBatch = useShingle((s) => s.undoLastBatch);
  return (
    <div className="cleanup-bar">
      <button type="button" className="button small" disabled={total === 0 && lastBatchId === null} onClick={openCleanup}>
        Clean up…
      </button>
      {lastBatchId !== null && stage === 'closed' && (
        <button type="button" className="button small quiet" onClick={() => void undoLastBatch()}>
          Undo last clean-up
        </button>
      )}
      {stage !== 'closed' && <CleanupDialog />}
    </div>
  );
}
