// Nothing hidden: every file the scan could not read or passed over, with its code and reason,
// as `shingle scan` prints them. None of these files is in any cluster.
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
    <ModalDialog title="Files not read" className="scan-errors" onClose={close}>
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
      <p>These files are in no cluster: the scan could not read them, or passed over them. Shingle never acts on them.</p>
      <RecordTable
        label="Files not read"
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
