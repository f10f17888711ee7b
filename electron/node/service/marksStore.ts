// The user's keep/delete marks, kept as marks.json in the app's data folder. They are keyed by
// cluster id and path, not by position: ids are stable for the same content, so marks made
// before a restart or a rescan still apply to the clusters they were made on.
import { join } from 'node:path';
import type { CommandResponse } from '../../../shared/contract/engineContract.ts';
import { markSchema } from '../../../shared/contract/schemas.ts';
import type { Cluster } from '../../../shared/report.ts';
import { createJsonFile } from './jsonFile.ts';

export type Marks = CommandResponse<'getMarks'>;
export type Mark = Marks[string][string];

export interface MarksStore {
  get(): Marks;
  set(clusterId: string, path: string, mark: Mark | null): Promise<void>;
  /** Many marks at once (a bulk mark), saved once. */
  setMany(changes: readonly { clusterId: string; path: string; mark: Mark | null }[]): Promise<void>;
  /**
   * A cluster changed (a member added, renamed or removed by the disk or a clean-up), maybe under
   * a new id: the marks of its files still in it move to that id, the others are dropped, and a
   * cluster whose every file would be marked Delete loses those marks. Resolves once saved.
   */
  follow(previousId: string, cluster: Cluster): Promise<void>;
  /**
   * New results replaced the old ones (a scan, an opened report): the marks of clusters still in
   * them (same id: the same content, or the same paths) stay on their files still there, the
   * others go, so no leftover of an earlier cluster can come back ahead of a newer mark.
   */
  retain(clusters: readonly Cluster[]): Promise<void>;
  /** A cluster left the results: its marks go with it. */
  drop(clusterId: string): Promise<void>;
  flush(): Promise<void>;
}

// Maps rather than plain objects: ids and paths are data, and a path named "__proto__" must stay one.
type MarkMap = Map<string, Map<string, Mark>>;

export async function openMarksStore(dataDir: string): Promise<MarksStore> {
  const file = createJsonFile<Marks>(join(dataDir, 'marks.json'));
  const marks = restore(await file.read());
  async function setMany(changes: readonly { clusterId: string; path: string; mark: Mark | null }[]): Promise<void> {
    for (const { clusterId, path, mark } of changes) {
      const cluster = marks.get(clusterId) ?? new Map<string, Mark>();
      if (mark) cluster.set(path, mark);
      else cluster.delete(path);
      if (cluster.size > 0) marks.set(clusterId, cluster);
      else marks.delete(clusterId);
    }
    await file.save(toObject(marks));
  }
  return {
    get: () => toObject(marks),
    set: (clusterId, path, mark) => setMany([{ clusterId, path, mark }]),
    setMany,
    async follow(previousId, cluster) {
      const previous = marks.get(previousId);
      const current = previousId === cluster.id ? undefined : marks.get(cluster.id);
      if (!previous && !current) return;
      // The cluster being followed holds the person's latest marks; any under the new id are older.
      const next = marksOfFiles(cluster, [previous, current]);
      marks.delete(previousId);
      if (next.size > 0) marks.set(cluster.id, next);
      else marks.delete(cluster.id);
      await file.save(toObject(marks));
    },
    async retain(clusters) {
      const kept: MarkMap = new Map();
      for (const cluster of clusters) {
        const next = marksOfFiles(cluster, [marks.get(cluster.id)]);
        if (next.size > 0) kept.set(cluster.id, next);
      }
      marks.clear();
      for (const [clusterId, byPath] of kept) marks.set(clusterId, byPath);
      await file.save(toObject(marks));
    },
    async drop(clusterId) {
      if (marks.delete(clusterId)) await file.save(toObject(marks));
    },
    flush: () => file.flush(),
  };
}

/** The marks of a cluster's files, each from the first source that has one; never "remove every copy". */
function marksOfFiles(cluster: Cluster, sources: readonly (Map<string, Mark> | undefined)[]): Map<string, Mark> {
  const next = new Map<string, Mark>();
  for (const { path } of cluster.files) {
    const mark = sources.map((source) => source?.get(path)).find((found) => found !== undefined);
    if (mark !== undefined) next.set(path, mark);
  }
  if (next.size === cluster.files.length && [...next.values()].every((mark) => mark === 'delete')) next.clear();
  return next;
}

function toObject(marks: MarkMap): Marks {
  return Object.fromEntries([...marks].map(([clusterId, byPath]) => [clusterId, Object.fromEntries(byPath)]));
}

/** The readable marks of a stored file; anything else in it is dropped. */
function restore(stored: unknown): MarkMap {
  const marks: MarkMap = new Map();
  if (typeof stored !== 'object' || stored === null) return marks;
  for (const [clusterId, byPath] of Object.entries(stored)) {
    if (typeof byPath !== 'object' || byPath === null) continue;
    const cluster = new Map<string, Mark>();
    for (const [path, mark] of Object.entries(byPath)) {
      const parsed = markSchema.safeParse(mark);
      if (parsed.success) cluster.set(path, parsed.data);
    }
    if (cluster.size > 0) marks.set(clusterId, cluster);
  }
  return marks;
}
