// The engine's bulk marks: many marks in one call, a folder's files across every cluster, and how
// many Delete marks will act. Each is checked against the engine's own results, never the page's:
// a file must be the one shown at its position, a folder one the engine listed, and no cluster is
// left with every file Delete (shared/marks/bulkMarks.ts). "In a folder" and "in a reference
// folder" are decided by the folder's identity, not its text (folderIdentity.ts): a reference
// folder chosen through a link or a bind mount still keeps its files from Delete marks.
import type { CommandRequest, CommandResponse } from '../../../shared/contract/engineContract.ts';
import { clusterFolders } from '../../../shared/clusterFolders.ts';
import { displayPath } from '../../../shared/fsName.ts';
import { folderMarkChanges, marksRefusal } from '../../../shared/marks/bulkMarks.ts';
import type { ClusterMarks } from '../../../shared/marks/bulkMarks.ts';
import { countMarkOutcomes } from '../../../shared/marks/markOutcomes.ts';
import type { Cluster } from '../../../shared/report.ts';
import { reportPathsWithin } from '../actions/folderIdentity.ts';
import type { ClusterIndex } from './clusterIndex.ts';
import type { MarksStore } from './marksStore.ts';

export interface MarkCommandsOptions {
  clusters(): ClusterIndex;
  marks: MarksStore;
  folders(): { roots: readonly string[]; referenceRoots: readonly string[] };
}

type MarkChange = CommandResponse<'markFolder'>['changes'][number];
type FolderCount = CommandResponse<'countFolderMarks'>;

export function createMarkCommands({ clusters, marks, folders }: MarkCommandsOptions) {
  const referencesOf = (paths: readonly string[]) => reportPathsWithin(folders().referenceRoots, paths);

  /** Every change a folder's mark makes, with its count; refused for a folder the engine did not list. */
  async function folderChanges({ folder, mark }: CommandRequest<'countFolderMarks'>): Promise<{ changes: MarkChange[]; count: FolderCount }> {
    const all = clusters().all();
    const { roots, referenceRoots } = folders();
    if (!clusterFolders(all, [...roots, ...referenceRoots]).some((listed) => listed.path === folder)) {
      throw new Error(`${displayPath(folder)} holds no file of the results; pick a folder from the list`);
    }
    const paths = all.flatMap((cluster) => cluster.files.map((file) => file.path));
    const [inFolder, isReference] = await Promise.all([reportPathsWithin([folder], paths), referencesOf(paths)]);
    const stored = marks.get();
    const changes: MarkChange[] = [];
    const count: FolderCount = { files: 0, clusters: 0, lastCopies: 0, reference: 0, othersGo: 0 };
    for (const cluster of all) {
      const before = stored[cluster.id];
      const result = folderMarkChanges(cluster, before, inFolder, mark, isReference);
      count.reference += result.reference;
      if (result.changes.length === 0) continue;
      count.clusters++;
      count.files += result.changes.filter((change) => change.after === mark).length;
      if (result.lastCopy !== null) count.lastCopies++;
      changes.push(...result.changes.map((change) => ({ clusterId: cluster.id, ...change })));
      if (mark === 'keep') count.othersGo += unmarkedThatGo(cluster, withChanges(before, result.changes));
    }
    return { changes, count };
  }

  return {
    async setMarks({ marks: wanted }: CommandRequest<'setMarks'>): Promise<Record<string, never>> {
      const index = clusters();
      const stored = marks.get();
      const next = new Map<string, { cluster: Cluster; marks: ClusterMarks }>();
      const isReference = await referencesOf(wanted.flatMap((ref) => (ref.mark === 'delete' ? [index.file(ref.clusterId, ref.fileIndex).file.path] : [])));
      for (const ref of wanted) {
        const { cluster, file } = index.file(ref.clusterId, ref.fileIndex);
        if (file.path !== ref.path) throw new Error(`This cluster changed since it was shown: ${displayPath(ref.path)} is no longer its file ${ref.fileIndex + 1}, so nothing was marked; look at it again`);
        if (ref.mark === 'delete' && isReference(file.path)) throw new Error(`${displayPath(file.path)} is in a reference folder: Shingle never deletes files there, so nothing was marked`);
        const entry = next.get(cluster.id) ?? { cluster, marks: stored[cluster.id] ?? {} };
        entry.marks = withChanges(entry.marks, [{ path: file.path, after: ref.mark }]);
        next.set(cluster.id, entry);
      }
      for (const { cluster, marks: clusterMarks } of next.values()) {
        const refusal = marksRefusal(cluster, clusterMarks);
        if (refusal) throw new Error(`Nothing was marked: in the cluster of ${displayPath(cluster.files[0]?.path ?? cluster.id)}, ${refusal}`);
      }
      await marks.setMany(wanted.map(({ clusterId, path, mark }) => ({ clusterId, path, mark })));
      return {};
    },
    countFolderMarks: async (request: CommandRequest<'countFolderMarks'>) => (await folderChanges(request)).count,
    async markFolder({ files, ...request }: CommandRequest<'markFolder'>): Promise<CommandResponse<'markFolder'>> {
      const { changes, count } = await folderChanges(request);
      if (count.files !== files) throw new Error(`The results changed since the count was shown (${count.files} files now, not ${files}), so nothing was marked; look at the count again`);
      await marks.setMany(changes.map(({ clusterId, path, after }) => ({ clusterId, path, mark: after })));
      return { changes };
    },
    async countMarks({ include }: CommandRequest<'countMarks'>): Promise<CommandResponse<'countMarks'>> {
      const index = clusters();
      const marked = Object.entries(marks.get()).flatMap(([clusterId, clusterMarks]) => {
        const cluster = index.get(clusterId);
        return cluster ? [{ cluster, marks: clusterMarks }] : [];
      });
      return countMarkOutcomes(marked, include);
    },
  };
}

function withChanges(marks: ClusterMarks | undefined, changes: readonly { path: string; after: ClusterMarks[string] | null }[]): ClusterMarks {
  const next = new Map(Object.entries(marks ?? {}));
  for (const { path, after } of changes) {
    if (after) next.set(path, after);
    else next.delete(path);
  }
  return Object.fromEntries(next);
}

/** Files a clean-up by marks removes for having no mark: in a cluster with a Keep and no Delete, all unmarked but a container. */
function unmarkedThatGo(cluster: Cluster, marks: ClusterMarks): number {
  const values = Object.values(marks);
  if (values.includes('delete') || !values.includes('keep')) return 0;
  return cluster.files.filter((file, i) => !Object.hasOwn(marks, file.path) && !(cluster.kind === 'contained' && i === 0)).length;
}
