// A list of folders the engine keeps (scan roots or reference folders): added through the
// host's folder picker or by dropping folders from the file manager on the list, removed here.
import { useState } from 'react';
import type { DragEvent } from 'react';
import { displayPath } from '../../shared/fsName.ts';
import type { FolderPurpose } from '../engine/contractTypes.ts';
import { useShingle } from '../store/useShingle.ts';

interface FolderListProps {
  purpose: FolderPurpose;
  title: string;
  description: string;
  emptyText: string;
  addLabel: string;
}

export function FolderList({ purpose, title, description, emptyText, addLabel }: FolderListProps) {
  const folders = useShingle((s) => s.settings?.[purpose]);
  const chooseFolders = useShingle((s) => s.chooseFolders);
  const removeFolder = useShingle((s) => s.removeFolder);
  const addDroppedFolders = useShingle((s) => s.addDroppedFolders);
  const [dropping, setDropping] = useState(false);
  const headingId = `${purpose}-heading`;

  function onDragOver(event: DragEvent) {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDropping(true);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDropping(false);
    void addDroppedFolders(purpose, [...event.dataTransfer.files]);
  }

  return (
    <section
      className={`panel drop-zone${dropping ? ' dropping' : ''}`}
      aria-labelledby={headingId}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
      }}
      onDrop={onDrop}
    >
      <div className="panel-head">
        <div>
          <h2 id={headingId}>{title}</h2>
          <p className="hint">{description} Add them here or drop them from your file manager.</p>
        </div>
        <button type="button" className="button" onClick={() => void chooseFolders(purpose)}>
          {addLabel}
        </button>
      </div>
      {folders && folders.length > 0 ? (
        <ul className="folder-list" aria-labelledby={headingId}>
          {folders.map((folder) => (
            <li key={folder} className="folder-row">
              <span className="folder-icon" aria-hidden="true" />
              <span className="folder-path" title={displayPath(folder)}>
                {displayPath(folder)}
              </span>
              <button
                type="button"
                className="button quiet small"
                aria-label={`Remove ${displayPath(folder)}`}
                onClick={() => void removeFolder(purpose, folder)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-note">{emptyText}</p>
      )}
    </section>
  );
}
