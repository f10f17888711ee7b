// Above the cluster list: the clean-up, undo of the last batch, the History of every batch, and
// the files the scan could not read or compare (most are in no cluster, so they must be shown here).
import { plural } from '../../shared/format.ts';
import { ScanErrorsDialog } from '../errors/ScanErrorsDialog.tsx';
import { DismissedDialog } from '../dismissed/DismissedDialog.tsx';
import { HistoryDialog } from '../history/HistoryDialog.tsx';
import { useShingle } from '../store/useShingle.ts';
import { CleanupDialog } from './CleanupDialog.tsx';

export function CleanupButton() {
  const stage = useShingle((s) => s.cleanupStage);
  // Nothing to clean up: no cluster listed once the list has loaded (not while it reloads for a new filter).
  const empty = useShingle((s) => s.listSummary?.total === 0);
  const lastBatchId = useShingle((s) => s.lastBatchId);
  const notRead = useShingle((s) => s.scanState?.errors ?? 0);
  const scansNotRead = useShingle((s) => s.scanState?.scansNotRead ?? 0);
  const notices = useShingle((s) => s.scanState?.warnings?.length ?? 0);
  const historyOpen = useShingle((s) => s.historyOpen);
  const errorsOpen = useShingle((s) => s.scanErrorsOpen);
  const dismissedOpen = useShingle((s) => s.dismissedOpen);
  const openDismissed = useShingle((s) => s.openDismissed);
  const openCleanup = useShingle((s) => s.openCleanup);
  const undoLastBatch = useShingle((s) => s.undoLastBatch);
  const openHistory = useShingle((s) => s.openHistory);
  const openScanErrors = useShingle((s) => s.openScanErrors);
  return (
    <div className="cleanup-bar">
      <button type="button" className="button small" disabled={empty && lastBatchId === null} onClick={openCleanup}>
        Clean up…
      </button>
      {lastBatchId !== null && stage === 'closed' && (
        <button type="button" className="button small quiet" onClick={() => void undoLastBatch()}>
          Undo last clean-up
        </button>
      )}
      <button type="button" className="button small quiet" onClick={() => void openHistory()}>
        History
      </button>
      <button type="button" className="button small quiet" onClick={() => void openDismissed()}>
        Dismissed
      </button>
      {(notRead > 0 || notices > 0) && (
        <button
          type="button"
          className="button small quiet warning-text"
          title={scansNotRead > 0 ? 'Scanned documents are read only with “Read scanned documents” (Folders & options)' : undefined}
          onClick={() => void openScanErrors()}
        >
          {notRead > 0 ? `${plural(notRead, 'file')} not read or compared` : ''}
          {/* Said apart: these the person can have read, by ticking "Read scanned documents" (the title and each error say so). */}
          {scansNotRead > 0 ? ` · ${plural(scansNotRead, 'scan')}` : ''}
          {notRead > 0 && notices > 0 ? ' · ' : ''}
          {notices > 0 ? plural(notices, 'notice') : ''}
        </button>
      )}
      {stage !== 'closed' && <CleanupDialog />}
      {historyOpen && <HistoryDialog />}
      {errorsOpen && <ScanErrorsDialog />}
      {dismissedOpen && <DismissedDialog />}
    </div>
  );
}
