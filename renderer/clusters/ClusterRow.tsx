// One row of the cluster list: what the cluster is, where, and how much it frees.
import { memo } from 'react';
import { formatBytes } from '../../shared/format.ts';
import type { Cluster } from '../../shared/report.ts';
import { baseName, folderName } from '../format/paths.ts';
import { useShingle } from '../store/useShingle.ts';
import { kindLabels, percent } from './clusterLabels.ts';

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
  return (
    <>
      <span className="row-main">
        <span className={`kind-badge kind-${cluster.kind}`}>{kindLabels[cluster.kind]}</span>
        <span className="row-title">{first ? baseName(first.path) : cluster.id}</span>
        <span className="row-size">{formatBytes(cluster.reclaimable)}</span>
      </span>
      <span className="row-sub">
        <span className="row-files">
          {cluster.files.length} files{cluster.kind === 'exact' ? '' : ` · ${percent(cluster.similarity)}`}
        </span>
        <span className="row-folder">{first ? folderName(first.path) : ''}</span>
        <MarkSummary clusterId={cluster.id} />
      </span>
    </>
  );
});
