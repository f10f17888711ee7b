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
  /**
   * A cluster the disk changed has a new id (a member was added, renamed or deleted): the marks
   * of its files still in it move to that id at once; resolves once they are saved.
   */
  follow(previousId: string, cluster: Cluster): Promise<void>;
  flush(): Promise<void>;
}

// Maps rather than plain objects: ids and paths are data, and a path named "__proto__" must stay one.
type MarkMap = Map<string, Map<string, Mark>>;

export async function openMarksStore(dataDir: string): Promise<MarksStore> {
  const file = createJsonFile<Marks>(join(dataDir, 'marks.json'));
  const marks = restore(await file.read());
  return {
    get: () => toObject(marks),
    async set(clusterId, path, mark) {
      const cluster = marks.get(clusterId) ?? new Map<string, Mark>();
      if (mark) cluster.set(path, mark);
      else cluster.delete(path);
      if (cluster.size > 0) marks.set(clusterId, cluster);
      else marks.delete(clusterId);
      await file.save(toObject(marks));
    },
    async follow(previousId, cluster) {
      const previous = marks.get(previousId);
      if (!previous) return;
      const moved = new Map(marks.get(cluster.id));
      for (const { path } of cluster.files) {
        const mark = previous.get(path);
        if (mark === undefined) continue;
        moved.set(path, mark);
        previous.delete(path);
      }
      if (previous.size === 0) marks.delete(previousId);
      if (moved.size > 0) marks.set(cluster.id, moved);
      await file.save(toObject(marks));
    },
    flush: () => file.flush(),
  };
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
