// While a scan runs: the phase, a progress bar, what has been seen and read, the rate, the
// time left, the folder being walked, and Cancel.
import { formatBytes, formatCount, formatDuration, formatPercent, formatRate, percentOf } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import { useShingle } from '../store/useShingle.ts';
import { phaseLabels, phaseOrder, progressFigures } from './progressFigures.ts';

export function ScanProgressScreen() {
  const progress = useShingle((s) => s.progress);
  const cancelScan = useShingle((s) => s.cancelScan);
  const figures = progress ? progressFigures(progress) : null;
  const percent = figures?.fraction == null ? null : percentOf(figures.fraction);
  const phase = progress?.phase ?? 'walk';

  return (
    <main className="screen progress-screen" aria-labelledby="progress-title">
      <div className="progress-card">
        <h1 id="progress-title">Scanning…</h1>
        <ol className="phase-steps" aria-label="Steps">
          {phaseOrder.map((step, i) => {
            const current = phaseOrder.indexOf(phase);
            const state = phase === 'done' || i < current ? 'done' : i === current ? 'current' : 'todo';
            return (
              <li key={step} className={`phase-step ${state}`} aria-current={state === 'current' ? 'step' : undefined}>
                {phaseLabels[step]}
              </li>
            );
          })}
        </ol>
        <div
          className={`progress-bar${percent === null ? ' indeterminate' : ''}`}
          role="progressbar"
          aria-label={phaseLabels[phase]}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent ?? undefined}
          aria-valuetext={percent === null ? `${phaseLabels[phase]}…` : `${phaseLabels[phase]}: ${formatPercent(figures!.fraction!)}`}
        >
          <div className="progress-fill" style={percent === null ? undefined : { width: `${percent}%` }} />
        </div>
        <dl className="progress-figures">
          <div>
            <dt>Files</dt>
            <dd>
              {progress && progress.filesToDo > 0
                ? `${formatCount(progress.filesDone)} of ${formatCount(progress.filesToDo)}`
                : `${formatCount(progress?.filesSeen ?? 0)} found`}
            </dd>
          </div>
          <div>
            <dt>Data</dt>
            <dd>
              {progress && progress.bytesToRead > 0
                ? `${formatBytes(progress.bytesRead)} of ${formatBytes(progress.bytesToRead)}`
                : `${formatBytes(progress?.bytesSeen ?? 0)} found`}
            </dd>
          </div>
          <div>
            <dt>Speed</dt>
            <dd>{figures?.bytesPerSecond ? formatRate(figures.bytesPerSecond) : '—'}</dd>
          </div>
          <div>
            <dt>Time left</dt>
            <dd>{figures?.etaMs != null ? formatDuration(figures.etaMs) : '—'}</dd>
          </div>
          <div>
            <dt>Elapsed</dt>
            <dd>{progress ? formatDuration(progress.elapsedMs) : '—'}</dd>
          </div>
        </dl>
        <p className="current-path" aria-live="off" title={progress?.currentPath ? displayPath(progress.currentPath) : undefined}>
          {progress?.scanPage && `Reading page ${progress.scanPage.page} of ${progress.scanPage.pages} with OCR: `}
          {progress?.currentPath ? displayPath(progress.currentPath) : ' '}
        </p>
        <div className="progress-actions">
          <button type="button" className="button" onClick={() => void cancelScan()}>
            Cancel scan
          </button>
        </div>
      </div>
    </main>
  );
}
