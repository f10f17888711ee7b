// The head of one document's column: name, how it compares, the marks, and (unless the cards
// are folded to leave the texts room) size, date, its full path and the open buttons.
import { formatBytes, formatPercent, plural } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import type { Cluster } from '../../shared/report.ts';
import { formatDate, formatLabels } from '../clusters/clusterLabels.ts';
import type { WordDiff } from '../diff/wordDiff.ts';
import { MiddleName } from '../format/MiddleName.tsx';
import { baseName } from '../format/paths.ts';
import { MarkButtons, OpenButtons, useFileMark } from './FileActions.tsx';
import { PathField } from './PathField.tsx';

interface FileCardProps {
  cluster: Cluster;
  fileIndex: number;
  /** Names that tell the cluster's files apart. */
  names: readonly string[];
  base: number;
  /** The member with the same words as this one, if any. */
  sameAs: number | undefined;
  /** Its diff against the base (null: too different; absent: loading or the base itself). */
  changes: WordDiff | null | undefined;
  mostDifferent: boolean;
  details: boolean;
  onMakeBase(): void;
}

/** How the file compares: with the base (from the diff), and with the first file (the engine's figure). */
function comparison({ cluster, fileIndex, names, base, sameAs, changes, mostDifferent, details }: FileCardProps): string {
  const file = cluster.files[fileIndex]!;
  if (fileIndex === base) return 'Base of the comparison';
  const parts: string[] = [];
  if (sameAs !== undefined) parts.push(`${file.identical === 'bytes' ? 'Same bytes' : 'Same text'} as ${names[sameAs]}`);
  else if (changes) parts.push(`${plural(changes.changes, 'difference')}${mostDifferent ? ', the most' : ''}`);
  if (fileIndex > 0 && file.similarity !== undefined && sameAs === undefined) {
    // A folded card says it in a few words; the first file is named when there is room.
    const than = details ? ` ${cluster.kind === 'contained' ? 'inside' : 'similar to'} ${names[0]}` : cluster.kind === 'contained' ? ' inside the first' : ' similar';
    parts.push(`${formatPercent(file.similarity)}${cluster.kind === 'contained' ? ' of it' : ''}${than}`);
  }
  return parts.join(' · ');
}

export function FileCard(props: FileCardProps) {
  const { cluster, fileIndex, base, details, onMakeBase } = props;
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
        {mark && <span className={`mark-tag ${mark}`}>{mark === 'keep' ? 'Keep' : 'Delete'}</span>}
      </div>
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
        <MarkButtons cluster={cluster} fileIndex={fileIndex} />
        {details && <OpenButtons cluster={cluster} fileIndex={fileIndex} />}
      </div>
    </header>
  );
}
