// The watcher's changes, made to agree with what the engine's own clean-ups and undos already
// did to the results. The watcher follows the disk on its own clock, a second or more behind: a
// change it reports may describe the disk as it was before an undo (the files still in the trash)
// and, applied as is, would take the restored files out again until it catches up — the list
// passing through intermediate counts — or repeat what a clean-up already removed.
//  - A change that contradicts the disk now about a file the engine itself removed or put back
//    is stale and dropped; the watcher's later change, made after it saw that file, is applied.
//  - A change that makes no difference to the results (a cluster removed that is gone already,
//    one reported again as it is) is dropped, so nothing is told for it.
import { isDeepStrictEqual } from 'node:util';
import { lstatSync } from 'node:fs';
import type { Cluster } from '../../../shared/report.ts';
import { toFsPath } from '../scan/fsPath.ts';
import type { ClusterChange } from '../watch/watchFolders.ts';

/** Paths remembered; the oldest are forgotten first (the watcher has long seen them). */
const KEPT_PATHS = 100_000;

export interface WatchedChanges {
  /** The engine removed (`present` false) or put back (true) these files itself. */
  expect(paths: readonly string[], present: boolean): void;
  /**
   * A change of the watcher as it is to be applied: undefined when it no longer tells anything,
   * tagged byAction when it only takes out files the engine removed, as the disk shows (the
   * engine's doing, seen before the engine said it). Asked of each change in order, each applied
   * before the next is asked.
   */
  judge(change: ClusterChange): ClusterChange | undefined;
}

export interface ShownClusters {
  get(id: string): Cluster | undefined;
}

/** A file as the disk has it now (size, times), or null when there is none: a seam for tests. */
export type FileState = (path: string) => string | null;
const stateNow: FileState = (path) => {
  try {
    const info = lstatSync(toFsPath(path), { throwIfNoEntry: false });
    return info ? `${info.size}:${info.mtimeMs}:${info.ctimeMs}` : null;
  } catch {
    return null;
  }
};

function paths(cluster: Cluster | undefined): Set<string> {
  return new Set(cluster?.files.map((file) => file.path) ?? []);
}

export function createWatchedChanges(shown: ShownClusters, fileState: FileState = stateNow): WatchedChanges {
  /**
   * Per path the engine removed (null) or put back (the file's state then): a change is stale
   * only while the disk still shows that; a file saved or made anew since is the watcher's to tell.
   */
  const expected = new Map<string, string | null>();

  /** True when the change says of a file the engine acted on what the disk does not (any more). */
  function stale(change: ClusterChange): boolean {
    const before = paths(shown.get(change.event === 'cluster-changed' ? change.previousId : change.cluster.id));
    const after = change.event === 'cluster-removed' ? new Set<string>() : paths(change.cluster);
    let contradicts = false;
    for (const path of new Set([...before, ...after])) {
      const state = expected.get(path);
      if (state === undefined) continue;
      const back = state !== null;
      // Listed by the watcher after a removal, or left out after an undo.
      const against = back ? before.has(path) && !after.has(path) : after.has(path);
      if (against && fileState(path) === state) contradicts = true;
      // The watcher has seen the file as the engine left it, or the file changed since: the engine has no more to say of it.
      else if (!against || fileState(path) !== state) expected.delete(path);
    }
    return contradicts;
  }

  /** True when the change only takes out files the engine removed (and a file left alone in a cluster with them). */
  function own(change: ClusterChange): boolean {
    const before = paths(shown.get(change.event === 'cluster-changed' ? change.previousId : change.cluster.id));
    const after = change.event === 'cluster-removed' ? new Set<string>() : paths(change.cluster);
    const left = [...before].filter((path) => !after.has(path));
    const came = [...after].filter((path) => !before.has(path));
    const removedByEngine = (path: string) => expected.get(path) === null && fileState(path) === null;
    if (came.length > 0 || !left.some(removedByEngine)) return false;
    // A cluster left with one file is removed whole: the file still there goes with it.
    return change.event === 'cluster-removed' || left.every(removedByEngine);
  }

  /** True when applying the change leaves the results as they are. */
  function noChange(change: ClusterChange): boolean {
    const now = shown.get(change.cluster.id);
    if (change.event === 'cluster-removed') return now === undefined;
    const replaced = change.event === 'cluster-changed' && change.previousId !== change.cluster.id && shown.get(change.previousId) !== undefined;
    return !replaced && now !== undefined && isDeepStrictEqual(now, change.cluster);
  }

  return {
    expect(list, present) {
      for (const path of list) {
        expected.delete(path);
        expected.set(path, present ? fileState(path) : null);
      }
      for (const old of expected.keys()) {
        if (expected.size <= KEPT_PATHS) break;
        expected.delete(old);
      }
    },
    judge(change) {
      // Asked first: `stale` forgets the files the watcher now agrees on.
      const byEngine = own(change);
      if (stale(change) || noChange(change)) return undefined;
      return byEngine ? { ...change, byAction: true } : change;
    },
  };
}
