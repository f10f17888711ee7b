// The head of one document's column: name and the folder that tells it from the others, how it
// compares, the marks, and (unless the cards are folded to leave the texts room) size, date,
// its full path and the open buttons.
import { formatBytes } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import { formatDate, formatLabels } from '../clusters/clusterLabels.ts';
import { comparison } from './fileComparison.ts';
import type { ComparisonProps } from './fileComparison.ts';
import { MiddleName } from '../format/MiddleName.tsx';
import { baseName, folderName } from '../format/paths.ts';
import { MarkButtons, OpenButtons, useFileMark } from './FileActions.tsx';
import { PathField } from './PathField.tsx';

interface FileCardProps extends ComparisonProps {
  /** The folders that tell the cluster's files apart (distinguishingFolders). */
  folders: readonly string[];
  onMakeBase(): void;
}

export function FileCard(props: FileCardProps) {
  const { cluster, fileIndex, base, details, folders, onMakeBase } = props;
  const file = cluster.files[fileIndex]!;
  const { mark, reference } = useFileMark(cluster, fileIndex);
  const name = baseName(file.path);
  return (
    <header className={`file-card${mark ? ` marked-${mark}` : ''}`}>
      <div className="file-card-title">
        <h3 className="file-name">
          <MiddleName name={name} others={cluster.files.map((f) => baseName(f.path))} title={displayPath(file.path)} />
        </h3>
        {reference && <span className="tag">reference</span>}
        {file.scanned && (
          <span className="tag" title="A scan: its text was read with OCR, so misread words lower its figure">
            scan
          </span>
        )}
        {mark && <span className={`mark-tag ${mark}`}>{mark === 'keep' ? 'Keep' : 'Delete'}</span>}
      </div>
      <p className="file-folder">
        <span className="folder-in">in</span>
        <MiddleName kind="folder" name={folders[fileIndex] ?? ''} others={folders} highlight title={folderName(file.path)} />
      </p>
      <p className="file-compare">
        <span>{comparison(props)}</span>
        {fileIndex !== base && (
          <button type="button" className="link-button" aria-label={`Compare the others with ${name}`} onClick={onMakeBase}>
            Use as base
          </button>
        )}
      </p>
      {details && (
        <>
          <p className="file-meta">
            {file.format && <span className="format-tag">{formatLabels[file.format]}</span>}
            <span>{formatBytes(file.size)}</span>
            <span>
              <span className="visually-hidden">Modified </span>
              {formatDate(file.mtime)}
            </span>
          </p>
          <PathField path={file.path} name={name} />
        </>
      )}
      <div className="file-card-actions">
        <MarkButtons cluster={cluster} fileIndex={fileIndex} label={props.names[fileIndex]} />
        {details && <OpenButtons cluster={cluster} fileIndex={fileIndex} label={props.names[fileIndex]} />}
      </div>
    </header>
  );
}
