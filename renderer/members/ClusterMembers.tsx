// A near or contained cluster's files: the member table (the default for more than four files)
// or the documents side by side (the default for up to four), with a switch between them. Side
// by side shows the files ticked in the table, else the most different pair.
import { useEffect } from 'react';
import type { Cluster } from '../../shared/report.ts';
import { DocumentComparison } from '../review/DocumentComparison.tsx';
import { MemberTable } from './MemberTable.tsx';
import { compareTicked, MAX_COMPARED, setMode, setOrder, useCompared, useMode, usePicked } from './memberView.ts';

function TableBar({ cluster }: { cluster: Cluster }) {
  const picked = usePicked(cluster);
  return (
    <div className="members-bar">
      <p className="hint">
        {picked.length >= 2
          ? `${picked.length} files ticked to compare.`
          : `Tick two to ${MAX_COMPARED} files to read them side by side${cluster.files.length > MAX_COMPARED ? ', or open the most different pair' : ''}.`}
      </p>
      <button type="button" className="button small" onClick={() => compareTicked(cluster)}>
        {picked.length >= 2 ? 'Compare the ticked files' : 'Side by side'}
      </button>
    </div>
  );
}

export function ClusterMembers({ cluster }: { cluster: Cluster }) {
  const mode = useMode(cluster);
  const compared = useCompared(cluster);
  const comparedKey = compared.join(',');

  useEffect(() => {
    if (mode === 'columns') setOrder(cluster, comparedKey.split(',').map(Number));
  }, [cluster, mode, comparedKey]);

  if (mode === 'columns') {
    const toTable = (
      <button type="button" className="button small" onClick={() => setMode(cluster, 'table')}>
        All {cluster.files.length} files
      </button>
    );
    return <DocumentComparison key={cluster.id} cluster={cluster} members={compared} viewSwitch={toTable} />;
  }
  return (
    <div className="members-view">
      <TableBar cluster={cluster} />
      <MemberTable cluster={cluster} picking />
    </div>
  );
}
