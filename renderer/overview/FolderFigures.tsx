// The selected folder's figures and what can be done with it: see its clusters in the review,
// mark every copy in it Delete or Keep across all clusters (the Mark… dialog's folder marks,
// counted by the engine first), then clean up by those marks.
import { useEffect, useState } from 'react';
import { formatBytes, formatPercent, plural } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import type { FolderReclaim } from '../../shared/folders/folderSummary.ts';
import { kindBytes, kindFiles, reclaimBytes, reclaimFiles, reclaimKinds } from '../../shared/folders/folderSummary.ts';
import type { FolderMatch } from '../../shared/report.ts';
import type { Mark } from '../engine/contractTypes.ts';
import { folderMarkText } from '../marks/bulkSteps.ts';
import type { FolderMarkCount } from '../store/marksSlice.ts';
import { useShingle } from '../store/useShingle.ts';
import { KIND_LABELS } from './kinds.ts';

interface FolderFiguresProps {
  folder: FolderReclaim;
  /** The scanned folder it lies in: the folders it mirrors are named from there. */
  root: string;
  hasInside: boolean;
  matches: readonly FolderMatch[];
  onZoom(): void;
}

/** A path below `root` as seen from it ("Backup/Documents"); any other whole. */
function fromRoot(path: string, root: string): string {
  const rest = path.slice(root.length);
  return path.startsWith(root) && /^[\\/]./.test(rest) ? rest.slice(1) : path;
}

const MARK_LABELS: Record<Mark, string> = { delete: 'Delete every copy here', keep: 'Keep every copy here' };

export function FolderFigures({ folder, root, hasInside, matches, onZoom }: FolderFiguresProps) {
  const countFolderMarks = useShingle((s) => s.countFolderMarks);
  const markFolder = useShingle((s) => s.markFolder);
  const marks = useShingle((s) => s.marks);
  const setFilters = useShingle((s) => s.setFilters);
  const showScreen = useShingle((s) => s.showScreen);
  const openCleanup = useShingle((s) => s.openCleanup);
  const [counts, setCounts] = useState<Record<Mark, FolderMarkCount> | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Counted again for each folder and after each mark (a mark changes what the other would do).
  useEffect(() => {
    setCounts(null);
    let current = true;
    void Promise.all([countFolderMarks(folder.path, 'delete'), countFolderMarks(folder.path, 'keep')]).then(([remove, keep]) => {
      if (current && remove && keep) setCounts({ delete: remove, keep });
    });
    return () => void (current = false);
  }, [folder.path, countFolderMarks, marks]);
  useEffect(() => setDone(null), [folder.path]);

  async function mark(which: Mark) {
    if (!counts) return;
    setBusy(true);
    const files = counts[which].files;
    if (await markFolder(folder.path, which, files)) setDone(`Marked ${plural(files, 'file')} ${which === 'delete' ? 'Delete' : 'Keep'}; u undoes it in the review.`);
    setBusy(false);
  }

  async function showClusters() {
    showScreen('review');
    await setFilters({ folder: folder.path });
  }

  const pairs = matches.filter((match) => match.folders.includes(folder.path));
  return (
    <section className="overview-figures" aria-labelledby="overview-figures-title">
      <h2 id="overview-figures-title" className="overview-figures-title" title={displayPath(folder.path)}>
        {displayPath(folder.path)}
      </h2>
      <p className="overview-figures-total">
        <strong>{formatBytes(reclaimBytes(folder))}</strong> reclaimable · {plural(reclaimFiles(folder), 'file')} in {plural(folder.clusters, 'cluster')}
      </p>
      <dl className="overview-kinds">
        {reclaimKinds.map((kind) => (
          <div key={kind} className={`overview-kind kind-${kind}`}>
            <dt>
              <span className="swatch" aria-hidden="true" />
              {KIND_LABELS[kind]}
            </dt>
            <dd>
              {formatBytes(kindBytes(folder, kind))} · {plural(kindFiles(folder, kind), 'file')}
            </dd>
          </div>
        ))}
      </dl>
      {pairs.length > 0 && (
        <div className="overview-mirrors">
          <h3>Mirrors</h3>
          <ul>
            {pairs.map((match) => {
              const other = match.folders[0] === folder.path ? match.folders[1] : match.folders[0];
              return (
                <li key={match.id}>
                  <span title={displayPath(other)}>{displayPath(fromRoot(other, root))}</span> — {formatPercent(match.similarity)} alike, {formatBytes(match.matchedBytes)} in copies
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <div className="overview-actions">
        {hasInside && (
          <button type="button" className="button" onClick={onZoom}>
            Show inside
          </button>
        )}
        <button type="button" className="button" onClick={() => void showClusters()}>
          Show its clusters
        </button>
      </div>
      <div className="overview-marks" aria-busy={counts === null}>
        {(['delete', 'keep'] as const).map((which) => (
          <div key={which} className="overview-mark">
            <button type="button" className="button" disabled={busy || !counts || counts[which].files === 0} onClick={() => void mark(which)}>
              {MARK_LABELS[which]}
            </button>
            <span className="overview-mark-count">{counts ? folderMarkText(which, counts[which]) : 'Counting…'}</span>
          </div>
        ))}
      </div>
      {done && (
        <div className="overview-done" role="status">
          <span>{done}</span>
          <button
            type="button"
            className="button primary"
            onClick={() => {
              showScreen('review');
              openCleanup();
            }}
          >
            Clean up…
          </button>
        </div>
      )}
    </section>
  );
}
