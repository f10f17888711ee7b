// The folder filter: a searchable list of the folders that hold clustered files (asked of the
// engine when the field is focused). Picking one shows only clusters with a file below it.
import { plural } from '../../shared/format.ts';
import { useEffect, useState } from 'react';
import { displayPath } from '../../shared/fsName.ts';
import { useShingle } from '../store/useShingle.ts';

const LIST_ID = 'cluster-folders';

export function FolderFilter() {
  const folder = useShingle((s) => s.filters.folder);
  const folders = useShingle((s) => s.clusterFolders);
  const loadClusterFolders = useShingle((s) => s.loadClusterFolders);
  const setFilters = useShingle((s) => s.setFilters);
  const [text, setText] = useState(folder ? displayPath(folder) : '');

  useEffect(() => setText(folder ? displayPath(folder) : ''), [folder]);

  function onChange(value: string) {
    setText(value);
    if (!value) return void setFilters({ folder: null });
    // Only a folder from the list filters: the engine never gets a path typed by hand.
    const chosen = folders?.find((f) => displayPath(f.path) === value);
    if (chosen && chosen.path !== folder) void setFilters({ folder: chosen.path });
  }

  return (
    <>
      <input
        className="folder-filter"
        type="search"
        list={LIST_ID}
        aria-label="Folder"
        placeholder="All folders"
        value={text}
        maxLength={4096}
        onFocus={() => void loadClusterFolders()}
        onChange={(e) => onChange(e.target.value)}
      />
      <datalist id={LIST_ID}>
        {folders?.map((f) => (
          <option key={f.path} value={displayPath(f.path)}>
            {plural(f.clusters, 'cluster')}
          </option>
        ))}
      </datalist>
    </>
  );
}
