// Every clean-up in the journal — made here or with `shingle apply` — newest first: when, what,
// how many files and bytes, and Undo for each that can still be undone.
import { formatBytes, formatCount } from '../../shared/format.ts';
import { ModalDialog } from '../app/ModalDialog.tsx';
import { RecordTable } from '../app/RecordTable.tsx';
import type { BatchSummary } from '../engine/contractTypes.ts';
import { actionDone } from '../format/actionWords.ts';
import { useShingle } from '../store/useShingle.ts';

function stateLabel(batch: BatchSummary): string {
  if (batch.undone) return 'Undone';
  if (batch.state === 'running') return 'Running';
  const notDone = batch.files < batch.planned ? `${formatCount(batch.planned - batch.files)} not done` : '';
  if (batch.state === 'cancelled') return 'Stopped';
  // Its engine or `shingle apply` ended mid-batch: the files not reached are where they were.
  if (batch.state === 'interrupted') return notDone ? `Interrupted, ${notDone}` : 'Interrupted';
  return notDone || 'Done';
}

export function HistoryDialog() {
  const batches = useShingle((s) => s.batches);
  const undone = useShingle((s) => s.historyUndo);
  const close = useShingle((s) => s.closeHistory);
  const undo = useShingle((s) => s.undoFromHistory);
  return (
    <ModalDialog title="Clean-up history" className="history" onClose={close}>
      {undone && (
        <p role="status">
          Undo of batch {undone.batchId}: {formatCount(undone.outcomes.filter((o) => o.state === 'restored').length)} restored
          {undone.outcomes.some((o) => o.state === 'refused') ? `, ${formatCount(undone.outcomes.filter((o) => o.state === 'refused').length)} could not be restored` : ''}.
        </p>
      )}
      <RecordTable
        label="Clean-ups"
        records={batches}
        empty="No clean-up yet."
        columns={[{ title: 'When' }, { title: 'Action' }, { title: 'Files', numeric: true }, { title: 'Size', numeric: true }, { title: 'State' }, { title: 'Undo', hidden: true }]}
        row={(batch) => (
          <tr key={batch.batchId} aria-label={`Batch ${batch.batchId}`}>
            <td>{new Date(batch.startedAt).toLocaleString()}</td>
            <td>{actionDone[batch.action]}</td>
            <td className="numeric">{formatCount(batch.files)}</td>
            <td className="numeric">{formatBytes(batch.bytes)}</td>
            <td>{stateLabel(batch)}</td>
            <td>
              {batch.undoable && (
                <button type="button" className="button small" onClick={() => void undo(batch.batchId)}>
                  Undo
                </button>
              )}
            </td>
          </tr>
        )}
      />
    </ModalDialog>
  );
}
