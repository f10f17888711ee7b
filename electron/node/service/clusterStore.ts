// The clusters shown: a scan replaces them all, the watcher then edits them one change at a time.
// Changes come in bursts (a folder moved is a change per cluster in it) and the list view's index
// sorts every cluster, so the index is built again only when the next query needs it.
import type { Cluster } from '../../../shared/report.ts';
import type { ClusterChange } from '../watch/watchFolders.ts';
import { createClusterIndex } from './clusterIndex.ts';
import type { ClusterIndex } from './clusterIndex.ts';

export interface ClusterStore {
  /** The list view of the clusters now. */
  index(): ClusterIndex;
  all(): Cluster[];
  get(id: string): Cluster | undefined;
  replaceAll(clusters: readonly Cluster[]): void;
  apply(change: ClusterChange): void;
}

export function createClusterStore(initial: readonly Cluster[]): ClusterStore {
  let byId = new Map<string, Cluster>();
  let index: ClusterIndex | undefined;

  const store: ClusterStore = {
    index: () => (index ??= createClusterIndex([...byId.values()])),
    all: () => [...byId.values()],
    get: (id) => byId.get(id),
    replaceAll(clusters) {
      byId = new Map(clusters.map((cluster) => [cluster.id, cluster]));
      index = undefined;
    },
    apply(change) {
      if (change.event === 'cluster-changed') byId.delete(change.previousId);
      if (change.event === 'cluster-removed') byId.delete(change.cluster.id);
      else byId.set(change.cluster.id, change.cluster);
      index = undefined;
    },
  };
  store.replaceAll(initial);
  return store;
}
