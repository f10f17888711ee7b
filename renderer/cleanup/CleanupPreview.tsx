// The plan before confirming: the engine's totals, then every file of every cluster in scope with
// what happens to it (kept, removed, or refused and why), how it relates to the copy it
// duplicates, its similarity, size and path. A long plan is virtualized and fetched a page of
// clusters at a time as it scrolls. Confirming runs exactly this plan (its id), nothing else.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { formatBytes, formatCount, formatPercent, plural } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import { kindDescriptions } from '../clusters/clusterLabels.ts';
import type { PlanCluster, PlanFile } from '../engine/contractTypes.ts';
import { baseName, folderName } from '../format/paths.ts';
import { useShingle } from '../store/useShingle.ts';
import { describeRule } from './cleanupRules.ts';

const relationLabels: Record<PlanFile['relation'], string> = {
  kept: 'Stays',
  copy: 'Identical copy',
  'same-text': 'Same text, other format',
  edited: 'Edited version',
  excerpt: 'Excerpt',
  container: 'Contains the others',
};

type Row = { cluster: PlanCluster; file?: PlanFile };

/** Two lines: the name and why, then the folder. */
const ROW_HEIGHT_REM = 2.75;

function rowsOf(clusters: readonly PlanCluster[]): Row[] {
  return clusters.flatMap((cluster) => [{ cluster }, ...cluster.files.map((file) => ({ cluster, file }))]);
}

function PlanRow({ row, deleting }: { row: Row; deleting: boolean }) {
  const { cluster, file } = row;
  if (!file) {
    return (
      <div role="row" className="plan-cluster">
        <span role="columnheader">
          {kindDescriptions[cluster.kind]} · {formatCount(cluster.files.length)} files
        </span>
      </div>
    );
  }
  const decision = file.decision === 'remove' ? (deleting ? 'Delete' : 'Trash') : file.decision === 'keep' ? 'Keep' : 'Refused';
  return (
    <div role="row" className={`plan-file decision-${file.decision}`} data-decision={file.decision} data-path={file.path}>
      <span role="cell" className="plan-decision">
        {decision}
      </span>
      <span role="cell" className="plan-relation">
        {relationLabels[file.relation]}
      </span>
      <span role="cell" className="plan-similarity numeric">
        {file.similarity !== undefined && file.relation !== 'copy' && file.relation !== 'same-text' ? formatPercent(file.similarity) : ''}
      </span>
      <span role="cell" className="plan-size numeric">
        {formatBytes(file.size)}
      </span>
      <span role="cell" className="plan-path" title={file.reason ? `${displayPath(file.path)}: ${file.reason}` : displayPath(file.path)}>
        <span className="plan-line">
          <strong>{baseName(file.path)}</strong>
          {file.reason && <span className="plan-reason"> — {file.reason}</span>}
        </span>
        <span className="plan-line plan-folder">{folderName(file.path)}</span>
      </span>
    </div>
  );
}

function PlanFiles({ deleting }: { deleting: boolean }) {
  const clusters = useShingle((s) => s.cleanupPlanClusters);
  const clusterCount = useShingle((s) => s.cleanupPreview?.clusterCount ?? 0);
  const loadMorePlan = useShingle((s) => s.loadMorePlan);
  const scrollElement = useRef<HTMLDivElement>(null);
  const [rowHeight] = useState(() => ROW_HEIGHT_REM * parseFloat(getComputedStyle(document.documentElement).fontSize || '16'));
  const rows = rowsOf(clusters);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollElement.current, estimateSize: () => rowHeight, overscan: 20 });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? 0;
  const more = clusters.length < clusterCount;

  useEffect(() => {
    if (more && lastShown >= rows.length - 40) void loadMorePlan();
  }, [more, lastShown, rows.length, loadMorePlan]);

  return (
    <div ref={scrollElement} className="plan-scroll" role="table" aria-label="Every file in the plan" aria-rowcount={more ? -1 : rows.length + 1}>
      <div role="rowgroup" className="plan-head">
        <div role="row">
          <span role="columnheader">Decision</span>
          <span role="columnheader">Kind</span>
          <span role="columnheader" className="numeric">
            Similar
          </span>
          <span role="columnheader" className="numeric">
            Size
          </span>
          <span role="columnheader">File</span>
        </div>
      </div>
      <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => (
          <div key={item.key} className="plan-row" style={{ position: 'absolute', top: 0, left: 0, right: 0, height: item.size, transform: `translateY(${item.start}px)` }}>
            <PlanRow row={rows[item.index]!} deleting={deleting} />
          </div>
        ))}
      </div>
    </div>
  );
}

export function CleanupPreview() {
  const preview = useShingle((s) => s.cleanupPreview);
  const request = useShingle((s) => s.cleanupRequest);
  const applyCleanup = useShingle((s) => s.applyCleanup);
  const editCleanup = useShingle((s) => s.editCleanup);
  const [understood, setUnderstood] = useState(false);
  if (!preview || !request) return null;
  const deleting = preview.action === 'delete';
  const { files, bytes, refused } = preview.totals;
  const kinds = ['identical copies', 'the same text in other formats', ...(preview.include.includes('near') ? ['edited versions'] : []), ...(preview.include.includes('contained') ? ['excerpts'] : [])];

  return (
    <section className="cleanup-confirm" aria-label="Preview">
      <dl className="cleanup-summary">
        <dt>Files to remove</dt>
        <dd data-testid="cleanup-files">{formatCount(files)}</dd>
        <dt>Space reclaimed</dt>
        <dd>{formatBytes(bytes)}</dd>
        <dt>Clusters</dt>
        <dd data-testid="cleanup-clusters">
          {formatCount(preview.clusterCount)} in scope, {formatCount(preview.totals.clusters)} touched
        </dd>
        <dt>Decided by</dt>
        <dd>{describeRule(request.rules, request.useMarks)}</dd>
        <dt>May remove</dt>
        <dd>{kinds.join(', ')}</dd>
        <dt>Action</dt>
        <dd>{deleting ? 'Delete permanently' : 'Move to the trash'}</dd>
        <dt>Refused</dt>
        <dd data-testid="cleanup-refused">{formatCount(refused)}</dd>
      </dl>
      <PlanFiles deleting={deleting} />
      {deleting && (
        <label className="cleanup-check cleanup-warning">
          <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
          I understand these files are deleted permanently and cannot be restored
        </label>
      )}
      <div className="cleanup-actions">
        <button type="button" className="button" onClick={editCleanup}>
          Back
        </button>
        <button type="button" className="button primary" disabled={files === 0 || (deleting && !understood)} onClick={() => void applyCleanup()}>
          {deleting ? `Delete ${plural(files, 'file')} permanently` : `Move ${plural(files, 'file')} to the trash`}
        </button>
      </div>
    </section>
  );
}
