// "Not duplicates": dismissing a cluster or one file of it, and the Dismissed view that lists what
// was dismissed (here or kept from before) with Restore. The engine keeps them in its index and
// takes the paths from its own results: the page names the cluster and the file's position, with
// the paths it shows only as a check.
import type { CommandResponse } from '../../shared/contract/engineContract.ts';
import type { Cluster } from '../../shared/report.ts';
import { fileRefOf } from '../engine/fileRef.ts';
import type { SliceContext, SliceCreator } from './storeTypes.ts';

export type DismissalEntry = CommandResponse<'listDismissed'>[number];

export interface DismissedSlice {
  dismissedOpen: boolean;
  /** Null while loading. */
  dismissed: DismissalEntry[] | null;
  openDismissed(): Promise<void>;
  closeDismissed(): void;
  /** Without fileIndex, the whole cluster. */
  dismiss(cluster: Cluster, fileIndex?: number): Promise<void>;
  /** "Remove from results": the cluster leaves these results only (no file touched, nothing kept as dismissed). */
  removeFromResults(cluster: Cluster): Promise<void>;
  restoreDismissed(id: number): Promise<void>;
}

/**
 * The engine has hidden a cluster from its results (and told it): the list follows at once and,
 * if it was the open one, the next takes its place in the view (a hidden group is not "gone from disk").
 */
async function showNext({ set, get }: Pick<SliceContext, 'set' | 'get'>, cluster: Cluster, at: number | null): Promise<void> {
  await get().refreshClusters();
  const total = get().listSummary?.total ?? 0;
  if (get().cluster?.id !== cluster.id) return;
  if (total > 0) await get().selectClusterAt(Math.min(at ?? 0, total - 1));
  else set({ cluster: null, selectedIndex: null, clusterGone: false });
}

export const createDismissedSlice: SliceCreator<DismissedSlice> = ({ set, get, engine }) => ({
  dismissedOpen: false,
  dismissed: null,
  async openDismissed() {
    set({ dismissedOpen: true, dismissed: null });
    try {
      set({ dismissed: await engine.listDismissed({}) });
    } catch (error) {
      get().reportError(error);
    }
  },
  closeDismissed: () => set({ dismissedOpen: false }),
  async dismiss(cluster, fileIndex) {
    try {
      const at = get().selectedIndex;
      const ref = fileIndex === undefined ? { clusterId: cluster.id, paths: cluster.files.map((file) => file.path) } : fileRefOf(cluster, fileIndex);
      if (!ref) return;
      await engine.dismiss(ref);
      if (fileIndex === undefined) await showNext({ set, get }, cluster, at);
      else await get().refreshClusters();
    } catch (error) {
      get().reportError(error);
    }
  },
  async removeFromResults(cluster) {
    try {
      const at = get().selectedIndex;
      await engine.removeFromResults({ clusterId: cluster.id, paths: cluster.files.map((file) => file.path) });
      await showNext({ set, get }, cluster, at);
    } catch (error) {
      get().reportError(error);
    }
  },
  async restoreDismissed(id) {
    try {
      await engine.restore({ id });
      set({ dismissed: await engine.listDismissed({}) });
    } catch (error) {
      get().reportError(error);
    }
  },
});
