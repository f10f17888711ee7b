// The clean-up's last steps: the progress of the batch, its result with every failure, and undo.
import { formatCount } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import { useShingle } from '../store/useShingle.ts';
import { resultLine } from './resultLine.ts';

export function CleanupOutcome() {
  const progress = useShingle((s) => s.cleanupProgress);
  const result = useShingle((s) => s.cleanupResult);
  const lastBatchId = useShingle((s) => s.lastBatchId);
  const undoResult = useShingle((s) => s.undoResult);
  const undoLastBatch = useShingle((s) => s.undoLastBatch);
  const stopping = useShingle((s) => s.cleanupStopping);
  const stopCleanup = useShingle((s) => s.stopCleanup);

  if (!result) {
    return (
      <section className="cleanup-progress" aria-busy="true">
        <p>Cleaning up…</p>
        <progress max={progress?.total ?? 1} value={progress?.done ?? 0} />
        {progress && (
          <p>
            {formatCount(progress.done)} of {formatCount(progress.total)}
            {progress.failed > 0 ? ` · ${formatCount(progress.failed)} not done` : ''}
          </p>
        )}
        <button type="button" className="button" disabled={stopping || !progress} onClick={() => void stopCleanup()}>
          {stopping ? 'Stopping…' : 'Stop'}
        </button>
      </section>
    );
  }
  const done = result.steps.filter((s) => s.state === 'done').length;
  const failures = result.steps.filter((s) => s.state === 'refused' || s.state === 'failed');
  return (
    <section className="cleanup-result" aria-label="Result">
      <p role="status">{resultLine(result)}</p>
      {failures.length > 0 && (
        <ul className="cleanup-list" aria-label="Not done">
          {failures.map((s) => (
            <li key={s.path}>
              {displayPath(s.path)}: {s.reason ?? s.state}
            </li>
          ))}
        </ul>
      )}
      {undoResult ? (
        <p role="status">
          Undo: {formatCount(undoResult.outcomes.filter((o) => o.state === 'restored').length)} restored
          {undoResult.outcomes.some((o) => o.state === 'refused') ? ', some could not be restored' : ''}.
        </p>
      ) : (
        lastBatchId === result.batchId &&
        result.action !== 'delete' &&
        done > 0 && (
          <button type="button" className="button" onClick={() => void undoLastBatch()}>
            Undo
          </button>
        )
      )}
    </section>
  );
}
