// Byte-identical copies: no diff to read, so what keeping one frees, which copy stays by the
// person's marks, and the copies in the member table.
import { formatBytes } from '../../shared/format.ts';
import type { Cluster } from '../../shared/report.ts';
import { selectWithMarks } from '../../shared/selection/selectFiles.ts';
import { distinctNames } from '../format/nameParts.ts';
import { MemberTable } from '../members/MemberTable.tsx';
import { useShingle } from '../store/useShingle.ts';

/** Which copy stays by the person's marks, decided as the clean-up decides (selectWithMarks). */
function WhichStays({ cluster }: { cluster: Cluster }) {
  const marks = useShingle((s) => s.marks[cluster.id]);
  const { act } = selectWithMarks(cluster, [], marks);
  if (act.length === 0) {
    return <p className="hint block">No copy is marked yet: mark the one to keep, or let a keep rule choose in Clean up.</p>;
  }
  // Named with their folders where copies share a name.
  const labels = distinctNames(cluster.files.map((file) => file.path));
  const stays = labels.filter((_, i) => !act.includes(cluster.files[i]!.path));
  return (
    <p className="which-stays" data-testid="which-stays">
      By your marks, {stays.length === 1 ? 'this copy stays' : `${stays.length} copies stay`}: <strong>{stays.join(', ')}</strong>
      ; {act.length === 1 ? '1 copy goes' : `${act.length} copies go`} at the next clean-up.
    </p>
  );
}

export function ExactSummary({ cluster }: { cluster: Cluster }) {
  const size = cluster.files[0]?.size ?? 0;
  return (
    <div className="exact-summary">
      <p className="lead">
        {cluster.files.length} byte-identical copies of {formatBytes(size)}. Keeping one frees {formatBytes(cluster.reclaimable)}.
      </p>
      <WhichStays cluster={cluster} />
      <MemberTable cluster={cluster} picking={false} />
    </div>
  );
}
