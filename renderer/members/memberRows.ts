// The member table's rows: what each file of a cluster is, where it is, and how it relates to
// the others (its similarity to the file it matches; the member it has the same bytes or text
// as). Sorting keeps byte copies together under the text they share: groups move as a whole,
// ordered by their first row, and rows sort within them.
import { formatPercent, percentOf } from '../../shared/format.ts';
import type { Cluster, DocumentFormat } from '../../shared/report.ts';
import { memberGroups } from '../../shared/selection/fileRelations.ts';
import type { Mark } from '../engine/contractTypes.ts';
import { distinguishingFolders } from '../format/folderLabels.ts';
import { distinctNames } from '../format/nameParts.ts';
import { baseName } from '../format/paths.ts';

export const memberColumns = ['mark', 'name', 'folder', 'format', 'size', 'modified', 'words', 'similarity', 'sameAs'] as const;
export type MemberColumn = (typeof memberColumns)[number];
export type SortDirection = 'ascending' | 'descending';
export interface MemberSort {
  column: MemberColumn;
  direction: SortDirection;
}

export interface MemberRow {
  index: number;
  path: string;
  name: string;
  /** The folder as much as tells it from the other members' (distinguishingFolders). */
  folder: string;
  /** The name with as many folders as tell it apart (distinctNames), to refer to it. */
  label: string;
  format: DocumentFormat | undefined;
  size: number;
  mtime: number;
  words: number | undefined;
  /** The figure sorted on: 1 where identical, none for the file the others are measured to. */
  similarity: number | undefined;
  /** "identical", a floored percentage (never 100 % unless identical), or empty. */
  similarityText: string;
  /** The member its figure is to, when that is not the first file. */
  matchedLabel: string | undefined;
  /**
   * The earlier member with the same bytes (or the same text in another form), named by its
   * folder where it has this file's name, else by its name.
   */
  sameAs: { kind: 'bytes' | 'text'; index: number; label: string; by: 'folder' | 'name' } | null;
  textGroup: number;
  byteGroup: number;
}

/** A figure below identical never reads 100 %: floored, and at most 99 %. */
export function similarityText(fraction: number, identical: boolean): string {
  if (identical) return 'identical';
  return percentOf(fraction) >= 100 ? '99%' : formatPercent(fraction);
}

export function memberRows(cluster: Cluster): MemberRow[] {
  const paths = cluster.files.map((f) => f.path);
  const folders = distinguishingFolders(paths);
  const labels = distinctNames(paths);
  const { bytes, text } = memberGroups(cluster);
  return cluster.files.map((file, i) => {
    const identical = cluster.kind === 'exact' || file.identical !== undefined;
    const matched = file.matches === undefined ? 0 : Math.max(0, paths.indexOf(file.matches));
    const figure = identical ? 1 : i === 0 ? undefined : file.similarity;
    const sameName = (j: number) => baseName(paths[j]!) === baseName(file.path);
    const sameAs = bytes[i] !== i ? { kind: 'bytes' as const, index: bytes[i]! } : text[i] !== i ? { kind: 'text' as const, index: text[i]! } : null;
    return {
      index: i,
      path: file.path,
      name: baseName(file.path),
      folder: folders[i]!,
      label: labels[i]!,
      format: file.format,
      size: file.size,
      mtime: file.mtime,
      words: file.words,
      similarity: figure,
      similarityText: figure === undefined ? '' : `${file.estimated && !identical ? '≈' : ''}${similarityText(figure, identical)}${cluster.kind === 'contained' && !identical ? ' inside' : ''}`,
      matchedLabel: i > 0 && !identical && matched !== 0 ? labels[matched] : undefined,
      sameAs: sameAs && (sameName(sameAs.index) ? { ...sameAs, label: folders[sameAs.index]!, by: 'folder' } : { ...sameAs, label: baseName(paths[sameAs.index]!), by: 'name' }),
      textGroup: text[i]!,
      byteGroup: bytes[i]!,
    };
  });
}

const markOrder = { keep: 0, none: 1, delete: 2 } as const;

function sortKey(row: MemberRow, column: MemberColumn, marks: Record<string, Mark> | undefined): string | number | undefined {
  switch (column) {
    case 'mark':
      return markOrder[marks?.[row.path] ?? 'none'];
    case 'name':
      return row.name;
    case 'folder':
      return row.folder;
    case 'format':
      return row.format;
    case 'size':
      return row.size;
    case 'modified':
      return row.mtime;
    case 'words':
      return row.words;
    case 'similarity':
      return row.similarity;
    case 'sameAs':
      return row.sameAs ? `${row.sameAs.kind} ${row.sameAs.label}` : undefined;
  }
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareKeys(a: string | number | undefined, b: string | number | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
}

/** Blank values last in either direction; ties keep the report's order. */
export function sortMembers(rows: readonly MemberRow[], sort: MemberSort | null, marks?: Record<string, Mark>): MemberRow[] {
  const sign = sort?.direction === 'descending' ? -1 : 1;
  const sorted = sort
    ? [...rows].sort((a, b) => {
        const ka = sortKey(a, sort.column, marks);
        const kb = sortKey(b, sort.column, marks);
        if (ka === undefined || kb === undefined) return compareKeys(ka, kb) || a.index - b.index;
        return sign * compareKeys(ka, kb) || a.index - b.index;
      })
    : [...rows];
  // Each text group, then each byte group inside it, where its first row falls.
  const rank = (key: (row: MemberRow) => number) => {
    const first = new Map<number, number>();
    sorted.forEach((row, at) => void (first.has(key(row)) || first.set(key(row), at)));
    return (row: MemberRow) => first.get(key(row))!;
  };
  const textRank = rank((r) => r.textGroup);
  const byteRank = rank((r) => r.byteGroup);
  const position = new Map(sorted.map((row, at) => [row, at]));
  return sorted.sort((a, b) => textRank(a) - textRank(b) || byteRank(a) - byteRank(b) || position.get(a)! - position.get(b)!);
}

/**
 * The pair the side-by-side view opens on in a large cluster: the member least similar to the
 * file it matches, with that file (the engine's own measure, at hand before any text is read).
 */
export function mostDifferentPair(cluster: Cluster): [number, number] {
  const paths = cluster.files.map((f) => f.path);
  let least: number | null = null;
  cluster.files.forEach((file, i) => {
    if (i === 0 || file.identical !== undefined || file.similarity === undefined) return;
    if (least === null || file.similarity < cluster.files[least]!.similarity!) least = i;
  });
  if (least === null) return [0, Math.min(1, cluster.files.length - 1)];
  const matched = Math.max(0, paths.indexOf(cluster.files[least]!.matches ?? paths[0]!));
  return matched < least ? [matched, least] : [least, matched];
}
