// Marks set many at a time: mark all, none or invert within a cluster, and a folder's files across
// clusters. One keeper per cluster: no bulk mark ever leaves a cluster with every file Delete, a
// contained cluster's container is never marked Delete, nor a file in a reference folder. Pure:
// the engine checks and applies these, the page proposes them for the clusters it shows.
import type { Cluster } from '../report.ts';
import type { KeepRule } from '../selection/keepRules.ts';
import { selectCluster } from '../selection/selectFiles.ts';

export type Mark = 'keep' | 'delete';
/** A cluster's marks by path. */
export type ClusterMarks = Readonly<Record<string, Mark>>;

export interface FileMarkChange {
  fileIndex: number;
  path: string;
  before: Mark | null;
  after: Mark | null;
}

export type MarkAllKind = 'all' | 'none' | 'invert';

function markAt(marks: ClusterMarks | undefined, path: string): Mark | null {
  return marks && Object.hasOwn(marks, path) ? marks[path]! : null;
}

/** Files that can never be marked Delete: the container of a contained cluster, and reference folders' files. */
function neverDeleted(cluster: Cluster, isReference: (path: string) => boolean): (i: number) => boolean {
  return (i) => (cluster.kind === 'contained' && i === 0) || isReference(cluster.files[i]!.path);
}

/** The changes from `marks` to `next` (by file position), those that change anything. */
function changesTo(cluster: Cluster, marks: ClusterMarks | undefined, next: readonly (Mark | null)[]): FileMarkChange[] {
  return cluster.files.flatMap((file, i) => {
    const before = markAt(marks, file.path);
    const after = next[i]!;
    return before === after ? [] : [{ fileIndex: i, path: file.path, before, after }];
  });
}

/**
 * Where every file would be Delete, the first of `candidates` (positions, best to keep first) is
 * marked Keep instead. Returns its position, or null when something already stays.
 */
function keepOne(next: (Mark | null)[], candidates: readonly number[]): number | null {
  if (next.some((mark) => mark !== 'delete')) return null;
  const spared = candidates[0] ?? 0;
  next[spared] = 'keep';
  return spared;
}

/**
 * The positions of a cluster's files, best to keep first by the keep rules, as a clean-up by those
 * rules ranks them (selectCluster: the container first, then the rules, then the path); without
 * rules, the report's order (a near cluster's first file is the one the others were measured to).
 */
function keepOrder(cluster: Cluster, rules: readonly KeepRule[]): number[] {
  if (rules.length === 0) return cluster.files.map((_, i) => i);
  const indexOf = new Map(cluster.files.map((file, i) => [file.path, i] as const));
  return (selectCluster(cluster, rules).order ?? []).map((path) => indexOf.get(path)!);
}

/**
 * One cluster's changes for "mark all" (Delete every file but the keepers: those marked Keep, the
 * container, reference folders' files, or else the file the keep rules would keep, marked Keep),
 * "none" (every mark cleared) or "invert" (Delete becomes Keep and the rest Delete, files never
 * deleted left as they are, and one kept where all would go, chosen by the same rules). `rules`:
 * the clean-up's keep criteria, so that what a bulk mark keeps is what the clean-up would keep.
 */
export function markAllChanges(kind: MarkAllKind, cluster: Cluster, marks: ClusterMarks | undefined, isReference: (path: string) => boolean, rules: readonly KeepRule[] = []): FileMarkChange[] {
  const fixed = neverDeleted(cluster, isReference);
  const current = cluster.files.map((file) => markAt(marks, file.path));
  let next: (Mark | null)[];
  if (kind === 'none') next = current.map(() => null);
  else if (kind === 'all') next = current.map((mark, i) => (fixed(i) || mark === 'keep' ? mark : 'delete'));
  else next = current.map((mark, i) => (fixed(i) ? mark : mark === 'delete' ? 'keep' : 'delete'));
  if (kind !== 'none') keepOne(next, keepOrder(cluster, rules));
  return changesTo(cluster, marks, next);
}

export interface FolderMarkResult {
  changes: FileMarkChange[];
  /** Files in the folder (or below) in this cluster. */
  inFolder: number;
  /** Files in the folder in a reference folder, never marked Delete. */
  reference: number;
  /** Position of the file kept because every file of the cluster would otherwise be Delete; null if none. */
  lastCopy: number | null;
}

/**
 * "Delete every copy here" / "keep every copy here" for one cluster: its files in the folder take
 * the mark, the others keep theirs. Delete spares the container and reference folders' files, and
 * where every file would then be Delete, keeps the first of the folder's files.
 */
export function folderMarkChanges(
  cluster: Cluster,
  marks: ClusterMarks | undefined,
  inFolder: (path: string) => boolean,
  mark: Mark,
  isReference: (path: string) => boolean,
): FolderMarkResult {
  const fixed = neverDeleted(cluster, isReference);
  const here = cluster.files.flatMap((file, i) => (inFolder(file.path) ? [i] : []));
  const next = cluster.files.map((file) => markAt(marks, file.path));
  let reference = 0;
  for (const i of here) {
    if (mark === 'delete' && isReference(cluster.files[i]!.path)) reference++;
    if (mark === 'keep' || !fixed(i)) next[i] = mark;
  }
  const lastCopy = here.length > 0 && mark === 'delete' ? keepOne(next, here) : null;
  return { changes: changesTo(cluster, marks, next), inFolder: here.length, reference, lastCopy };
}

/**
 * Why a cluster's marks (after a change) cannot be saved, or null: a bulk change is checked as a
 * whole, so it is refused rather than half made.
 */
export function marksRefusal(cluster: Cluster, marks: ClusterMarks | undefined): string | null {
  const all = cluster.files.map((file) => markAt(marks, file.path));
  if (cluster.kind === 'contained' && all[0] === 'delete') return 'the document that contains the others of its cluster always stays';
  if (all.length > 0 && all.every((mark) => mark === 'delete')) return 'every file of a cluster would be marked Delete: one must stay';
  return null;
}
