// The picture's folders as a plain table, most reclaimable first, for anyone who prefers to read:
// the shown folder's subfolders (the first ROWS; the picture's smallest are there too).
import { formatBytes, formatCount, plural } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import { kindBytes, reclaimBytes, reclaimFiles, reclaimKinds } from '../../shared/folders/folderSummary.ts';
import { baseName } from '../format/paths.ts';
import { KIND_LABELS } from './kinds.ts';
import type { FolderTree } from './treemapLayout.ts';

const ROWS = 200;

interface FolderTableProps {
  tree: FolderTree;
  shown: number;
  selected: number | null;
  onSelect(folder: number): void;
}

export function FolderTable({ tree, shown, selected, onSelect }: FolderTableProps) {
  const level = tree.children.get(shown) ?? [];
  const { folders } = tree.summary;
  return (
    <div className="overview-table-wrap">
      <table className="overview-table" aria-label="Folders by reclaimable space">
        <thead>
          <tr>
            <th scope="col">Folder</th>
            <th scope="col" className="number">
              Reclaimable
            </th>
            {reclaimKinds.map((kind) => (
              <th key={kind} scope="col" className="number">
                {KIND_LABELS[kind]}
              </th>
            ))}
            <th scope="col" className="number">
              Files
            </th>
            <th scope="col" className="number">
              Clusters
            </th>
          </tr>
        </thead>
        <tbody>
          {level.slice(0, ROWS).map((i) => {
            const folder = folders[i]!;
            return (
              <tr key={i} aria-selected={selected === i} className={selected === i ? 'selected' : undefined}>
                <th scope="row">
                  <button type="button" className="link-button" title={displayPath(folder.path)} onClick={() => onSelect(i)}>
                    {baseName(folder.path)}
                  </button>
                </th>
                <td className="number">{formatBytes(reclaimBytes(folder))}</td>
                {reclaimKinds.map((kind) => (
                  <td key={kind} className="number">
                    {formatBytes(kindBytes(folder, kind))}
                  </td>
                ))}
                <td className="number">{formatCount(reclaimFiles(folder))}</td>
                <td className="number">{formatCount(folder.clusters)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {level.length > ROWS && <p className="overview-note">and {plural(level.length - ROWS, 'smaller folder')}, each freeing less than those above.</p>}
    </div>
  );
}
