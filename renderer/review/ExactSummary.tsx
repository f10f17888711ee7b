// Byte-identical copies: no diff to read, so the files in a table, with marks and actions.
import { formatBytes } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import type { Cluster } from '../../shared/report.ts';
import { selectWithMarks } from '../../shared/selection/selectFiles.ts';
import { formatDate } from '../clusters/clusterLabels.ts';
import { baseName, folderName } from '../format/paths.ts';
import { useShingle } from '../store/useShingle.ts';
import { MarkButtons, OpenButtons, useFileMark } from './FileActions.tsx';

function FileRow({ cluster, fileIndex }: { cluster: Cluster; fileIndex: number }) {
  const file = cluster.files[fileIndex]!;
  const focused = useShingle((s) => s.focusedFile === fileIndex);
  const focusFile = useShingle((s) => s.focusFile);
  const { mark, reference } = useFileMark(cluster, fileIndex);
  return (
    <tr data-file-index={fileIndex} className={`file-row${focused ? ' focused' : ''}${mark ? ` marked-${mark}` : ''}`} aria-current={focused ? 'true' : undefined} onClick={() => focusFile(fileIndex)}>
      <td>
        <MarkButtons cluster={cluster} fileIndex={fileIndex} />
      </td>
      <td>
        <div className="file-cell">
          <span className="file-name">
          {baseName(file.path)}
          {reference && <span className="tag">reference</span>}
        </span>
        <span className="file-path" title={displayPath(file.path)}>
          {folderName(file.path)}
        </span>
        {file.links && file.links.length > 0 && <span className="hint">Also named: {file.links.map(displayPath).join(', ')}</span>}
        </div>
      </td>
      <td className="numeric">{formatBytes(file.size)}</td>
      <td>{formatDate(file.mtime)}</td>
      <td>
        <OpenButtons cluster={cluster} fileIndex={fileIndex} />
      </td>
    </tr>
  );
}

/** Which copy stays by the person's marks, decided as the clean-up decides (selectWithMarks). */
function WhichStays({ cluster }: { cluster: Cluster }) {
  const marks = useShingle((s) => s.marks[cluster.id]);
  const { act } = selectWithMarks(cluster, [], marks);
  if (act.length === 0) {
    return <p className="hint block">No copy is marked yet: mark the one to keep, or let a keep rule choose in Clean up.</p>;
  }
  const stays = cluster.files.filter((file) => !act.includes(file.path)).map((file) => baseName(file.path));
  return (
    <p className="which-stays" data-testid="which-stays">
      By your marks, {stays.length === 1 ? 'this copy stays' : `${stays.length} copies stay`}: <strong>{stays.join(', ')}</strong>
; {act.length === 1 ? '1 copy goes' : `${act.length} copies go`} at the next clean-up.
    </p>
  );
}

export function ExactSummary({ cluster }: { cluster: Cluster }) {
  const size = cluster.files[0]?.size ?? 0;
  return (
    <div className="exact-summary">
      <p className="lead">
        {cluster.files.length} byte-identical copies of {formatBytes(size)}. Keeping one frees {formatBytes(cluster.reclaimable)}.
      </p>
      <WhichStays cluster={cluster} />
      <table className="file-table">
        <thead>
          <tr>
            <th scope="col">Mark</th>
            <th scope="col">File</th>
            <th scope="col" className="numeric">
              Size
            </th>
            <th scope="col">Modified</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {cluster.files.map((file, i) => (
            <FileRow key={file.path} cluster={cluster} fileIndex={i} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
