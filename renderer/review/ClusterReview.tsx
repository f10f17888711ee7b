// The review: the cluster list beside the open cluster, and the keys that move through both
// and mark files.
import type { Cluster } from '../../shared/report.ts';
import { useShortcuts } from '../app/useShortcuts.ts';
import { SEARCH_INPUT_ID } from '../clusters/ClusterFilters.tsx';
import { ClusterList } from '../clusters/ClusterList.tsx';
import { stepInOrder } from '../members/memberView.ts';
import { useShingleStore } from '../store/useShingle.ts';
import { ClusterView } from './ClusterView.tsx';
import { ShortcutBar } from './ShortcutBar.tsx';
import { ensureFileVisible } from './visibleFile.ts';

export function ClusterReview() {
  const store = useShingleStore();

  /** Runs an action on the focused file of the open cluster, if there is one (none after the focused file left it). */
  function onFocused(action: (cluster: Cluster, fileIndex: number) => unknown) {
    return () => {
      const { cluster, focusedFile } = store.getState();
      if (cluster && focusedFile !== null) void action(cluster, focusedFile);
    };
  }

  /** Marks apply only to a file the person can see: one out of view is brought into view instead. */
  function markFocused(action: (cluster: Cluster, fileIndex: number) => unknown) {
    return onFocused((cluster, fileIndex) => ensureFileVisible(fileIndex) && action(cluster, fileIndex));
  }

  /** The next or previous file as the open view lists them (a sorted table, the files side by side). */
  function stepFile(delta: 1 | -1) {
    const { cluster, focusedFile, focusFile, focusRelativeFile } = store.getState();
    const next = cluster ? stepInOrder(cluster.id, focusedFile, delta) : null;
    if (next === null) focusRelativeFile(delta);
    else focusFile(next);
  }

  useShortcuts({
    nextCluster: () => void store.getState().selectRelative(1),
    previousCluster: () => void store.getState().selectRelative(-1),
    nextFile: () => stepFile(1),
    previousFile: () => stepFile(-1),
    keep: markFocused((cluster, i) => store.getState().setMark(cluster, i, 'keep')),
    delete: markFocused((cluster, i) => store.getState().setMark(cluster, i, 'delete')),
    keepOnly: markFocused((cluster, i) => store.getState().keepOnly(cluster, i)),
    clearMark: markFocused((cluster, i) => store.getState().setMark(cluster, i, null)),
    undo: () => void store.getState().undo(),
    openFile: onFocused((_, i) => store.getState().openFile(i, 'open')),
    revealFile: onFocused((_, i) => store.getState().openFile(i, 'reveal')),
    focusSearch: () => document.getElementById(SEARCH_INPUT_ID)?.focus(),
  });

  return (
    <main className="screen review-screen">
      <h1 className="visually-hidden">Review duplicates</h1>
      <ClusterList />
      <div className="review-main">
        <ClusterView />
        <ShortcutBar />
      </div>
    </main>
  );
}
