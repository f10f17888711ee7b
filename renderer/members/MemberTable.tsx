// Every file of a cluster in one table, to decide from without scrolling sideways: its mark,
// name, folder, format, size, date, words, similarity and the member it has the same bytes or
// text as. Sortable by every column (byte copies stay together under the text they share); the
// focused row is the one the keys act on, and shows its open/reveal actions.
import { useEffect, useMemo, useState } from 'react';
import { formatBytes, formatCount } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import type { Cluster, DocumentFormat } from '../../shared/report.ts';
import { MiddleName } from '../format/MiddleName.tsx';
import { folderName } from '../format/paths.ts';
import { MarkButtons, OpenButtons, useFileMark } from '../review/FileActions.tsx';
import { useShingle } from '../store/useShingle.ts';
import { memberColumns, memberRows, sortMembers } from './memberRows.ts';
import type { MemberColumn, MemberRow, MemberSort } from './memberRows.ts';
import { MAX_COMPARED, setOrder, togglePicked, usePicked } from './memberView.ts';

const columnLabels: Record<MemberColumn, string> = {
  mark: 'Mark',
  name: 'Name',
  folder: 'Folder',
  format: 'Format',
  size: 'Size',
  modified: 'Modified',
  words: 'Words',
  similarity: 'Similarity',
  sameAs: 'Same as',
};

const formatShort: Record<DocumentFormat, string> = { text: 'Text', html: 'HTML', pdf: 'PDF', docx: 'Word', odt: 'ODT', rtf: 'RTF', epub: 'EPUB', doc: 'DOC', pptx: 'PPTX', odp: 'ODP', xlsx: 'XLSX', ods: 'ODS', eml: 'E-mail', tiff: 'TIFF' };

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const shortDayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

interface RowProps {
  cluster: Cluster;
  row: MemberRow;
  rows: readonly MemberRow[];
  picking: boolean;
  picked: readonly string[];
}

function MemberRowView({ cluster, row, rows, picking, picked }: RowProps) {
  const focused = useShingle((s) => s.focusedFile === row.index);
  const focusFile = useShingle((s) => s.focusFile);
  const { mark, reference } = useFileMark(cluster, row.index);
  const file = cluster.files[row.index]!;
  const ticked = picked.includes(row.path);
  const date = new Date(row.mtime);
  return (
    <div
      role="row"
      data-file-index={row.index}
      aria-current={focused ? 'true' : undefined}
      aria-label={row.label}
      className={`member-row${focused ? ' focused' : ''}${mark ? ` marked-${mark}` : ''}${row.sameAs ? ' member-copy' : ''}`}
      onClick={() => focusFile(row.index)}
    >
      {picking && (
        <div role="cell" className="cell-pick">
          <input
            type="checkbox"
            checked={ticked}
            disabled={!ticked && picked.length >= MAX_COMPARED}
            aria-label={`Compare ${row.label}`}
            onChange={() => togglePicked(cluster, row.path)}
            onClick={(e) => e.stopPropagation()}
          />
        </div>
      )}
      <div role="cell" className="cell-mark">
        <MarkButtons cluster={cluster} fileIndex={row.index} label={row.label} />
      </div>
      <div role="cell" className="cell-name">
        <MiddleName className="member-name" name={row.name} others={rows.map((r) => r.name)} highlight title={displayPath(row.path)} />
        {reference && <span className="tag">reference</span>}
      </div>
      <div role="cell" className="cell-folder">
        <MiddleName className="member-folder" kind="folder" name={row.folder} others={rows.map((r) => r.folder)} highlight title={folderName(row.path)} />
      </div>
      <div role="cell" className="cell-format">
        {row.format ? formatShort[row.format] : ''}
        {/* Beside the format, not the name: the name keeps the cell's width (MiddleName). */}
        {cluster.files[row.index]?.scanned && (
          <span className="tag" title="A scan: its text was read with OCR, so misread words lower its figure">
            scan
          </span>
        )}
      </div>
      <div role="cell" className="cell-size numeric">
        {formatBytes(row.size)}
      </div>
      <div role="cell" className="cell-modified" title={date.toString()}>
        {/* The short date where the table is narrow (exactSummary.css). */}
        <span className="date-long">{dayFormat.format(date)}</span>
        <span className="date-short">{shortDayFormat.format(date)}</span> <span>{timeFormat.format(date)}</span>
      </div>
      <div role="cell" className="cell-words numeric">
        {row.words === undefined ? '' : formatCount(row.words)}
      </div>
      <div role="cell" className="cell-similarity">
        {row.similarityText || (
          <span className="hint" title="The file the others are measured against">
            —
          </span>
        )}
        {row.matchedLabel && <span className="hint"> to {row.matchedLabel}</span>}
      </div>
      <div role="cell" className="cell-same">
        {row.sameAs && (
          <>
            <span className="same-as-kind">{row.sameAs.kind === 'bytes' ? 'Same bytes as' : 'Same text as'}</span>
            <MiddleName className="same-as-name" kind={row.sameAs.by} name={row.sameAs.label} title={displayPath(cluster.files[row.sameAs.index]?.path ?? '')} />
          </>
        )}
      </div>
      {focused && (
        <div role="cell" className="cell-actions">
          <OpenButtons cluster={cluster} fileIndex={row.index} label={row.label} />
          {file.links && file.links.length > 0 && <span className="hint">Also named: {file.links.map(displayPath).join(', ')}</span>}
        </div>
      )}
    </div>
  );
}

function SortHeader({ column, sort, onSort }: { column: MemberColumn; sort: MemberSort | null; onSort(column: MemberColumn): void }) {
  const direction = sort?.column === column ? sort.direction : undefined;
  return (
    <div role="columnheader" className={`cell-${column === 'sameAs' ? 'same' : column}`} aria-sort={direction ?? 'none'}>
      <button type="button" className="sort-button" onClick={() => onSort(column)}>
        {columnLabels[column]}
        <span className="sort-arrow" aria-hidden="true">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : ''}
        </span>
      </button>
    </div>
  );
}

/** `picking`: the compare boxes (near and contained clusters, whose texts can be set side by side). */
export function MemberTable({ cluster, picking }: { cluster: Cluster; picking: boolean }) {
  const marks = useShingle((s) => s.marks[cluster.id]);
  const focusedFile = useShingle((s) => s.focusedFile);
  const picked = usePicked(cluster);
  const [sort, setSort] = useState<MemberSort | null>(null);
  const rows = useMemo(() => memberRows(cluster), [cluster]);
  const sorted = useMemo(() => sortMembers(rows, sort, marks), [rows, sort, marks]);

  useEffect(() => setOrder(cluster, sorted.map((r) => r.index)), [cluster, sorted]);
  useEffect(() => {
    if (focusedFile !== null) document.querySelector(`.member-table [data-file-index="${focusedFile}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [focusedFile]);

  function onSort(column: MemberColumn) {
    setSort((current) => (current?.column === column && current.direction === 'ascending' ? { column, direction: 'descending' } : { column, direction: 'ascending' }));
  }

  // One row group per text: its byte copies, then its other forms, together.
  const groups: MemberRow[][] = [];
  for (const row of sorted) {
    const last = groups.at(-1);
    if (last && last[0]!.textGroup === row.textGroup) last.push(row);
    else groups.push([row]);
  }

  return (
    <div role="table" className={`member-table${picking ? ' picking' : ''}`} aria-label="Files of this cluster" aria-rowcount={rows.length + 1}>
      <div role="rowgroup" className="member-head">
        <div role="row" className="member-row">
          {picking && (
            <div role="columnheader" className="cell-pick">
              <span className="visually-hidden">Compare</span>
            </div>
          )}
          {memberColumns.map((column) => (
            <SortHeader key={column} column={column} sort={sort} onSort={onSort} />
          ))}
        </div>
      </div>
      {groups.map((group) => (
        <div role="rowgroup" key={group[0]!.path} className={`member-group${group.length > 1 ? ' shared-text' : ''}`}>
          {group.map((row) => (
            <MemberRowView key={row.path} cluster={cluster} row={row} rows={rows} picking={picking} picked={picked} />
          ))}
        </div>
      ))}
    </div>
  );
}
