// Above the cluster list, under the clean-up: the Mark menu (bulk marks), the count of Delete
// marks and how many will act, and the note said when a file just marked Delete will stay.
import { useEffect, useRef, useState } from 'react';
import { useShingle } from '../store/useShingle.ts';
import { markCountsText } from './bulkSteps.ts';
import { MarkDialog } from './MarkDialog.tsx';

export function MarkBar() {
  const total = useShingle((s) => s.listSummary?.total ?? 0);
  const marks = useShingle((s) => s.marks);
  const includeNear = useShingle((s) => s.cleanupDraft.includeNear);
  const includeContained = useShingle((s) => s.cleanupDraft.includeContained);
  const counts = useShingle((s) => s.markCounts);
  const note = useShingle((s) => s.markNote);
  const loadMarkCounts = useShingle((s) => s.loadMarkCounts);
  const dismissMarkNote = useShingle((s) => s.dismissMarkNote);
  const [open, setOpen] = useState(false);

  // Counted by the engine, over every marked cluster (the list holds only the pages in view).
  useEffect(() => void loadMarkCounts(), [marks, includeNear, includeContained, loadMarkCounts]);
  // The note spoke of the kinds the clean-up left out then: ticking or unticking one makes it stale.
  const included = `${includeNear} ${includeContained}`;
  const noteIncluded = useRef(included);
  useEffect(() => {
    if (noteIncluded.current === included) return;
    noteIncluded.current = included;
    dismissMarkNote();
  }, [included, dismissMarkNote]);
  const countsText = counts && markCountsText(counts);

  return (
    <div className="mark-bar">
      <div className="mark-bar-line">
        <button type="button" className="button small" disabled={total === 0} onClick={() => setOpen(true)}>
          Mark…
        </button>
        <span className="mark-counts" role="status" aria-label="Marks">
          {countsText ?? 'No file marked Delete'}
        </span>
      </div>
      {note && (
        <p className="mark-note" role="status">
          <span>{note}</span>
          <button type="button" className="button small quiet" onClick={dismissMarkNote}>
            OK
          </button>
        </p>
      )}
      {open && <MarkDialog onClose={() => setOpen(false)} />}
    </div>
  );
}
