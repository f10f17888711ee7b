// Per file: the keep/delete mark (a pair of toggle buttons) and opening the file or its folder.
import { isOpenable } from '../../shared/openable.ts';
import type { Cluster } from '../../shared/report.ts';
import type { Mark } from '../engine/contractTypes.ts';
import { isWithinAny } from '../../shared/paths/isWithin.ts';
import { baseName } from '../format/paths.ts';
import { isContainer } from '../store/marksSlice.ts';
import { useShingle } from '../store/useShingle.ts';

interface FileActionsProps {
  cluster: Cluster;
  fileIndex: number;
  /** How the buttons name the file: by default its name, which several copies may share. */
  label?: string;
}

export function useFileMark(cluster: Cluster, fileIndex: number): { mark: Mark | null; reference: boolean; container: boolean } {
  const path = cluster.files[fileIndex]?.path ?? '';
  const mark = useShingle((s) => s.marks[cluster.id]?.[path] ?? null);
  const reference = useShingle((s) => isWithinAny(path, s.settings?.referenceRoots ?? []));
  return { mark, reference, container: isContainer(cluster, fileIndex) };
}

export function MarkButtons({ cluster, fileIndex, label }: FileActionsProps) {
  const { mark, reference, container } = useFileMark(cluster, fileIndex);
  const setMark = useShingle((s) => s.setMark);
  const name = label ?? baseName(cluster.files[fileIndex]?.path ?? '');
  const toggle = (value: Mark) => () => void setMark(cluster, fileIndex, mark === value ? null : value);

  return (
    <div className="mark-buttons" role="group" aria-label={`Mark ${name}`}>
      <button type="button" className="mark-button keep" aria-pressed={mark === 'keep'} onClick={toggle('keep')}>
        Keep
      </button>
      <button
        type="button"
        className="mark-button delete"
        aria-pressed={mark === 'delete'}
        disabled={reference || container}
        title={reference ? 'In a reference folder: never deleted' : container ? 'Contains the others: never deleted' : undefined}
        onClick={toggle('delete')}
      >
        Delete
      </button>
    </div>
  );
}

export function OpenButtons({ cluster, fileIndex, label }: FileActionsProps) {
  const openFile = useShingle((s) => s.openFile);
  const dismiss = useShingle((s) => s.dismiss);
  const path = cluster.files[fileIndex]?.path ?? '';
  const name = label ?? baseName(path);
  return (
    <div className="open-buttons">
      {/* Programs, scripts and anything else not on the documents allowlist are only revealed. */}
      {isOpenable(path) && (
        <button type="button" className="button quiet small" aria-label={`Open ${name}`} onClick={() => void openFile(fileIndex, 'open')}>
          Open
        </button>
      )}
      <button type="button" className="button quiet small" aria-label={`Show ${name} in its folder`} onClick={() => void openFile(fileIndex, 'reveal')}>
        Reveal
      </button>
      <button type="button" className="button quiet small" aria-label={`${name} is not a duplicate`} title="Not a duplicate of the others: hide it from this group, now and in later scans" onClick={() => void dismiss(cluster, fileIndex)}>
        Not a duplicate
      </button>
    </div>
  );
}
