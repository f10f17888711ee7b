// What an analysis changed, as a UI needs it: which cluster to add, which to replace in place,
// which to remove. A cluster's id is not enough to follow it: exact ids hash the content, near
// and contained ids hash the member paths, so editing, adding or renaming a member gives the
// cluster a new id. Old and new clusters are therefore paired first by id, then by the members
// they share, a member being the same file when its path or its file id (device and inode) is:
// a save, even an editor's write-and-rename, keeps the path; a rename or a moved folder keeps the
// inode. A pair is one `cluster-changed` that carries the id it replaces, so a UI keeps the
// group's place, selection and marks; the rest are `cluster-added` and `cluster-removed`.
import { isDeepStrictEqual } from 'node:util';
import type { Cluster } from '../../../shared/report.ts';

/** One change, as the contract's clusterChanges event carries it (a union discriminated by `event`). */
export type { ClusterChange } from '../../../shared/contract/schemas.ts';
import type { ClusterChange } from '../../../shared/contract/schemas.ts';

/** A reported cluster and, per file, what identifies that file: its path, its other names, its file id. */
export interface TrackedCluster {
  cluster: Cluster;
  memberKeys: string[][];
}

/** `fileIdOf` gives the `${dev}:${ino}` of a listed path; a path never looks like one. */
export function trackCluster(cluster: Cluster, fileIdOf: (path: string) => string | undefined): TrackedCluster {
  const memberKeys = cluster.files.map((file) => {
    const keys = [file.path, ...(file.links ?? [])];
    const fileId = fileIdOf(file.path);
    if (fileId !== undefined) keys.push(fileId);
    return keys;
  });
  return { cluster, memberKeys };
}

interface Pair {
  after: number;
  before: number;
  shared: number;
}

/** Candidate pairs of unpaired clusters, with how many files of the new one the old one has. */
function pairsBySharedMembers(before: readonly TrackedCluster[], after: readonly TrackedCluster[], beforePaired: Uint8Array, afterUnpaired: number[]): Pair[] {
  const owners = new Map<string, number[]>();
  before.forEach((tracked, b) => {
    if (beforePaired[b]) return;
    for (const keys of tracked.memberKeys) {
      for (const key of keys) {
        const list = owners.get(key);
        if (list === undefined) owners.set(key, [b]);
        else if (list.at(-1) !== b) list.push(b);
      }
    }
  });
  const pairs: Pair[] = [];
  for (const a of afterUnpaired) {
    const shared = new Map<number, number>();
    for (const keys of after[a]!.memberKeys) {
      // One count per file, whichever of its keys matched.
      const holders = new Set(keys.flatMap((key) => owners.get(key) ?? []));
      for (const b of holders) shared.set(b, (shared.get(b) ?? 0) + 1);
    }
    for (const [b, count] of shared) pairs.push({ after: a, before: b, shared: count });
  }
  return pairs.sort((x, y) => y.shared - x.shared || x.after - y.after || x.before - y.before);
}

/** Removals first, then changes, then additions, so a consumer's list never holds both versions. */
export function diffClusters(before: readonly TrackedCluster[], after: readonly TrackedCluster[]): ClusterChange[] {
  const beforePaired = new Uint8Array(before.length);
  const partner = new Int32Array(after.length).fill(-1);
  const beforeById = new Map(before.map((tracked, b) => [tracked.cluster.id, b]));
  const afterUnpaired: number[] = [];
  after.forEach((tracked, a) => {
    const b = beforeById.get(tracked.cluster.id);
    if (b === undefined || beforePaired[b]) {
      afterUnpaired.push(a);
    } else {
      beforePaired[b] = 1;
      partner[a] = b;
    }
  });
  for (const { after: a, before: b } of pairsBySharedMembers(before, after, beforePaired, afterUnpaired)) {
    if (partner[a] !== -1 || beforePaired[b]) continue;
    beforePaired[b] = 1;
    partner[a] = b;
  }

  const changes: ClusterChange[] = [];
  before.forEach(({ cluster }, b) => {
    if (!beforePaired[b]) changes.push({ event: 'cluster-removed', cluster });
  });
  after.forEach(({ cluster }, a) => {
    const previous = before[partner[a]!]?.cluster;
    // The kept groups hand back the very cluster an unchanged group was: no need to compare it.
    if (previous !== undefined && previous !== cluster && !isDeepStrictEqual(previous, cluster)) changes.push({ event: 'cluster-changed', cluster, previousId: previous.id });
  });
  after.forEach(({ cluster }, a) => {
    if (partner[a] === -1) changes.push({ event: 'cluster-added', cluster });
  });
  return changes;
}
