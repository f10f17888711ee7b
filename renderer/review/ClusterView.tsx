// The open cluster: what it is, then its files: for byte-identical copies a summary and the
// member table (there is no difference to show), for the others the table or the documents
// side by side (ClusterMembers).
import { formatBytes } from '../../shared/format.ts';
import { kindDescriptions, kindLabels, similarityLabel } from '../clusters/clusterLabels.ts';
import { baseName } from '../format/paths.ts';
import { ClusterMembers } from '../members/ClusterMembers.tsx';
import { useShingle } from '../store/useShingle.ts';
import { ExactSummary } from './ExactSummary.tsx';

export function ClusterView() {
  const cluster = useShingle((s) => s.cluster);
  const gone = useShingle((s) => s.clusterGone);
  const dismiss = useShingle((s) => s.dismiss);
  const removeFromResults = useShingle((s) => s.removeFromResults);

  if (!cluster) {
    return (
      <section className="cluster-view cluster-view-empty" aria-label="Cluster">
        <p className="empty-note">Choose a cluster on the left to compare its files.</p>
      </section>
    );
  }

  return (
    <section className="cluster-view" aria-labelledby="cluster-title">
      <header className="cluster-head">
        <div className="cluster-title-row">
          <span className={`kind-badge kind-${cluster.kind}`}>{kindLabels[cluster.kind]}</span>
          <h2 id="cluster-title">
            {kindDescriptions[cluster.kind]} · {cluster.files.length} files
          </h2>
          <span className="cluster-figures">
            {similarityLabel(cluster, baseName)} · <strong>{formatBytes(cluster.reclaimable)}</strong> to free
          </span>
          <button type="button" className="button quiet small" title="Hide this group, now and in later scans; Dismissed lists it to restore" onClick={() => void dismiss(cluster)}>
            Not duplicates
          </button>
          <button type="button" className="button quiet small" title="Hide this group from these results only: no file is touched, and the next scan shows it again" onClick={() => void removeFromResults(cluster)}>
            Remove from results
          </button>
        </div>
        {cluster.description && <p className="cluster-description">{cluster.description}</p>}
        {gone && (
          <p className="note warning" role="status">
            These files changed on disk and no longer form this cluster. Scan again to see where they belong now.
          </p>
        )}
      </header>
      {cluster.kind === 'exact' ? <ExactSummary cluster={cluster} /> : <ClusterMembers cluster={cluster} />}
    </section>
  );
}
