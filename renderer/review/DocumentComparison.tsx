// Near and contained clusters: every document in its own column, each compared word by word
// with the first. The first column shows what it lacks against the file in focus (or the
// second file); "next difference" steps through that pair, moving both columns to it.
import { useState } from 'react';
import type { CSSProperties } from 'react';
import { plural } from '../../shared/format.ts';
import type { Cluster } from '../../shared/report.ts';
import { useShortcuts } from '../app/useShortcuts.ts';
import { baseName } from '../format/paths.ts';
import { useShingle } from '../store/useShingle.ts';
import { DocumentText } from './DocumentText.tsx';
import { FileCard } from './FileCard.tsx';
import { useSyncedScroll } from './useSyncedScroll.ts';
import { useWordDiffs } from './useWordDiffs.ts';

interface DifferenceCursor {
  compared: number;
  change: number;
}

function differenceStatus(changes: number | undefined, current: number | null): string {
  if (changes === undefined) return 'Comparing…';
  if (changes === 0) return 'Same words';
  if (current === null) return plural(changes, 'difference');
  return `Difference ${current + 1} of ${changes}`;
}

export function DocumentComparison({ cluster }: { cluster: Cluster }) {
  const texts = useShingle((s) => s.texts);
  const focusedFile = useShingle((s) => s.focusedFile);
  const focusFile = useShingle((s) => s.focusFile);
  const [cursor, setCursor] = useState<DifferenceCursor | null>(null);
  const [synced, setSynced] = useState(true);
  const scroll = useSyncedScroll(synced);
  const diffs = useWordDiffs(texts, cluster.files.length);

  const compared = focusedFile > 0 ? focusedFile : 1;
  const comparedDiff = diffs[compared];
  const changes = comparedDiff === undefined ? undefined : (comparedDiff?.changes ?? 0);
  const current = cursor?.compared === compared ? cursor.change : null;
  const tooDifferent = comparedDiff === null;

  function step(delta: number) {
    if (!changes) return;
    const change = current === null ? (delta > 0 ? 0 : changes - 1) : (current + delta + changes) % changes;
    setCursor({ compared, change });
    scroll.showChange(change, [0, compared]);
  }

  useShortcuts({ nextDifference: () => step(1), previousDifference: () => step(-1) });

  const first = cluster.files[0]!;
  const other = cluster.files[compared];
  const columns = { '--columns': cluster.files.length } as CSSProperties;

  return (
    <div className="comparison">
      <div className="comparison-toolbar">
        <p className="comparing">
          {other ? (
            <>
              <span className="legend removed">{baseName(first.path)}</span> compared with <span className="legend added">{baseName(other.path)}</span>
            </>
          ) : null}
        </p>
        <p className="difference-status" aria-live="polite">
          {tooDifferent ? 'Too different to compare word by word' : differenceStatus(changes, current)}
        </p>
        <div className="toolbar-buttons">
          <button type="button" className="button small" disabled={!changes} onClick={() => step(-1)} title="Previous difference (N)">
            Previous
          </button>
          <button type="button" className="button small" disabled={!changes} onClick={() => step(1)} title="Next difference (n)">
            Next difference <kbd>n</kbd>
          </button>
          <label className="check compact">
            <input type="checkbox" checked={synced} onChange={(e) => setSynced(e.target.checked)} />
            <span>Scroll together</span>
          </label>
        </div>
      </div>
      <div className="document-columns" style={columns}>
        {cluster.files.map((file, i) => {
          const segments = i === 0 ? (diffs[compared] ?? undefined)?.base : (diffs[i] ?? undefined)?.other;
          const role = i === 0 ? ' base' : i === compared ? ' compared' : '';
          return (
            <article
              key={file.path}
              className={`document-column${role}${i === focusedFile ? ' focused' : ''}`}
              aria-label={baseName(file.path)}
              aria-current={i === focusedFile ? 'true' : undefined}
              onClick={() => focusFile(i)}
            >
              <FileCard cluster={cluster} fileIndex={i} />
              <DocumentText
                label={`Text of ${baseName(file.path)}`}
                text={texts[i]}
                segments={segments}
                currentChange={i === 0 || i === compared ? current : null}
                paneRef={scroll.register(i)}
                onScroll={scroll.onScroll}
              />
            </article>
          );
        })}
      </div>
    </div>
  );
}
