// The head of one document's column: name, where it is, how it compares, and what to do with it.
import { formatBytes } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import type { Cluster } from '../../shared/report.ts';
import { formatDate, formatLabels, percent } from '../clusters/clusterLabels.ts';
import { baseName } from '../format/paths.ts';
import { MarkButtons, OpenButtons, useFileMark } from './FileActions.tsx';

interface FileCardProps {
  cluster: Cluster;
  fileIndex: number;
}

function comparison(cluster: Cluster, fileIndex: number): string {
  const file = cluster.files[fileIndex]!;
  if (fileIndex === 0) return 'Base of the comparison';
  if (file.identical === 'bytes') return 'Same bytes as an earlier file';
  if (file.identical === 'text') return 'Same text as an earlier file';
  if (file.similarity === undefined) return '';
  return cluster.kind === 'contained' ? `${percent(file.similarity)} contained in the first file` : `${percent(file.similarity)} similar to the first file`;
}

export function FileCard({ cluster, fileIndex }: FileCardProps) {
  const file = cluster.files[fileIndex]!;
  const { mark, reference } = useFileMark(cluster, fileIndex);
  return (
    <header className={`file-card${mark ? ` marked-${mark}` : ''}`}>
      <div className="file-card-title">
        <h3 className="file-name" title={displayPath(file.path)}>
          {baseName(file.path)}
        </h3>
        {reference && <span className="tag">reference</span>}
        {mark && <span className={`mark-tag ${mark}`}>{mark === 'keep' ? 'Keep' : 'Delete'}</span>}
      </div>
      <p className="file-meta">
        {file.format && <span className="format-tag">{formatLabels[file.format]}</span>}
        <span>{formatBytes(file.size)}</span>
        <span>
          <span className="visually-hidden">Modified </span>
          {formatDate(file.mtime)}
        </span>
      </p>
      <p className="file-compare">{comparison(cluster, fileIndex)}</p>
      <p className="file-path">{displayPath(file.path)}</p>
      <div className="file-card-actions">
        <MarkButtons cluster={cluster} fileIndex={fileIndex} />
        <OpenButtons cluster={cluster} fileIndex={fileIndex} />
      </div>
    </header>
  );
}
