// The cluster open in the review: its place in the list, its files' extracted texts, and the
// file the keyboard acts on.
import type { Cluster } from '../../shared/report.ts';
import type { ClusterChange } from '../engine/contractTypes.ts';
import { fileRefOf } from '../engine/fileRef.ts';
import { errorMessage } from '../format/errorMessage.ts';
import { clusterAt } from './clustersSlice.ts';
import type { SliceCreator } from './storeTypes.ts';

export type DocumentText =
  | { status: 'loading' }
  | { status: 'ready'; text: string; truncated: boolean }
  | { status: 'error'; message: string };

export interface SelectionSlice {
  /** Row of the open cluster under the current filters; null when it is not (or no longer) listed. */
  selectedIndex: number | null;
  cluster: Cluster | null;
  /** The engine reported the open cluster removed (its files changed or went away). */
  clusterGone: boolean;
  /** Texts of the open cluster's files, by file index. */
  texts: Record<number, DocumentText>;
  /** The file the keys act on; null once the file focused has left the open cluster. */
  focusedFile: number | null;
  selectClusterAt(index: number): Promise<void>;
  selectRelative(delta: number): Promise<void>;
  focusFile(fileIndex: number): void;
  focusRelativeFile(delta: number): void;
  applySelectedClusterChange(change: ClusterChange): void;
  /** Opens a file of the open cluster in its default app, or shows it in its folder. */
  openFile(fileIndex: number, how: 'open' | 'reveal'): Promise<void>;
}

/** The same kind and files, unchanged, in the same places: only figures differ (measured), the texts shown are the same. */
function sameFiles(a: Cluster, b: Cluster): boolean {
  return a.kind === b.kind && a.files.length === b.files.length && a.files.every((f, i) => f.path === b.files[i]!.path && f.size === b.files[i]!.size && f.mtime === b.files[i]!.mtime);
}

/** Exact clusters are shown as a file summary: their texts are never needed. */
function needsTexts(cluster: Cluster): boolean {
  return cluster.kind !== 'exact';
}

export const createSelectionSlice: SliceCreator<SelectionSlice> = ({ set, get, engine }) => {
  // Texts arriving for a cluster that is no longer open (or was reloaded) are dropped.
  let textsRequest = 0;

  function loadTexts(cluster: Cluster) {
    const request = ++textsRequest;
    if (!needsTexts(cluster)) return;
    set({ texts: Object.fromEntries(cluster.files.map((_, i) => [i, { status: 'loading' }])) });
    cluster.files.forEach(async ({ path }, fileIndex) => {
      let text: DocumentText;
      try {
        text = { status: 'ready', ...(await engine.getDocumentText({ clusterId: cluster.id, fileIndex, path })) };
      } catch (error) {
        text = { status: 'error', message: errorMessage(error) };
      }
      if (request === textsRequest) set({ texts: { ...get().texts, [fileIndex]: text } });
    });
  }

  function open(cluster: Cluster, index: number | null) {
    set({ cluster, selectedIndex: index, clusterGone: false, texts: {}, focusedFile: 0 });
    loadTexts(cluster);
    // Figures the scan estimated are measured on the texts by the engine; the measured cluster
    // comes back as a clusterChanges event (sameFiles: its texts are not loaded again).
    if (cluster.estimated) void engine.getCluster({ clusterId: cluster.id }).catch(() => undefined);
  }

  return {
    selectedIndex: null,
    cluster: null,
    clusterGone: false,
    texts: {},
    focusedFile: 0,

    async selectClusterAt(index) {
      const total = get().listSummary?.total ?? 0;
      if (index < 0 || index >= total) return;
      if (!clusterAt(get(), index)) await get().ensureClusterRange(index, index);
      const cluster = clusterAt(get(), index);
      if (cluster) open(cluster, index);
    },

    async selectRelative(delta) {
      const { selectedIndex } = get();
      await get().selectClusterAt(selectedIndex === null ? 0 : selectedIndex + delta);
    },

    focusFile(fileIndex) {
      const count = get().cluster?.files.length ?? 0;
      if (fileIndex >= 0 && fileIndex < count) set({ focusedFile: fileIndex });
    },

    focusRelativeFile(delta) {
      // With no file focused, the keys start again at the first.
      const focused = get().focusedFile;
      get().focusFile(focused === null ? 0 : focused + delta);
    },

    applySelectedClusterChange(change) {
      if (change.event === 'cluster-removed') {
        set({ clusterGone: true });
        return;
      }
      // The focus stays on its file, wherever the change put it; a file that left takes it along,
      // so that a key meant for it never acts on the file that moved into its place.
      const { cluster, focusedFile } = get();
      if (cluster && sameFiles(cluster, change.cluster)) {
        set({ cluster: change.cluster, clusterGone: false });
        // A new analysis of the same files brings the sketch's figures back: measured again while open.
        if (change.cluster.estimated) void engine.getCluster({ clusterId: change.cluster.id }).catch(() => undefined);
        return;
      }
      const path = focusedFile === null ? undefined : cluster?.files[focusedFile]?.path;
      open(change.cluster, get().selectedIndex);
      const at = change.cluster.files.findIndex((file) => file.path === path);
      set({ focusedFile: at >= 0 ? at : null });
    },

    async openFile(fileIndex, how) {
      const cluster = get().cluster;
      const ref = cluster && fileRefOf(cluster, fileIndex);
      if (!ref) return;
      try {
        await (how === 'open' ? engine.openFile(ref) : engine.revealFile(ref));
      } catch (error) {
        get().reportError(error);
      }
    },
  };
};
