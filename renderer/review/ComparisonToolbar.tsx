// Above the columns: which two files the highlights compare (naming the most different
// member), where Next difference stands, and the view's switches.
import type { ReactNode } from 'react';
import { plural } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import type { WordDiff } from '../diff/wordDiff.ts';

interface ComparisonToolbarProps {
  /** Names that tell the files apart (distinctNames). */
  names: readonly string[];
  base: number;
  compared: number | null;
  mostDifferent: number | null;
  comparedDiff: WordDiff | null | undefined;
  sameAsBase: boolean;
  /** One of the two compared is a scan: what OCR read may match word for word, the files are still not the same text. */
  scanCompared: boolean;
  current: number | null;
  canStep: boolean;
  onStep(delta: 1 | -1): void;
  synced: boolean;
  onSynced(synced: boolean): void;
  details: boolean;
  onDetails(details: boolean): void;
  /** How many files are shown side by side. */
  columns: number;
  viewSwitch?: ReactNode;
}

function differenceStatus({ compared, comparedDiff, sameAsBase, scanCompared, current }: ComparisonToolbarProps): string {
  if (compared === null || comparedDiff === undefined) return 'Comparing…';
  if (comparedDiff === null) return 'Too different to compare word by word';
  if (comparedDiff.changes === 0 && scanCompared) return 'No difference in what OCR read';
  if (comparedDiff.changes === 0 || sameAsBase) return 'Same words';
  if (current === null) return plural(comparedDiff.changes, 'difference');
  return `Difference ${current + 1} of ${comparedDiff.changes}`;
}

export function ComparisonToolbar(props: ComparisonToolbarProps) {
  const { names, base, compared, mostDifferent, canStep, onStep, synced, onSynced, details, onDetails, columns, viewSwitch } = props;
  return (
    <div className="comparison-toolbar">
      <p className="comparing">
        {compared !== null && (
          <>
            <span className="legend removed">{displayPath(names[base] ?? '')}</span> compared with{' '}
            <span className="legend added">{displayPath(names[compared] ?? '')}</span>
            {compared === mostDifferent && columns > 2 && <span className="most-different">, the most different</span>}
          </>
        )}
      </p>
      <p className="difference-status" aria-live="polite">
        {differenceStatus(props)}
      </p>
      <div className="toolbar-buttons">
        <button type="button" className="button small" disabled={!canStep} onClick={() => onStep(-1)} title="Previous difference (N)">
          Previous
        </button>
        <button type="button" className="button small" disabled={!canStep} onClick={() => onStep(1)} title="Next difference, in every file (n)">
          Next difference <kbd>n</kbd>
        </button>
        <label className="check compact">
          <input type="checkbox" checked={synced} onChange={(e) => onSynced(e.target.checked)} />
          <span>Scroll together</span>
        </label>
        <label className="check compact">
          <input type="checkbox" checked={details} onChange={(e) => onDetails(e.target.checked)} />
          <span>File details</span>
        </label>
        {viewSwitch}
      </div>
    </div>
  );
}
