// Following the shown results on disk with watchFolders, over the settings they were scanned with.
//
// watchFolders begins with a scan of its own and reports each of its clusters as added. The
// service already shows the clusters of its scan, so that burst is held back, and at `ready` only
// how the watcher's clusters differ from the shown ones is passed on, as ordinary changes. That is
// usually nothing (the index makes the second scan read no file, and it finds what the first
// found), but a file saved between the two scans is seen by the second only, and results restored
// at startup may be days old: the difference brings them up to date. Starting the watcher with
// the service's scan instead would save that walk, but the restored results need it anyway, and
// a scan on its own keeps cancelling and progress as simple as they are.
import type { Dismissal } from '../../../shared/dismissals.ts';
import type { Cluster } from '../../../shared/report.ts';
import type { ScanOptions } from '../../../shared/scanOptions.ts';
import type { ContentCache } from '../scan/contentCache.ts';
import { diffClusters, trackCluster } from '../watch/clusterChanges.ts';
import type { ChangeHold } from '../watch/changeQueue.ts';
import { watchFolders } from '../watch/watchFolders.ts';
import type { ClusterChange } from '../watch/watchFolders.ts';

export interface FolderWatchHooks {
  cache: ContentCache;
  /** Files the service writes under the roots, if they are there: never watched. */
  ownFiles: readonly string[];
  /** The clusters shown now; asked once, when the watcher's own scan is done. */
  shown(): readonly Cluster[];
  /** Changes to the shown clusters, a batch at a time (one analysis), never after stop(). */
  onChanges(changes: ClusterChange[]): void;
  onWarning(message: string): void;
  /** Dismissed as not duplicates: the watcher's analyses leave them out, as the service's scans do. */
  dismissals?: () => readonly Dismissal[];
  /** Held while the engine's own clean-up or undo runs: its changes are analysed once, after it. */
  hold?: ChangeHold;
}

export interface FolderWatch {
  /** Stops watching; resolves once the watcher's threads and watches are gone. */
  stop(): Promise<void>;
}

/** Paths only: the shown clusters may come from a saved report, whose files have no file ids. */
function byPaths(clusters: readonly Cluster[]) {
  return clusters.map((cluster) => trackCluster(cluster, () => undefined));
}

/** The watcher's clusters before `ready`: its scan's, then any its first analysis changed. */
function withChange(clusters: Cluster[], change: ClusterChange): Cluster[] {
  if (change.event === 'cluster-added') return [...clusters, change.cluster];
  const replaced = change.event === 'cluster-changed' ? change.previousId : change.cluster.id;
  const kept = clusters.filter((cluster) => cluster.id !== replaced);
  return change.event === 'cluster-changed' ? [...kept, change.cluster] : kept;
}

export function startFolderWatch(options: ScanOptions, hooks: FolderWatchHooks): FolderWatch {
  const controller = new AbortController();
  const { signal } = controller;
  // The watcher's clusters until it is ready; then undefined, and changes are passed on.
  let initial: Cluster[] | undefined = [];
  let batch: ClusterChange[] = [];

  // watchFolders reports an analysis's changes one by one in a loop: they are passed on together
  // once it ends, so the service saves its results once per analysis, not once per cluster.
  function queue(change: ClusterChange) {
    if (batch.length === 0) queueMicrotask(deliver);
    batch.push(change);
  }

  function deliver() {
    const changes = batch;
    batch = [];
    if (!signal.aborted && changes.length > 0) hooks.onChanges(changes);
  }

  const done = watchFolders(options, {
    cache: hooks.cache,
    signal,
    ...(hooks.dismissals ? { dismissals: hooks.dismissals } : {}),
    ownFiles: hooks.ownFiles,
    ...(hooks.hold ? { hold: hooks.hold } : {}),
    onChange(change) {
      if (initial) initial = withChange(initial, change);
      else queue(change);
    },
    onReady() {
      const watched = initial ?? [];
      initial = undefined;
      for (const change of diffClusters(byPaths(hooks.shown()), byPaths(watched))) queue(change);
    },
    onWarning: (message) => {
      if (!signal.aborted) hooks.onWarning(message);
    },
    onFileError: (error) => {
      if (!signal.aborted) hooks.onWarning(`${error.path}: ${error.message}`);
    },
  }).catch((error: unknown) => {
    if (!signal.aborted) hooks.onWarning(`Changes on disk are no longer followed: ${error instanceof Error ? error.message : String(error)}. Scan again to follow them.`);
  });

  return {
    async stop() {
      controller.abort(new Error('Watching stopped'));
      await done;
    },
  };
}
