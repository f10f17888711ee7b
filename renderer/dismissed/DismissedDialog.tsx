// What the person said are not duplicates — here or in an earlier session — newest first, each
// with Restore. Restored files come back as the engine looks at the folders again.
import { ModalDialog } from '../app/ModalDialog.tsx';
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
      {dismissed === null ? (
        <p aria-busy="true">Loading…</p>
      ) : dismissed.length === 0 ? (
        <p>Nothing dismissed.</p>
      ) : (
        <table className="file-table" aria-label="Dismissed">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Dismissed</th>
              <th scope="col">
                <span className="visually-hidden">Restore</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {dismissed.map((entry) => (
              <tr key={entry.id} aria-label={`Dismissal ${entry.id}`}>
                <td>{new Date(entry.dismissedMs).toLocaleString()}</td>
                <td title={(entry.file ? [entry.file] : entry.paths).join('\n')}>{describe(entry)}</td>
                <td>
                  <button type="button" className="button small" onClick={() => void restore(entry.id)}>
                    Restore
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ModalDialog>
  );
}
