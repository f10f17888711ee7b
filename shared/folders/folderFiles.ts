// The files of a duplicate-folder pair, each marked against the other folder: matched (a byte copy
// or the same text is there), changed (an edited version or an excerpt of a file there: the scan
// found them alike, not the same) or only here. Read off the clusters as they are now, so the
// marks and the clean-up planned from them (folderCleanup.ts) agree with what the engine shows.
import type { z } from 'zod';
import type { folderFileSchema, folderPlanSchema, folderSideSchema } from '../contract/schemas.ts';
import { isWithin } from '../paths/isWithin.ts';
import type { Cluster, FolderMatch } from '../report.ts';
import { memberGroups } from '../selection/fileRelations.ts';

export type FolderFile = z.infer<typeof folderFileSchema>;
export type FolderFileState = FolderFile['state'];
/** 'a' is the pair's first (fuller) folder, 'b' the second. */
export type FolderSide = z.infer<typeof folderSideSchema>;
/** A folder clean-up's folders and the files of the cleaned one that stay. */
export type FolderPlan = z.infer<typeof folderPlanSchema>;

export interface FolderPairFiles {
  a: FolderFile[];
  b: FolderFile[];
}

const RANK: Record<FolderFileState, number> = { matched: 2, changed: 1, 'only-here': 0 };

/** Where a cluster member lies: 0 in the first folder, 1 in the second, -1 elsewhere. */
function sideOf(match: FolderMatch, path: string, platform?: string): number {
  if (isWithin(path, match.folders[0], platform)) return 0;
  return isWithin(path, match.folders[1], platform) ? 1 : -1;
}

/** The files the scan listed in the pair, in both folders. */
export function scannedPairFiles(match: FolderMatch): string[] {
  return [...match.onlyInA, ...match.onlyInB, ...(match.matchedInA ?? []), ...(match.matchedInB ?? [])];
}

/**
 * Every file of the two folders the results know of: the clusters' members below them now (and
 * their other names, hard links), and the other files the scan listed in them — but those in
 * `gone` (no longer on disk) — as only here: whatever copy they had has left the results.
 */
export function folderPairFiles(match: FolderMatch, clusters: readonly Cluster[], platform?: string, gone: ReadonlySet<string> = new Set()): FolderPairFiles {
  const sides: Map<string, FolderFile>[] = [new Map(), new Map()];
  const put = (side: number, file: FolderFile) => {
    const known = sides[side]!.get(file.path);
    // A file in several clusters takes its best mark: a copy anywhere makes it matched.
    if (!known || RANK[file.state] > RANK[known.state]) sides[side]!.set(file.path, file);
  };
  for (const cluster of clusters) {
    const where = cluster.files.map((file) => sideOf(match, file.path, platform));
    if (!where.some((w) => w >= 0)) continue;
    // The members in each folder of the pair, listed once per cluster.
    const onSide = [0, 1].map((side) => where.flatMap((w, j) => (w === side ? [j] : [])));
    const { text } = memberGroups(cluster);
    // A contained cluster's container is there for reference: its copies are in another cluster.
    const counts = (i: number) => !(cluster.kind === 'contained' && i === 0);
    const byPath = new Map(cluster.files.map((f, j) => [f.path, j]));
    // The member a member's similarity was measured to: the one `matches` names, else the first.
    const partner = (i: number) => (i === 0 ? -1 : (byPath.get(cluster.files[i]!.matches ?? '') ?? 0));
    cluster.files.forEach((file, i) => {
      const side = where[i]!;
      if (side < 0) return;
      const others = onSide[1 - side]!;
      const twin = counts(i) ? others.find((j) => counts(j) && text[j] === text[i]) : undefined;
      // Another name of this very file in the other folder (a hard link) is a copy too.
      const linkAcross = (file.links ?? []).find((link) => sideOf(match, link, platform) === 1 - side);
      // Changed only where the scan measured the pair (one is the other's `matches`, or the
      // same text as it): cluster members are each alike to their partner, not to every other.
      const alike = others.find((j) => text[partner(i)] === text[j] || text[partner(j)] === text[i]);
      const state: FolderFileState = twin !== undefined || linkAcross !== undefined ? 'matched' : alike !== undefined ? 'changed' : 'only-here';
      const counterpart = twin !== undefined ? cluster.files[twin]!.path : (linkAcross ?? (alike !== undefined ? cluster.files[alike]!.path : undefined));
      const entry: FolderFile = { path: file.path, size: file.size, state, ...(counterpart !== undefined ? { counterpart } : {}) };
      put(side, entry);
      for (const link of file.links ?? []) {
        const linkSide = sideOf(match, link, platform);
        if (linkSide === side) put(side, { ...entry, path: link });
        else if (linkSide >= 0) put(linkSide, { path: link, size: file.size, state: 'matched', counterpart: file.path });
      }
    });
  }
  [
    [...match.onlyInA, ...(match.matchedInA ?? [])],
    [...match.onlyInB, ...(match.matchedInB ?? [])],
  ].forEach((paths, side) => {
    for (const path of paths) if (!sides[side]!.has(path) && !gone.has(path)) sides[side]!.set(path, { path, state: 'only-here' });
  });
  const sorted = (side: Map<string, FolderFile>) => [...side.values()].sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
  return { a: sorted(sides[0]!), b: sorted(sides[1]!) };
}
