// One row of the cluster list: what the cluster is, where its files are (the folders that tell
// them apart), and how much it frees.
import { memo } from 'react';
import { formatBytes } from '../../shared/format.ts';
import type { Cluster } from '../../shared/report.ts';
import { displayPath } from '../../shared/fsName.ts';
import { MiddleName } from '../format/MiddleName.tsx';
import { distinguishingFolders } from '../format/folderLabels.ts';
import { baseName, folderName } from '../format/paths.ts';
import { useShingle } from '../store/useShingle.ts';
import { kindLabels, similarityLabel } from './clusterLabels.ts';

interface ClusterRowProps {
  cluster: Cluster;
}

function MarkSummary({ clusterId }: { clusterId: string }) {
  const marks = useShingle((s) => s.marks[clusterId]);
  if (!marks) return null;
  const values = Object.values(marks);
  const deletions = values.filter((m) => m === 'delete').length;
  return <span className={`row-marks${deletions > 0 ? ' has-deletions' : ''}`}>{deletions > 0 ? `${deletions} to delete` : `${values.length} kept`}</span>;
}

export const ClusterRow = memo(function ClusterRow({ cluster }: ClusterRowProps) {
  const first = cluster.files[0];
  const names = cluster.files.map((f) => baseName(f.path));
  // Where the files are, each place once (the first folder that tells them apart): where copies
  // share a name, this is what tells them apart.
  const folders = [...new Set(distinguishingFolders(cluster.files.map((f) => f.path)).map((label) => label.split('/')[0]))].join(', ');
  return (
    <>
      <span className="row-main">
        <span className={`kind-badge kind-${cluster.kind}`}>{kindLabels[cluster.kind]}</span>
        {first ? <MiddleName className="row-title" name={names[0]!} others={names} highlight title={displayPath(first.path)} /> : <span className="row-title">{cluster.id}</span>}
        <span className="row-size">{formatBytes(cluster.reclaimable)}</span>
      </span>
      <span className="row-sub">
        <span className="row-files">
          {cluster.files.length} files{cluster.kind === 'exact' ? '' : ` · ${similarityLabel(cluster)}`}
        </span>
        {first && <MiddleName className="row-folder" kind="folder" name={folders} title={[...new Set(cluster.files.map((f) => folderName(f.path)))].join('\n')} />}
        <MarkSummary clusterId={cluster.id} />
      </span>
    </>
  );
});
