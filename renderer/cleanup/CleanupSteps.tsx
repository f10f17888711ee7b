// The clean-up's later steps: the confirmation with the engine's summary (a second one for a
// permanent delete), the progress of the batch, its result with every failure, and undo.
import { useState } from 'react';
import { formatBytes, formatCount } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import { useShingle } from '../store/useShingle.ts';
import { describeRule } from './cleanupRules.ts';

export function CleanupConfirm() {
  const preview = useShingle((s) => s.cleanupPreview);
  const request = useShingle((s) => s.cleanupRequest);
  const applyCleanup = useShingle((s) => s.applyCleanup);
  const editCleanup = useShingle((s) => s.editCleanup);
  const [understood, setUnderstood] = useState(false);
  if (!preview || !request) return null;
  const deleting = request.action === 'delete';
  // The plan's first page; the cleanup-app rebuilds this view file by file over every page.
  const refused = preview.clusters.flatMap((c) => c.files.filter((f) => f.decision === 'refused').map((f) => ({ clusterId: c.clusterId, path: f.path, reason: f.reason ?? '' })));

  return (
    <section className="cleanup-confirm" aria-label="Summary">
      <dl className="cleanup-summary">
        <dt>Files</dt>
        <dd data-testid="cleanup-files">{formatCount(preview.totals.files)}</dd>
        <dt>Space reclaimed</dt>
        <dd>{formatBytes(preview.totals.bytes)}</dd>
        <dt>Clusters touched</dt>
        <dd>{formatCount(preview.totals.clusters)}</dd>
        <dt>Rule</dt>
        <dd>{describeRule(request.rules, request.useMarks)}</dd>
        <dt>Action</dt>
        <dd>{deleting ? 'Delete permanently' : 'Move to the trash'}</dd>
        <dt>Refused</dt>
        <dd data-testid="cleanup-refused">{formatCount(preview.totals.refused)}</dd>
      </dl>
      {refused.length > 0 && (
        <details>
          <summary>Why some files are refused</summary>
          <ul className="cleanup-list">
            {refused.map((r) => (
              <li key={`${r.clusterId}:${r.path}`}>
                {displayPath(r.path)}: {r.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {deleting && (
        <label className="cleanup-check cleanup-warning">
          <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
          I understand these files are deleted permanently and cannot be restored
        </label>
      )}
      <div className="cleanup-actions">
        <button type="button" className="button" onClick={editCleanup}>
          Back
        </button>
        <button type="button" className="button primary" disabled={preview.totals.files === 0 || (deleting && !understood)} onClick={() => void applyCleanup()}>
          {deleting ? `Delete ${formatCount(preview.totals.files)} files permanently` : `Move ${formatCount(preview.totals.files)} files to the trash`}
        </button>
      </div>
    </section>
  );
}

export function CleanupOutcome() {
  const progress = useShingle((s) => s.cleanupProgress);
  const result = useShingle((s) => s.cleanupResult);
  const lastBatchId = useShingle((s) => s.lastBatchId);
  const undoResult = useShingle((s) => s.undoResult);
  const undoLastBatch = useShingle((s) => s.undoLastBatch);

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
      </section>
    );
  }
  const done = result.steps.filter((s) => s.state === 'done').length;
  const failures = result.steps.filter((s) => s.state === 'refused' || s.state === 'failed');
  return (
    <section className="cleanup-result" aria-label="Result">
      <p role="status">
        {result.action === 'trash' ? 'Moved to the trash' : 'Deleted'}: {formatCount(done)} {done === 1 ? 'file' : 'files'}
        {failures.length > 0 ? `; ${formatCount(failures.length)} not done` : ''}.
      </p>
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
        result.action === 'trash' &&
        done > 0 && (
          <button type="button" className="button" onClick={() => void undoLastBatch()}>
            Undo
          </button>
        )
      )}
    </section>
  );
}
