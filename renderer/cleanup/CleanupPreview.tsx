// The plan before confirming: the engine's totals, then every file of every cluster in scope with
// what happens to it (kept, removed, or refused and why), how it relates to the copy it
// duplicates, its similarity, size and path. A long plan is virtualized and fetched a page of
// clusters at a time as it scrolls. Confirming runs exactly this plan (its id), nothing else.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatBytes, formatCount, formatPercent, plural } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import { escapeLookAlike, findLookAlikes } from '../../shared/text/lookAlikeNames.ts';
import { kindDescriptions } from '../clusters/clusterLabels.ts';
import type { FolderPlan, PlanCluster, PlanFile } from '../engine/contractTypes.ts';
import { actionButton, actionPreview, actionRowWords, linkConsequence } from '../format/actionWords.ts';
import { MiddleName } from '../format/MiddleName.tsx';
import { baseName, folderName } from '../format/paths.ts';
import { useShingle } from '../store/useShingle.ts';
import { describeRule } from './cleanupRules.ts';

const relationLabels: Record<PlanFile['relation'], string> = {
  kept: 'Stays',
  copy: 'Identical copy',
  'same-text': 'Same text',
  edited: 'Edited version',
  excerpt: 'Excerpt',
  container: 'Contains the others',
  'same-words': 'Same words, edited',
};

/** A folder clean-up's files that stay, after its clusters: only there, edited versions, other names. */
type StayingFile = FolderPlan['staying'][number];
/** `lookAlike`: the escaped form of a file whose name looks like another of its cluster's (lookAlikeNames.ts). */
type Row = { cluster: PlanCluster; file?: PlanFile; lookAlike?: string } | { folder: FolderPlan; staying?: StayingFile };

const stayingLabels: Record<StayingFile['state'], string> = {
  'only-here': 'Only here',
  changed: 'Edited version',
  matched: 'Hard link',
};

/**
 * Two lines: the name, then the folder; a file a move takes has a third, where it lands; then why
 * it is kept, refused or linked, on lines of its own (one, or two for a long reason), so that a
 * refusal is read whole rather than cut after its first words.
 */
const ROW_HEIGHT_REM = 2.75;
const EXTRA_LINE_REM = 1;
// Past this many characters a reason takes two lines, wrapped at spaces (and cut after the second).
const ONE_LINE_REASON = 64;

/** Why the file is decided so, as its row says it: a hard link makes one file of two names, said naming the other. */
function rowReason(file: PlanFile, linking: boolean): string | undefined {
  return linking && file.decision === 'remove' && file.matches !== undefined ? linkConsequence(baseName(file.matches)) : file.reason;
}

/** The lines a row takes beyond the two every row has: where a move lands, and why. */
function extraLines(reason: string | undefined, lands: boolean): number {
  return (lands ? 1 : 0) + (reason === undefined ? 0 : reason.length > ONE_LINE_REASON ? 2 : 1);
}

function rowsOf(clusters: readonly PlanCluster[], folder: FolderPlan | undefined): Row[] {
  const stays: Row[] = folder && folder.staying.length > 0 ? [{ folder }, ...folder.staying.map((staying) => ({ folder, staying }))] : [];
  const clusterRows = clusters.flatMap((cluster) => {
    const lookAlikes = findLookAlikes(cluster.files.map((file) => file.path));
    return [{ cluster }, ...cluster.files.map((file) => ({ cluster, file, ...(lookAlikes.has(file.path) ? { lookAlike: lookAlikes.get(file.path)! } : {}) }))];
  });
  return [...clusterRows, ...stays];
}

function StayingRow({ folder, staying }: { folder: FolderPlan; staying?: StayingFile }) {
  if (!staying) {
    return (
      <div role="row" className="plan-cluster">
        <span role="columnheader">
          Stays in {displayPath(folder.cleaned)}/ · {plural(folder.staying.length, 'file')} with no copy in {displayPath(folder.kept)}/
        </span>
      </div>
    );
  }
  return (
    <div role="row" className="plan-file decision-keep" data-decision="keep" data-path={staying.path}>
      <span role="cell" className="plan-decision">
        Keep
      </span>
      <span role="cell" className="plan-relation">
        {stayingLabels[staying.state]}
      </span>
      <span role="cell" className="plan-similarity numeric" />
      <span role="cell" className="plan-size numeric">
        {staying.size === undefined ? '' : formatBytes(staying.size)}
      </span>
      <span role="cell" className="plan-path" title={`${displayPath(staying.path)}: ${staying.reason}`}>
        <span className="plan-line">
          <strong>{baseName(staying.path)}</strong>
        </span>
        <span className="plan-line plan-folder">{folderName(staying.path)}</span>
        <span className="plan-reason">{staying.reason}</span>
      </span>
    </div>
  );
}

function PlanRow({ row, removal, linking }: { row: Row; removal: string; linking: boolean }) {
  if ('folder' in row) return <StayingRow folder={row.folder} {...(row.staying ? { staying: row.staying } : {})} />;
  const { cluster, file, lookAlike } = row;
  if (!file) {
    return (
      <div role="row" className="plan-cluster">
        <span role="columnheader">
          {kindDescriptions[cluster.kind]} · {formatCount(cluster.files.length)} files
        </span>
      </div>
    );
  }
  const decision = file.decision === 'remove' ? removal : file.decision === 'keep' ? 'Keep' : 'Refused';
  const reason = rowReason(file, linking);
  const measured = file.similarity !== undefined && file.relation !== 'copy' && file.relation !== 'same-text';
  const figure = measured ? `${file.atLeast ? 'at least ' : ''}${formatPercent(file.similarity!)} ${file.relation === 'excerpt' ? 'contained in' : 'similar to'}` : undefined;
  return (
    <div role="row" className={`plan-file decision-${file.decision}`} data-decision={file.decision} data-path={file.path}>
      <span role="cell" className="plan-decision">
        {decision}
      </span>
      <span role="cell" className="plan-relation" title={figure === undefined || file.matches === undefined ? undefined : `${figure} ${displayPath(file.matches)}`}>
        <span className="plan-line">{relationLabels[file.relation]}</span>
        {/* The figure is to this file, which may not be the kept file shown first (several stay). */}
        {figure !== undefined && file.matches !== undefined && <span className="plan-line plan-folder">of {baseName(file.matches)}</span>}
      </span>
      <span role="cell" className="plan-similarity numeric">
        {figure === undefined ? '' : `${file.atLeast ? '≥ ' : ''}${formatPercent(file.similarity!)}`}
      </span>
      <span role="cell" className="plan-size numeric">
        {formatBytes(file.size)}
      </span>
      <span role="cell" className="plan-path" title={[displayPath(file.path), lookAlike && `looks like another name here; written out: ${lookAlike}`, reason].filter(Boolean).join(': ')}>
        <span className="plan-line">
          <strong>{baseName(file.path)}</strong>
          {/* Two names that print the same (NFC and NFD, an invisible character) read apart by their code points. */}
          {lookAlike !== undefined && ' '}
          {lookAlike !== undefined && (
            <span className="plan-lookalike" data-testid="plan-lookalike">
              <span className="plan-lookalike-mark">look-alike name</span> <span className="plan-lookalike-code">{escapeLookAlike(baseName(file.path))}</span>
            </span>
          )}
        </span>
        <span className="plan-line plan-folder">{folderName(file.path)}</span>
        {/* The final path, folders below the target and a number if the name is taken: as the dry run prints it. */}
        {file.lands !== undefined && (
          <span className="plan-line plan-folder plan-lands" data-testid="plan-lands">
            <span aria-hidden="true">→&nbsp;</span>
            <span className="visually-hidden">moves to </span>
            <MiddleName name={displayPath(file.lands)} />
          </span>
        )}
        {reason && (
          <span className="plan-reason" data-testid="plan-reason">
            {reason}
          </span>
        )}
      </span>
    </div>
  );
}

function PlanFiles({ removal, linking }: { removal: string; linking: boolean }) {
  const clusters = useShingle((s) => s.cleanupPlanClusters);
  const clusterCount = useShingle((s) => s.cleanupPreview?.clusterCount ?? 0);
  const folder = useShingle((s) => s.cleanupPreview?.folder);
  const loadMorePlan = useShingle((s) => s.loadMorePlan);
  const scrollElement = useRef<HTMLDivElement>(null);
  const [rowHeight] = useState(() => ROW_HEIGHT_REM * parseFloat(getComputedStyle(document.documentElement).fontSize || '16'));
  const more = clusters.length < clusterCount;
  // The staying files come once every cluster is loaded, so loading never moves them.
  // Made once per page of the plan, not on every scroll frame the virtual list renders.
  const rows = useMemo(() => rowsOf(clusters, more ? undefined : folder), [clusters, more, folder]);
  const heightOf = (index: number) => {
    const row = rows[index];
    const extra = row && 'file' in row && row.file ? extraLines(rowReason(row.file, linking), row.file.lands !== undefined) : row && 'staying' in row && row.staying ? extraLines(row.staying.reason, false) : 0;
    return rowHeight * ((ROW_HEIGHT_REM + extra * EXTRA_LINE_REM) / ROW_HEIGHT_REM);
  };
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollElement.current, estimateSize: heightOf, overscan: 20 });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? 0;

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
            <PlanRow row={rows[item.index]!} removal={removal} linking={linking} />
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
  const closeCleanup = useShingle((s) => s.closeCleanup);
  const declined = useShingle((s) => s.cleanupDeclined);
  const [understood, setUnderstood] = useState(false);
  if (!preview || (!request && !preview.folder)) return null;
  const { folder } = preview;
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
        <dd>{folder ? `Folder clean-up: the copies in ${displayPath(folder.cleaned)}/ of files in ${displayPath(folder.kept)}/` : request ? describeRule(request.rules, request.useMarks) : ''}</dd>
        <dt>May remove</dt>
        <dd>{kinds.join(', ')}</dd>
        <dt>Action</dt>
        <dd data-testid="cleanup-action">{actionPreview(preview.action, preview.moveTo)}</dd>
        {preview.notes && preview.notes.length > 0 && (
          <>
            <dt>Not checked</dt>
            <dd data-testid="cleanup-notes">{preview.notes.join('; ')}</dd>
          </>
        )}
        <dt>Refused</dt>
        <dd data-testid="cleanup-refused">{formatCount(refused)}</dd>
        {folder && (
          <>
            <dt>Stays</dt>
            <dd data-testid="cleanup-staying">{plural(folder.staying.length, 'file')} with no copy in the other folder, listed last</dd>
          </>
        )}
      </dl>
      <PlanFiles removal={actionRowWords[preview.action]} linking={preview.action === 'hardlink'} />
      {deleting && (
        <label className="cleanup-check cleanup-warning">
          <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
          I understand these files are deleted permanently and cannot be restored
        </label>
      )}
      {declined && (
        <p className="note warning" role="status">
          You did not confirm the permanent deletion: nothing was deleted.
        </p>
      )}
      <div className="cleanup-actions">
        {/* A folder clean-up has no choices to go back to. */}
        <button type="button" className="button" onClick={folder ? closeCleanup : editCleanup}>
          {folder ? 'Cancel' : 'Back'}
        </button>
        <button type="button" className="button primary" disabled={files === 0 || (deleting && !understood)} onClick={() => void applyCleanup()}>
          {actionButton(preview.action, plural(files, 'file'))}
        </button>
      </div>
    </section>
  );
}
