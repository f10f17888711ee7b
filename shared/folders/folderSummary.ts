// Where the space is: for every folder holding a clustered file (and those above it, up to the
// scan root it lies under), what removing the cluster files there would free. Defined once here,
// for the app's overview and `shingle scan --summary`:
//   A folder's figure is what removing every cluster file in it or below it frees, one file of
//   each cluster staying: the cluster's files outside the folder stay when it has any, else its
//   first file (the one the report keeps). A document that contains others (a contained
//   cluster's first file) always stays. Each removed file counts once, under how it relates to
//   what stays: a byte copy, the same text (another format), or else an edited version or excerpt.
//   A file never removed (a reference folder's, in the app) stays wherever it is.
// So a folder's figure is what its own clean-up frees; two folders mirroring each other each show
// the full figure (either could go), and subfolders' figures may add up to more than their
// parent's. The whole results' figure (`total`) keeps each cluster's first file: its sum is the
// clusters' reclaimable space (with no reference folder).
import type { z } from 'zod';
import { parentOf, withoutTrailingSeparator } from '../clusterFolders.ts';
import type { folderReclaimSchema, folderSummarySchema, reclaimFiguresSchema } from '../contract/schemas.ts';
import type { Cluster } from '../report.ts';
import { memberGroups } from '../selection/fileRelations.ts';

export type ReclaimFigures = z.infer<typeof reclaimFiguresSchema>;
export type FolderReclaim = z.infer<typeof folderReclaimSchema>;
export type FolderSummary = z.infer<typeof folderSummarySchema>;

export const reclaimKinds = ['copy', 'sameText', 'edited'] as const;
export type ReclaimKind = (typeof reclaimKinds)[number];

export function noFigures(): ReclaimFigures {
  return { copyBytes: 0, copyFiles: 0, sameTextBytes: 0, sameTextFiles: 0, editedBytes: 0, editedFiles: 0 };
}

export function reclaimBytes(f: ReclaimFigures): number {
  return f.copyBytes + f.sameTextBytes + f.editedBytes;
}

export function reclaimFiles(f: ReclaimFigures): number {
  return f.copyFiles + f.sameTextFiles + f.editedFiles;
}

export function kindBytes(f: ReclaimFigures, kind: ReclaimKind): number {
  return kind === 'copy' ? f.copyBytes : kind === 'sameText' ? f.sameTextBytes : f.editedBytes;
}

export function kindFiles(f: ReclaimFigures, kind: ReclaimKind): number {
  return kind === 'copy' ? f.copyFiles : kind === 'sameText' ? f.sameTextFiles : f.editedFiles;
}

function add(figures: ReclaimFigures, kind: ReclaimKind, size: number): void {
  if (kind === 'copy') {
    figures.copyBytes += size;
    figures.copyFiles++;
  } else if (kind === 'sameText') {
    figures.sameTextBytes += size;
    figures.sameTextFiles++;
  } else {
    figures.editedBytes += size;
    figures.editedFiles++;
  }
}

/**
 * The folders of one file, nearest first: up to the scan root it lies under, or only its own
 * folder when it is under none (as clusterFolders lists them, so each is one markFolder takes).
 */
function folderChain(path: string, roots: ReadonlySet<string>): string[] {
  const chain: string[] = [];
  for (let folder = parentOf(path); folder !== null; folder = parentOf(folder)) {
    chain.push(folder);
    if (roots.has(folder)) return chain;
    if (folder === parentOf(folder)) break;
  }
  return chain.slice(0, 1);
}

/**
 * Adds the files at `inside` (indexes into the cluster) as removed, the others staying; when
 * none stays, the first of `inside` does. Groups: memberGroups' byte and text groups.
 */
function removeInside(cluster: Cluster, groups: ReturnType<typeof memberGroups>, inside: readonly number[], figures: ReclaimFigures): void {
  // Most clusters are byte copies: every file removed is a copy, only which one stays matters.
  if (cluster.kind === 'exact') {
    const kept = cluster.files.length > inside.length ? -1 : inside[0]!;
    for (const i of inside) if (i !== kept) add(figures, 'copy', cluster.files[i]!.size);
    return;
  }
  const isInside = new Set(inside);
  const staying: number[] = cluster.files.length > inside.length ? cluster.files.map((_, i) => i).filter((i) => !isInside.has(i)) : [inside[0]!];
  const stayingBytes = new Set(staying.map((i) => groups.bytes[i]));
  const stayingText = new Set(staying.map((i) => groups.text[i]));
  const stays = new Set(staying);
  for (const i of inside) {
    if (stays.has(i) || (cluster.kind === 'contained' && i === 0)) continue;
    const kind: ReclaimKind = stayingBytes.has(groups.bytes[i]!) ? 'copy' : stayingText.has(groups.text[i]!) ? 'sameText' : 'edited';
    add(figures, kind, cluster.files[i]!.size);
  }
}

const NO_GROUPS: ReturnType<typeof memberGroups> = { bytes: [], text: [], words: [] };

/** The figures of every folder of the results (parents before their children, then by path) and of the whole. */
export interface FolderSummaryOptions {
  /** Files never removed (a reference folder's): they count as staying, wherever they are. */
  alwaysStays?(path: string): boolean;
}

export function folderSummary(clusters: readonly Cluster[], roots: readonly string[], { alwaysStays }: FolderSummaryOptions = {}): FolderSummary {
  const rootSet = new Set(roots.map(withoutTrailingSeparator));
  const byPath = new Map<string, { figures: ReclaimFigures; clusters: number; parent: string | null }>();
  const total = noFigures();
  for (const cluster of clusters) {
    // An exact cluster is one byte group: its groups are never looked at.
    const groups = cluster.kind === 'exact' ? NO_GROUPS : memberGroups(cluster);
    const removable = alwaysStays ? (files: number[]) => files.filter((i) => !alwaysStays(cluster.files[i]!.path)) : (files: number[]) => files;
    removeInside(cluster, groups, removable(cluster.files.map((_, i) => i)), total);
    // The cluster's files below each folder it reaches.
    const inside = new Map<string, number[]>();
    cluster.files.forEach((file, i) => {
      const chain = folderChain(file.path, rootSet);
      chain.forEach((folder, at) => {
        let list = inside.get(folder);
        if (!list) {
          inside.set(folder, (list = []));
          if (!byPath.has(folder)) byPath.set(folder, { figures: noFigures(), clusters: 0, parent: chain[at + 1] ?? null });
        }
        list.push(i);
      });
    });
    for (const [folder, files] of inside) {
      const entry = byPath.get(folder)!;
      entry.clusters++;
      removeInside(cluster, groups, removable(files), entry.figures);
    }
  }
  // Parents first (a parent's path is a prefix of its children's), so `parent` indexes back.
  const paths = [...byPath.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const index = new Map(paths.map((path, i) => [path, i]));
  const folders = paths.map((path) => {
    const { figures, clusters: count, parent } = byPath.get(path)!;
    return { path, parent: parent === null ? -1 : index.get(parent)!, clusters: count, ...figures };
  });
  return { folders, total };
}
