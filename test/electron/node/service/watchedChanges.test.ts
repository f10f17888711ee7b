// The watcher's view of files the engine itself removed or put back: a change it made before it
// saw them (the disk as it was before an undo, a clean-up it repeats) is dropped, one made after
// is applied, and a file changed on disk since the engine acted is the watcher's to tell again.
import { describe, expect, it } from 'vitest';
import { createClusterStore } from '../../../../electron/node/service/clusterStore.ts';
import { createWatchedChanges } from '../../../../electron/node/service/watchedChanges.ts';
import type { ClusterChange } from '../../../../electron/node/watch/watchFolders.ts';
import type { Cluster } from '../../../../shared/report.ts';

const exact = (id: string, ...paths: string[]): Cluster => ({ id, kind: 'exact', similarity: 1, reclaimable: 10 * (paths.length - 1), files: paths.map((path) => ({ path, size: 10, mtime: 1 })) });

/** The files on disk, as the tests say (state strings stand in for size and times): none of their paths is real. */
function fakeDisk(files: Record<string, string>) {
  const disk = new Map(Object.entries(files));
  return { disk, state: (path: string) => disk.get(path) ?? null };
}

/** Applies what `judge` lets through, one change after the other, as the service does. */
function follow(store: ReturnType<typeof createClusterStore>, judge: (change: ClusterChange) => ClusterChange | undefined, changes: ClusterChange[]): ClusterChange[] {
  return changes.flatMap((found) => {
    const change = judge(found);
    if (change) store.apply(change);
    return change ? [change] : [];
  });
}

describe('watched changes', () => {
  it('drop a removal the watcher made before it saw the undo, and apply the one it makes after', () => {
    const { disk, state } = fakeDisk({ '/a': 'a1', '/b': 'b1' });
    const store = createClusterStore([exact('e', '/a', '/b')]);
    const watched = createWatchedChanges(store, state);
    // The clean-up took /b: the engine removed the cluster itself.
    disk.delete('/b');
    store.apply({ event: 'cluster-removed', cluster: exact('e', '/a', '/b') });
    watched.expect(['/b'], false);
    // Undo put it back (a new ctime) before the watcher had seen it go.
    disk.set('/b', 'b2');
    store.apply({ event: 'cluster-added', cluster: exact('e', '/a', '/b') });
    watched.expect(['/b'], true);

    // The watcher now reports the removal it saw first: stale, the disk has /b as the undo left it.
    expect(follow(store, watched.judge, [{ event: 'cluster-removed', cluster: exact('e', '/a', '/b') }])).toEqual([]);
    expect(store.all()).toEqual([exact('e', '/a', '/b')]);
    // Then the file coming back: the results hold it already, nothing is told.
    expect(follow(store, watched.judge, [{ event: 'cluster-added', cluster: exact('e', '/a', '/b') }])).toEqual([]);
    // From now on the watcher tells what happens to /b: edited, it leaves the cluster.
    disk.set('/b', 'b3');
    const removed: ClusterChange = { event: 'cluster-removed', cluster: exact('e', '/a', '/b') };
    expect(follow(store, watched.judge, [removed])).toEqual([removed]);
    expect(store.all()).toEqual([]);
  });

  it('drop a change that lists a file the clean-up removed while it is still gone', () => {
    const { disk, state } = fakeDisk({ '/a': 'a1', '/b': 'b1', '/c': 'c1' });
    const store = createClusterStore([exact('e', '/a', '/c')]);
    const watched = createWatchedChanges(store, state);
    disk.delete('/b');
    watched.expect(['/b'], false);
    // An analysis from before the clean-up, told late: /b still in the cluster.
    expect(follow(store, watched.judge, [{ event: 'cluster-changed', cluster: exact('e2', '/a', '/b', '/c'), previousId: 'e' }])).toEqual([]);
    expect(store.all()).toEqual([exact('e', '/a', '/c')]);
    // A copy saved at /b since: the watcher's to tell.
    disk.set('/b', 'b9');
    const copy: ClusterChange = { event: 'cluster-changed', cluster: exact('e2', '/a', '/b', '/c'), previousId: 'e' };
    expect(follow(store, watched.judge, [copy])).toEqual([copy]);
  });

  it('drop what changes nothing: a cluster removed that is gone, one told again as it is', () => {
    const store = createClusterStore([exact('e', '/a', '/b')]);
    const watched = createWatchedChanges(store, () => 'same');
    expect(follow(store, watched.judge, [{ event: 'cluster-removed', cluster: exact('x', '/x', '/y') }])).toEqual([]);
    expect(follow(store, watched.judge, [{ event: 'cluster-changed', cluster: exact('e', '/a', '/b'), previousId: 'e' }])).toEqual([]);
    const changed: ClusterChange = { event: 'cluster-changed', cluster: exact('e', '/a', '/b', '/c'), previousId: 'e' };
    expect(follow(store, watched.judge, [changed])).toEqual([changed]);
  });
});

describe('the watcher seeing a clean-up before the engine told it', () => {
  it('tells the removal as the engine’s own when it only takes out files the batch removed', () => {
    const { disk, state } = fakeDisk({ '/a': 'a1', '/b': 'b1', '/c': 'c1', '/d': 'd1' });
    const store = createClusterStore([exact('e', '/a', '/b'), exact('f', '/c', '/d')]);
    const watched = createWatchedChanges(store, state);
    // The batch is about to remove /b; the watcher sees it go first.
    watched.expect(['/b'], false);
    disk.delete('/b');
    const removed: ClusterChange = { event: 'cluster-removed', cluster: exact('e', '/a', '/b') };
    expect(watched.judge(removed)).toEqual({ ...removed, byAction: true });
    // /d edited by someone else: the disk's doing.
    disk.set('/d', 'd2');
    const edited: ClusterChange = { event: 'cluster-removed', cluster: exact('f', '/c', '/d') };
    expect(watched.judge(edited)).toEqual(edited);
  });
});
