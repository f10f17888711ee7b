// One row of the cluster list: what the cluster is, where its files are (the folders that tell
// them apart), and how much it frees.
import { memo } from 'react';
import { formatBytes, plural } from '../../shared/format.ts';
import { deleteMarkOutcomes } from '../../shared/marks/markOutcomes.ts';
import type { Cluster } from '../../shared/report.ts';
import { displayPath } from '../../shared/fsName.ts';
import { MiddleName } from '../format/MiddleName.tsx';
import { distinguishingFolders } from '../format/folderLabels.ts';
import { baseName, folderName } from '../format/paths.ts';
import { includedKinds, includeLabels } from '../marks/bulkSteps.ts';
import { useShingle } from '../store/useShingle.ts';
import { kindLabels, similarityLabel } from './clusterLabels.ts';

interface ClusterRowProps {
  cluster: Cluster;
}

/**
 * The cluster's marks as the clean-up will take them: the Delete marks that act, by the rule the
 * counts line and the plan follow (deleteMarkOutcomes), and those that need a kind included.
 */
function MarkSummary({ cluster }: { cluster: Cluster }) {
  const marks = useShingle((s) => s.marks[cluster.id]);
  const includeNear = useShingle((s) => s.cleanupDraft.includeNear);
  const includeContained = useShingle((s) => s.cleanupDraft.includeContained);
  if (!marks) return null;
  const outcomes = [...deleteMarkOutcomes(cluster, marks, includedKinds({ includeNear, includeContained })).values()];
  const going = outcomes.filter((outcome) => outcome === 'goes').length;
  const staying = outcomes.length - going;
  const stay = `stay${staying === 1 ? 's' : ''}`;
  // Short: the row's folders share its line.
  const text = outcomes.length === 0 ? `${Object.keys(marks).length} kept` : going === 0 ? `${staying} marked, ${stay}` : `${going} to delete${staying > 0 ? ` · ${staying} ${stay}` : ''}`;
  const needed = [...new Set(outcomes.filter((outcome) => outcome !== 'goes'))].map((kind) => `“${includeLabels[kind]}”`).join(' or ');
  const why = staying > 0 ? `${plural(staying, 'file')} marked Delete ${stay} unless ${needed} is ticked in the clean-up` : undefined;
  return (
    <span className={`row-marks${going > 0 ? ' has-deletions' : ''}`} title={why}>
      {text}
    </span>
  );
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
        <MarkSummary cluster={cluster} />
      </span>
    </>
  );
});
