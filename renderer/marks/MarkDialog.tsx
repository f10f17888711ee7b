// Marks in bulk: all, none or invert over the clusters the list shows (its filter named on each
// button), and a folder's files across every cluster, with what that touches counted by the
// engine before acting. Every one of them is one step of the mark undo (u).
import { useEffect, useState } from 'react';
import { plural } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import type { MarkAllKind } from '../../shared/marks/bulkMarks.ts';
import { ModalDialog } from '../app/ModalDialog.tsx';
import type { Mark } from '../engine/contractTypes.ts';
import { clusterQuery } from '../store/clustersSlice.ts';
import type { FolderMarkCount } from '../store/marksSlice.ts';
import { useShingle } from '../store/useShingle.ts';
import { folderMarkText } from './bulkSteps.ts';

interface MarkDialogProps {
  onClose(): void;
}

const markAllLabels: Record<MarkAllKind, (scope: string) => string> = {
  all: (scope) => `Mark ${scope}: Delete all but one`,
  none: (scope) => `Clear the marks of ${scope}`,
  invert: (scope) => `Invert the marks of ${scope}`,
};

export function MarkDialog({ onClose }: MarkDialogProps) {
  const total = useShingle((s) => s.listSummary?.total ?? 0);
  const filters = useShingle((s) => s.filters);
  const folders = useShingle((s) => s.clusterFolders);
  const loadClusterFolders = useShingle((s) => s.loadClusterFolders);
  const markShown = useShingle((s) => s.markShown);
  const countFolderMarks = useShingle((s) => s.countFolderMarks);
  const markFolder = useShingle((s) => s.markFolder);
  const [folder, setFolder] = useState('');
  const [counts, setCounts] = useState<Record<Mark, FolderMarkCount> | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => void loadClusterFolders(), [loadClusterFolders]);
  useEffect(() => {
    setCounts(null);
    if (!folder) return;
    let current = true;
    void Promise.all([countFolderMarks(folder, 'delete'), countFolderMarks(folder, 'keep')]).then(([remove, keep]) => {
      if (current && remove && keep) setCounts({ delete: remove, keep });
    });
    return () => void (current = false);
  }, [folder, countFolderMarks]);

  const query = clusterQuery(filters, 0);
  const filtered = Boolean(query.kinds ?? query.formats ?? query.folder ?? query.search);
  const scope = `${plural(total, 'cluster')} ${filtered ? 'in this filter' : 'in the list'}`;

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    await action();
    setBusy(false);
    onClose();
  }

  return (
    <ModalDialog title="Mark in bulk" className="marks-dialog" onClose={onClose}>
      <section className="marks-section" aria-labelledby="marks-shown">
        <h3 id="marks-shown">The clusters the list shows</h3>
        <p className="marks-help">
          One file of each cluster always stays: those marked Keep, a reference folder’s, the document containing the others, or else the one the clean-up’s keep criteria would keep (without criteria, the cluster’s first file), marked Keep.
        </p>
        <div className="marks-buttons">
          {(['all', 'none', 'invert'] as const).map((kind) => (
            <button key={kind} type="button" className="button" disabled={busy || total === 0} onClick={() => void run(() => markShown(kind, total))}>
              {markAllLabels[kind](scope)}
            </button>
          ))}
        </div>
      </section>
      <section className="marks-section" aria-labelledby="marks-folder">
        <h3 id="marks-folder">By folder, across all clusters</h3>
        <div className="marks-folder-field">
          <label htmlFor="marks-folder-choice">Folder</label>
          <select id="marks-folder-choice" value={folder} onChange={(e) => setFolder(e.target.value)}>
            <option value="">Choose a folder…</option>
            {folders?.map((f) => (
              <option key={f.path} value={f.path}>
                {displayPath(f.path)} ({plural(f.clusters, 'cluster')})
              </option>
            ))}
          </select>
        </div>
        {folder && (
          <div className="marks-folder-actions" aria-busy={counts === null}>
            {(['delete', 'keep'] as const).map((mark) => (
              <div key={mark} className="marks-folder-action">
                <button
                  type="button"
                  className="button"
                  disabled={busy || !counts || counts[mark].files === 0}
                  onClick={() => counts && void run(() => markFolder(folder, mark, counts[mark].files))}
                >
                  {mark === 'delete' ? 'Delete every copy here' : 'Keep every copy here'}
                </button>
                <span className="marks-count">{counts ? folderMarkText(mark, counts[mark]) : 'Counting…'}</span>
              </div>
            ))}
          </div>
        )}
      </section>
    </ModalDialog>
  );
}
