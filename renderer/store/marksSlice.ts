// Keep/delete marks per file, saved in the engine as they are made, with an undo stack. A step
// is one key press: "keep this, delete the others" marks several files and undoes as one.
import type { CommandResponse } from '../../shared/contract/engineContract.ts';
import { formatCount, plural } from '../../shared/format.ts';
import type { MarkAllKind } from '../../shared/marks/bulkMarks.ts';
import type { MarkCounts } from '../../shared/marks/markOutcomes.ts';
import type { Cluster } from '../../shared/report.ts';
import type { ClusterChange, Mark, MarksByCluster } from '../engine/contractTypes.ts';
import { everyCluster } from '../engine/everyCluster.ts';
import { isWithinAny } from '../../shared/paths/isWithin.ts';
import { baseName } from '../format/paths.ts';
import { includedKinds, markAllStep, willNotActNote } from '../marks/bulkSteps.ts';
import { clusterAt, clusterQuery, indexOfCluster } from './clustersSlice.ts';
import type { SliceCreator } from './storeTypes.ts';

export interface MarkChange {
  clusterId: string;
  fileIndex: number;
  path: string;
  before: Mark | null;
  after: Mark | null;
}

export interface MarksSlice {
  marks: MarksByCluster;
  undoStack: MarkChange[][];
  loadMarks(): Promise<void>;
  setMark(cluster: Cluster, fileIndex: number, mark: Mark | null): Promise<void>;
  /** Keeps one file and marks the cluster's other files for deletion. */
  keepOnly(cluster: Cluster, fileIndex: number): Promise<void>;
  undo(): Promise<void>;
  /** New results (a scan, an opened report): the undo steps were made on the old ones, and the engine kept only the marks that still apply. */
  marksForNewResults(): Promise<void>;
  /** A cluster changed on disk: its undo steps follow it under its new id, as the engine moved its marks; a removed one's go. */
  followUndoSteps(change: ClusterChange): void;
  /**
   * Mark all (Delete but one keeper per cluster), none or invert, over every cluster the list's
   * filter shows, as many as the button said (`shownClusters`): one undo step, one engine call.
   */
  markShown(kind: MarkAllKind, shownClusters: number): Promise<void>;
  /** What marking a folder's files would change (the engine counts it); null on failure (reported). */
  countFolderMarks(folder: string, mark: Mark): Promise<FolderMarkCount | null>;
  /** Marks a folder's files across all clusters, as counted (`files`): one undo step. Says whether it was done. */
  markFolder(folder: string, mark: Mark, files: number): Promise<boolean>;
  /** Said on the spot when a file just marked Delete will stay (its kind is not included in the clean-up). */
  markNote: string | null;
  dismissMarkNote(): void;
  /** The Delete marks and how many of them will act, with the clean-up's kinds included; null until counted. */
  markCounts: MarkCounts | null;
  loadMarkCounts(): Promise<void>;
}

export type FolderMarkCount = CommandResponse<'countFolderMarks'>;

const UNDO_LIMIT = 500;

/** The document a contained cluster's excerpts are found in (its first file): it always stays. */
export function isContainer(cluster: Cluster, fileIndex: number): boolean {
  return cluster.kind === 'contained' && fileIndex === 0;
}

export function markOf(marks: MarksByCluster, clusterId: string, path: string): Mark | null {
  return marks[clusterId]?.[path] ?? null;
}

function withMark(marks: MarksByCluster, clusterId: string, path: string, mark: Mark | null): MarksByCluster {
  const { [path]: _previous, ...others } = marks[clusterId] ?? {};
  const files = mark ? { ...others, [path]: mark } : others;
  const { [clusterId]: _cluster, ...rest } = marks;
  return Object.keys(files).length > 0 ? { ...rest, [clusterId]: files } : rest;
}

export const createMarksSlice: SliceCreator<MarksSlice> = ({ set, get, engine }) => {
  function change(cluster: Cluster, fileIndex: number, mark: Mark | null): MarkChange | null {
    const file = cluster.files[fileIndex];
    if (!file) return null;
    const before = markOf(get().marks, cluster.id, file.path);
    return before === mark ? null : { clusterId: cluster.id, fileIndex, path: file.path, before, after: mark };
  }

  function isReference(path: string): boolean {
    return isWithinAny(path, get().settings?.referenceRoots ?? []);
  }

  /**
   * Where a step's file is now in the cluster as the page holds it: a change on disk may have
   * moved it since the step was made. The engine checks the path either way.
   */
  function positionNow(c: MarkChange): number {
    const state = get();
    const row = indexOfCluster(state, c.clusterId);
    const cluster = state.cluster?.id === c.clusterId ? state.cluster : row === null ? undefined : clusterAt(state, row);
    const at = cluster?.files.findIndex((file) => file.path === c.path) ?? -1;
    return at >= 0 ? at : c.fileIndex;
  }

  /** Shows the marks at once, then saves them; on failure shows the old ones again. */
  async function apply(step: MarkChange[], direction: 'do' | 'undo') {
    const value = (c: MarkChange) => (direction === 'do' ? c.after : c.before);
    const previous = (c: MarkChange) => (direction === 'do' ? c.before : c.after);
    let marks = get().marks;
    for (const c of step) marks = withMark(marks, c.clusterId, c.path, value(c));
    set({ marks, ...(direction === 'do' ? { undoStack: [...get().undoStack, step].slice(-UNDO_LIMIT) } : {}) });
    try {
      const refs = step.map((c) => ({ clusterId: c.clusterId, fileIndex: positionNow(c), path: c.path, mark: value(c) }));
      // A bulk step is one call, checked by the engine as a whole.
      await (refs.length === 1 ? engine.setMark(refs[0]!) : engine.setMarks({ marks: refs }));
      // Counted once saved: a count asked as the marks were shown may have come before them.
      void get().loadMarkCounts();
    } catch (error) {
      let restored = get().marks;
      for (const c of step) restored = withMark(restored, c.clusterId, c.path, previous(c));
      set({ marks: restored, undoStack: get().undoStack.filter((s) => s !== step) });
      get().reportError(error);
    }
  }

  async function fetchMarks(): Promise<void> {
    try {
      set({ marks: await engine.getMarks({}) });
    } catch (error) {
      get().reportError(error);
    }
  }

  // One fetch at a time, and at most one more after it that serves every call made meanwhile: a
  // clean-up's burst of changed clusters asks for the marks once or twice, not once per change,
  // and an older answer can never land after a newer one.
  let inFlight: Promise<void> | undefined;
  let next: Promise<void> | undefined;

  /** Says whether the Delete marks just made on this cluster will act. */
  function noteMarks(cluster: Cluster, step: readonly MarkChange[]) {
    const marked = step.filter((c) => c.after === 'delete').map((c) => c.fileIndex);
    set({ markNote: marked.length === 0 ? null : willNotActNote(cluster, get().marks, includedKinds(get().cleanupDraft), marked) });
  }

  let countsAsked = 0;

  return {
    marks: {},
    undoStack: [],
    markNote: null,
    markCounts: null,

    loadMarks() {
      if (!inFlight) {
        inFlight = fetchMarks().finally(() => (inFlight = undefined));
        return inFlight;
      }
      next ??= inFlight.then(() => {
        next = undefined;
        return get().loadMarks();
      });
      return next;
    },

    async setMark(cluster, fileIndex, mark) {
      const path = cluster.files[fileIndex]?.path;
      if (path && mark === 'delete' && isReference(path)) {
        get().reportError(`${baseName(path)} is in a reference folder: Shingle never deletes files there.`);
        return;
      }
      if (path && mark === 'delete' && isContainer(cluster, fileIndex)) {
        get().reportError(`${baseName(path)} contains the other documents of this cluster: it always stays.`);
        return;
      }
      const step = change(cluster, fileIndex, mark);
      if (!step) return;
      await apply([step], 'do');
      noteMarks(cluster, [step]);
    },

    async keepOnly(cluster, fileIndex) {
      const step = cluster.files
        .map((file, i) =>
          change(cluster, i, i === fileIndex ? 'keep' : isReference(file.path) || isContainer(cluster, i) ? markOf(get().marks, cluster.id, file.path) : 'delete'),
        )
        .filter((c) => c !== null);
      if (step.length === 0) return;
      await apply(step, 'do');
      noteMarks(cluster, step);
    },

    async undo() {
      const step = get().undoStack.at(-1);
      if (!step) return;
      set({ undoStack: get().undoStack.slice(0, -1), markNote: null });
      await apply(step, 'undo');
    },

    marksForNewResults() {
      set({ undoStack: [] });
      return get().loadMarks();
    },

    followUndoSteps(change) {
      const from = change.event === 'cluster-changed' ? change.previousId : change.cluster.id;
      const to = change.event === 'cluster-removed' ? null : change.cluster.id;
      if (from === to || !get().undoStack.some((step) => step.some((c) => c.clusterId === from))) return;
      const followed = (c: MarkChange) => (c.clusterId !== from ? [c] : to === null ? [] : [{ ...c, clusterId: to }]);
      set({ undoStack: get().undoStack.map((step) => step.flatMap(followed)).filter((step) => step.length > 0) });
    },

    async markShown(kind, shownClusters) {
      try {
        const clusters = await everyCluster(engine, clusterQuery(get().filters, 0));
        if (clusters.length !== shownClusters) {
          get().reportError(`The list holds ${plural(clusters.length, 'cluster')} now, not the ${formatCount(shownClusters)} the button named, so nothing was marked; look at the list again.`);
          return;
        }
        const step = markAllStep(kind, clusters, get().marks, isReference, get().cleanupDraft);
        set({ markNote: null });
        if (step.length > 0) await apply(step, 'do');
      } catch (error) {
        get().reportError(error);
      }
    },

    async countFolderMarks(folder, mark) {
      try {
        return await engine.countFolderMarks({ folder, mark });
      } catch (error) {
        get().reportError(error);
        return null;
      }
    },

    async markFolder(folder, mark, files) {
      try {
        // The engine works out and saves the changes; they come back as the undo step.
        const { changes } = await engine.markFolder({ folder, mark, files });
        let marks = get().marks;
        for (const c of changes) marks = withMark(marks, c.clusterId, c.path, c.after);
        set({ marks, markNote: null, ...(changes.length > 0 ? { undoStack: [...get().undoStack, changes].slice(-UNDO_LIMIT) } : {}) });
        return true;
      } catch (error) {
        get().reportError(error);
        return false;
      }
    },

    dismissMarkNote: () => set({ markNote: null }),

    async loadMarkCounts() {
      const asked = ++countsAsked;
      try {
        const counts = await engine.countMarks({ include: includedKinds(get().cleanupDraft) });
        // Only the latest question's answer: marks made meanwhile asked again.
        if (asked === countsAsked) set({ markCounts: counts });
      } catch (error) {
        get().reportError(error);
      }
    },
  };
};
