// The watcher's byte-identical groups, kept between bursts. Files can only be copies of files of
// their own size, so the groups are kept per size: a burst regroups the sizes its files had or
// have, through the same finder a scan uses (the content cache answers for the unchanged files),
// and every other size keeps its clusters as they were.
import type { Cluster, HardLinkSet, ScanError } from '../../../shared/report.ts';
import type { HashPool } from '../hash/hashPool.ts';
import type { ContentCache } from '../scan/contentCache.ts';
import { createExactDuplicateFinder } from '../scan/exactDuplicates.ts';
import type { ExactProgress } from '../scan/exactDuplicates.ts';
import type { WalkedFile } from '../scan/types.ts';
import type { FileChanges } from './fileList.ts';

/** What one size's files form. */
interface SizeGroups {
  clusters: Cluster[];
  hardlinks: HardLinkSet[];
  errors: ScanError[];
}

export interface ExactRegrouping {
  /** The clusters of the regrouped sizes before and after: what the document units follow. */
  removed: Cluster[];
  added: Cluster[];
  filesHashed: number;
  bytesHashed: number;
}

export interface ExactGroups {
  /** Applies the changes and regroups the sizes they touch. */
  update(changes: FileChanges, signal: AbortSignal, onProgress?: (progress: ExactProgress) => void): Promise<ExactRegrouping>;
  clusters(): Cluster[];
  hardlinks(): HardLinkSet[];
  errors(): ScanError[];
}

export function createExactGroups(pool: HashPool, cache: ContentCache): ExactGroups {
  const namesBySize = new Map<number, Map<string, WalkedFile>>();
  /** Only sizes that form something. */
  const groupsBySize = new Map<number, SizeGroups>();

  function place(file: WalkedFile, touched: Set<number>): void {
    touched.add(file.size);
    const names = namesBySize.get(file.size);
    if (names) names.set(file.path, file);
    else namesBySize.set(file.size, new Map([[file.path, file]]));
  }

  function unplace(file: WalkedFile, touched: Set<number>): void {
    touched.add(file.size);
    const names = namesBySize.get(file.size);
    if (names?.delete(file.path) && names.size === 0) namesBySize.delete(file.size);
  }

  async function regroup(sizes: Set<number>, signal: AbortSignal, onProgress?: (progress: ExactProgress) => void): Promise<ExactRegrouping> {
    const finder = createExactDuplicateFinder(pool, { signal, cache, ...(onProgress ? { onProgress } : {}) });
    const sizeOfPath = new Map<string, number>();
    for (const size of sizes) {
      const names = namesBySize.get(size);
      // One name cannot be a copy nor a hard-link set: nothing to hash.
      if (!names || names.size < 2) continue;
      for (const file of names.values()) {
        finder.add(file);
        sizeOfPath.set(file.path, size);
      }
    }
    const found = await finder.finish();
    const removed: Cluster[] = [];
    for (const size of sizes) {
      removed.push(...(groupsBySize.get(size)?.clusters ?? []));
      groupsBySize.delete(size);
    }
    const groupsOf = (size: number) => {
      let entry = groupsBySize.get(size);
      if (entry === undefined) groupsBySize.set(size, (entry = { clusters: [], hardlinks: [], errors: [] }));
      return entry;
    };
    for (const cluster of found.clusters) groupsOf(cluster.files[0]!.size).clusters.push(cluster);
    for (const set of found.hardlinks) groupsOf(set.size).hardlinks.push(set);
    for (const error of found.errors) {
      const size = sizeOfPath.get(error.path);
      if (size !== undefined) groupsOf(size).errors.push(error);
    }
    return { removed, added: found.clusters, filesHashed: found.filesHashed, bytesHashed: found.bytesHashed };
  }

  const groups = () => [...groupsBySize.values()];

  return {
    async update(changes, signal, onProgress) {
      const touched = new Set<number>();
      for (const file of changes.removed) unplace(file, touched);
      for (const file of changes.added) place(file, touched);
      return regroup(touched, signal, onProgress);
    },
    clusters: () => groups().flatMap((g) => g.clusters),
    hardlinks: () => groups().flatMap((g) => g.hardlinks),
    errors: () => groups().flatMap((g) => g.errors),
  };
}
