// What the person said are not duplicates — here or in an earlier session — newest first, each
// with Restore. Restored files come back as the engine looks at the folders again.
import { ModalDialog } from '../app/ModalDialog.tsx';
import { RecordTable } from '../app/RecordTable.tsx';
import { baseName } from '../format/paths.ts';
import type { DismissalEntry } from '../store/dismissedSlice.ts';
import { useShingle } from '../store/useShingle.ts';

function describe(entry: DismissalEntry): string {
  const names = entry.paths.map(baseName).join(', ');
  return entry.file === undefined ? `Group: ${names}` : `${baseName(entry.file)}, apart from ${entry.paths.filter((p) => p !== entry.file).map(baseName).join(', ')}`;
}

export function DismissedDialog() {
  const dismissed = useShingle((s) => s.dismissed);
  const close = useShingle((s) => s.closeDismissed);
  const restore = useShingle((s) => s.restoreDismissed);
  return (
    <ModalDialog title="Not duplicates" className="history" onClose={close}>
      <RecordTable
        label="Dismissed"
        records={dismissed}
        empty="Nothing dismissed."
        columns={[{ title: 'When' }, { title: 'Dismissed' }, { title: 'Restore', hidden: true }]}
        row={(entry) => (
          <tr key={entry.id} aria-label={`Dismissal ${entry.id}`}>
            <td>{new Date(entry.dismissedMs).toLocaleString()}</td>
            <td title={(entry.file ? [entry.file] : entry.paths).join('\n')}>{describe(entry)}</td>
            <td>
              <button type="button" className="button small" onClick={() => void restore(entry.id)}>
                Restore
              </button>
            </td>
          </tr>
        )}
      />
    </ModalDialog>
  );
}
