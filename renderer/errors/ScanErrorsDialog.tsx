// Nothing hidden: every file the scan could not read, passed over or could not compare with other
// documents, with its code and reason, as `shingle scan` prints them.
import { formatCount } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import { ModalDialog } from '../app/ModalDialog.tsx';
import { RecordTable } from '../app/RecordTable.tsx';
import { useShingle } from '../store/useShingle.ts';

export function ScanErrorsDialog() {
  const page = useShingle((s) => s.scanErrors);
  const close = useShingle((s) => s.closeScanErrors);
  const loadMore = useShingle((s) => s.loadMoreScanErrors);
  const warnings = useShingle((s) => s.scanState?.warnings);
  return (
    <ModalDialog title="Files not read or compared" className="scan-errors" onClose={close}>
      {warnings && warnings.length > 0 && (
        <section aria-label="Noticed since the scan">
          <h3>Noticed since the scan</h3>
          <ul className="scan-warnings">
            {warnings.map((warning, i) => (
              <li key={i}>{warning}</li>
            ))}
          </ul>
        </section>
      )}
      <p>The scan could not read these files, passed over them, or could not compare them with other documents: each line says why. A clean-up acts only on files shown in a cluster.</p>
      <RecordTable
        label="Files not read or compared"
        className="scan-errors-table"
        records={page?.errors ?? null}
        columns={[{ title: 'Code' }, { title: 'File' }, { title: 'Reason' }]}
        row={(error) => (
          <tr key={`${error.path}\0${error.code}`}>
            <td>
              <code>{error.code}</code>
            </td>
            <td className="scan-error-path">{displayPath(error.path)}</td>
            <td>{error.message}</td>
          </tr>
        )}
      />
      {page && page.errors.length < page.total && (
        <button type="button" className="button" onClick={() => void loadMore()}>
          Show more ({formatCount(page.total - page.errors.length)} left)
        </button>
      )}
    </ModalDialog>
  );
}
