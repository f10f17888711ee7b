// Bulk clean-up: the choices (kept across Back and reopening the dialog), the engine's plan of
// them — every file of every cluster in scope, with its decision — the batch that runs exactly
// that plan, its result, and undo of the last batch. The UI names clusters and rules only; the
// engine plans the files from its own results and runs the plan it stored under the plan id.
import type { ActionPlan, ActionProgress, ActionRequest, BatchResult, PlanCluster, UndoResult } from '../engine/contractTypes.ts';
import { defaultCleanupDraft, draftReady, draftRequest, keepRuleFolders, ruleTexts } from '../cleanup/cleanupRules.ts';
import { criteriaCounts } from '../cleanup/criteriaCounts.ts';
import type { CriteriaCounts } from '../cleanup/criteriaCounts.ts';
import type { Cluster } from '../../shared/report.ts';
import type { CleanupDraft } from '../cleanup/cleanupRules.ts';
import { DELETE_NOT_CONFIRMED } from '../../shared/contract/vocabulary.ts';
import { everyCluster } from '../engine/everyCluster.ts';
import { errorMessage } from '../format/errorMessage.ts';
import { clusterQuery } from './clustersSlice.ts';
import type { ShingleState, SliceCreator } from './storeTypes.ts';

export type CleanupStage = 'closed' | 'choose' | 'confirm' | 'running' | 'result';

/** Plan clusters fetched at a time as the preview scrolls. */
const PLAN_PAGE = 500;

export interface CleanupSlice {
  cleanupStage: CleanupStage;
  cleanupDraft: CleanupDraft;
  /** How many clusters there are in all while the list is filtered (see scopeCounts); null until counted. */
  cleanupAllCount: number | null;
  /** Counts every cluster again, for the scope's choices; the dialog asks whenever the list's filters change. */
  countAllClusters(): Promise<void>;
  /** How many clusters in scope each keep criterion decides (see criteriaCounts); null until counted or when the rules do not parse. */
  cleanupDecided: CriteriaCounts | null;
  /** Counts them again: the dialog asks when the criteria, the scope, the marks or the list change. */
  countDecided(): Promise<void>;
  /** The request previewed. */
  cleanupRequest: ActionRequest | null;
  cleanupPreview: ActionPlan | null;
  /** The plan's clusters loaded so far (the preview loads the rest as it scrolls). */
  cleanupPlanClusters: PlanCluster[];
  cleanupProgress: ActionProgress | null;
  cleanupResult: BatchResult | null;
  /** The last batch applied and not undone yet. */
  lastBatchId: number | null;
  undoResult: UndoResult | null;
  /** The person declined the permanent deletion in the host's dialog: said in the preview, nothing was done. */
  cleanupDeclined: boolean;
  openCleanup(): void;
  closeCleanup(): void;
  setCleanupDraft(patch: Partial<CleanupDraft>): void;
  /** Back from the preview to the choices, which stay as they were. */
  editCleanup(): void;
  previewCleanup(): Promise<void>;
  loadMorePlan(): Promise<void>;
  applyCleanup(): Promise<void>;
  applyActionProgress(progress: ActionProgress): void;
  undoLastBatch(): Promise<void>;
  /** True from Stop until the batch has stopped. */
  cleanupStopping: boolean;
  /** Stops the running batch before its next file; what it did stays done (and can be undone). */
  stopCleanup(): Promise<void>;
  /** The engine died for good: a batch it ran will not be heard of again, and its dialog lets go. True when one was running. */
  dropCleanup(): boolean;
  /**
   * The engine restarted: once `reloaded` is done (the calls the old engine left have failed by
   * then), a batch that was running shows what the journal says it did, and a preview, whose plan
   * died with the old engine, goes back to the choices. Says whether a batch was running, and
   * whether its result is shown ('result') or it is not known which batch it was ('unknown').
   */
  settleCleanupAfterRestart(reloaded: Promise<unknown>): Promise<'result' | 'unknown' | null>;
}

/** A batch started and not seen to end (the dialog may be closed meanwhile). */
function batchRunning(state: ShingleState): boolean {
  return state.cleanupStage === 'running' || (state.cleanupProgress !== null && state.cleanupResult === null);
}

/**
 * The scope's counts as the list is now: the clusters it shows (null while it loads) and all of
 * them — the same number unless a filter leaves some out.
 */
export function scopeCounts(state: ShingleState): { shown: number | null; all: number | null } {
  const shown = state.listSummary?.total ?? null;
  return { shown, all: filtered(state) ? state.cleanupAllCount : shown };
}

/** True when the list's filters leave clusters out. */
function filtered(state: ShingleState): boolean {
  const query = clusterQuery(state.filters, 0);
  return Boolean(query.kinds ?? query.formats ?? query.folder ?? query.search);
}

export const createCleanupSlice: SliceCreator<CleanupSlice> = ({ set, get, engine }) => {
  /** While applyActions is unanswered: lastBatchId is still the batch before. */
  let applying = false;
  /** From a batch's start to its end the list holds its changes, to show them all at once. */
  let holding = false;

  function holdChanges() {
    if (holding) return;
    holding = true;
    get().beginOwnChanges();
  }

  /** The list, its figures and the open cluster show what the batch did (and the marks the engine dropped with its files). */
  async function showChanges() {
    if (!holding) return Promise.all([get().refreshClusters(), get().loadMarks()]);
    holding = false;
    await get().settleOwnChanges();
  }

  /** Fetches the result once the batch has ended; the engine has already updated the list. */
  async function finish(batchId: number) {
    try {
      const result = await engine.getBatchResult({ batchId });
      if (get().lastBatchId !== batchId || result.running) return;
      set({ cleanupResult: result, cleanupStage: get().cleanupStage === 'closed' ? 'closed' : 'result' });
      await showChanges();
    } catch (error) {
      get().reportError(error);
    }
  }

  /** The ids of the clusters the list shows (every page of its filter); undefined for all clusters. */
  async function shownClusterIds(): Promise<string[] | undefined> {
    const state = get();
    if (!filtered(state)) return undefined;
    return (await everyCluster(engine, clusterQuery(state.filters, 0))).map((cluster) => cluster.id);
  }

  /** The clusters in scope, with their files, as last fetched for the same scope and list (the dialog's opening fetches them anew). */
  let inScope: { key: string; clusters: Promise<Cluster[]> } | null = null;
  function scopeClusters(): Promise<Cluster[]> {
    const { cleanupDraft: draft, cluster, filters, listSummary } = get();
    const key = JSON.stringify([draft.scope, draft.scope === 'selected' ? cluster?.id : null, draft.scope === 'shown' ? clusterQuery(filters, 0) : null, listSummary?.total]);
    if (inScope?.key !== key) {
      const clusters =
        draft.scope === 'selected' ? Promise.resolve(cluster ? [cluster] : []) : everyCluster(engine, draft.scope === 'shown' ? clusterQuery(filters, 0) : { sort: filters.sort });
      inScope = { key, clusters };
    }
    return inScope.clusters;
  }

  async function scopeIds(): Promise<string[] | undefined> {
    const { cleanupDraft: draft, cluster } = get();
    if (draft.scope === 'selected') return cluster ? [cluster.id] : [];
    return draft.scope === 'shown' ? shownClusterIds() : undefined;
  }


  return {
    cleanupStage: 'closed',
    cleanupDraft: defaultCleanupDraft,
    cleanupAllCount: null,
    cleanupDecided: null,
    cleanupRequest: null,
    cleanupPreview: null,
    cleanupPlanClusters: [],
    cleanupProgress: null,
    cleanupResult: null,
    lastBatchId: null,
    undoResult: null,
    cleanupDeclined: false,
    cleanupStopping: false,

    openCleanup() {
      set({ cleanupStage: batchRunning(get()) ? 'running' : 'choose', cleanupPreview: null, cleanupPlanClusters: [], undoResult: null, cleanupDeclined: false });
      inScope = null;
      // The open cluster may be gone since the choice was made.
      if (get().cleanupDraft.scope === 'selected' && !get().cluster) get().setCleanupDraft({ scope: 'shown' });
      // The folders a keep rule offers, as the results hold copies now: one no longer offered (its
      // copies cleaned up, a new scan) gives way to the first offered.
      void get()
        .loadClusterFolders()
        .then(() => {
          const offered = keepRuleFolders(get().clusterFolders).map((folder) => folder.path);
          const criteria = get().cleanupDraft.criteria;
          if (criteria.some((c) => !offered.includes(c.folder))) {
            get().setCleanupDraft({ criteria: criteria.map((c) => (offered.includes(c.folder) ? c : { ...c, folder: offered[0] ?? '' })) });
          }
        });
    },
    async countAllClusters() {
      if (!filtered(get())) return;
      try {
        set({ cleanupAllCount: (await engine.listClusters({ offset: 0, limit: 1, sort: get().filters.sort })).total });
      } catch (error) {
        get().reportError(error);
      }
    },
    async countDecided() {
      const { cleanupDraft: draft } = get();
      try {
        // No rule chosen ("leave them as they are"): nothing to count, nothing to fetch.
        const clusters = ruleTexts(draft).length > 0 ? await scopeClusters() : [];
        // Only the last ask counts: the person may have changed the criteria meanwhile.
        if (get().cleanupDraft !== draft) return;
        set({ cleanupDecided: criteriaCounts(clusters, draft, get().marks) });
      } catch (error) {
        inScope = null;
        get().reportError(error);
      }
    },
    closeCleanup: () => set({ cleanupStage: 'closed' }),
    setCleanupDraft: (patch) => set({ cleanupDraft: { ...get().cleanupDraft, ...patch } }),
    editCleanup: () => set({ cleanupStage: 'choose', cleanupPreview: null, cleanupPlanClusters: [] }),

    async previewCleanup() {
      const draft = get().cleanupDraft;
      if (!draftReady(draft)) return;
      try {
        const clusterIds = await scopeIds();
        const request: ActionRequest = { ...draftRequest(draft), ...(clusterIds ? { clusterIds } : {}) };
        const preview = await engine.previewActions(request);
        set({ cleanupRequest: request, cleanupPreview: preview, cleanupPlanClusters: preview.clusters, cleanupStage: 'confirm', cleanupDeclined: false });
      } catch (error) {
        get().reportError(error);
      }
    },

    async loadMorePlan() {
      const plan = get().cleanupPreview;
      const loaded = get().cleanupPlanClusters;
      if (!plan || loaded.length >= plan.clusterCount) return;
      try {
        const page = await engine.getPlanPage({ planId: plan.planId, offset: loaded.length, limit: PLAN_PAGE });
        // Another preview, or a page that came twice: only the next clusters of this plan count.
        if (get().cleanupPreview?.planId !== plan.planId || get().cleanupPlanClusters.length !== page.offset) return;
        set({ cleanupPlanClusters: [...get().cleanupPlanClusters, ...page.clusters] });
      } catch (error) {
        get().reportError(error);
      }
    },

    async applyCleanup() {
      const plan = get().cleanupPreview;
      // Once: a second click (a double click on Delete permanently) finds the stage moved on and
      // sends nothing, so the host's dialog is not asked twice.
      if (!plan || get().cleanupStage !== 'confirm') return;
      set({ cleanupStage: 'running', cleanupProgress: null, cleanupResult: null, undoResult: null, cleanupDeclined: false });
      applying = true;
      holdChanges();
      try {
        // Exactly the plan previewed: the engine runs what it stored under this id, nothing else.
        const { batchId } = await engine.applyActions({ planId: plan.planId });
        applying = false;
        set({ lastBatchId: batchId });
        // The last progress may have come before the answer.
        const progress = get().cleanupProgress;
        if (progress?.batchId === batchId && progress.done >= progress.total) await finish(batchId);
      } catch (error) {
        applying = false;
        void showChanges();
        // Back to the preview, unless an engine restart has settled the stage meanwhile.
        if (get().cleanupStage === 'running') set({ cleanupStage: 'confirm' });
        // Declined in the host's dialog: not a failure, and said where the person is looking.
        if (errorMessage(error).includes(DELETE_NOT_CONFIRMED)) set({ cleanupDeclined: true });
        else get().reportError(error);
      }
    },

    applyActionProgress(progress) {
      const known = get().lastBatchId;
      if (known !== null && progress.batchId < known) return;
      set({ cleanupProgress: progress });
      if (progress.done >= progress.total && known === progress.batchId) void finish(progress.batchId);
    },

    async undoLastBatch() {
      const batchId = get().lastBatchId;
      if (batchId === null) return;
      await get().undoBatch(batchId, (undoResult) => ({ undoResult, cleanupStage: get().cleanupStage === 'closed' ? 'closed' : 'result' }));
    },

    async stopCleanup() {
      const batchId = get().cleanupProgress?.batchId ?? get().lastBatchId;
      // Once: a second click while it stops sends nothing.
      if (batchId === null || get().cleanupStopping || !batchRunning(get())) return;
      set({ cleanupStopping: true });
      try {
        // Answered once the batch has stopped; its last progress then brings the result.
        await engine.cancelBatch({ batchId });
      } catch (error) {
        get().reportError(error);
      } finally {
        set({ cleanupStopping: false });
      }
    },

    dropCleanup() {
      if (!batchRunning(get())) return false;
      set({ cleanupStage: 'closed', cleanupProgress: null });
      void showChanges();
      return true;
    },

    async settleCleanupAfterRestart(reloaded) {
      const state = get();
      const running = batchRunning(state);
      // The batch the old engine ran, when it said which: its answer, or its first progress when the answer was lost.
      const batchId = !running ? null : applying ? (state.cleanupProgress?.batchId ?? null) : state.lastBatchId;
      await reloaded;
      // The reload showed the results as the new engine has them.
      if (holding) void showChanges();
      const stage = get().cleanupStage;
      if (batchId === null) {
        if (running || stage === 'confirm') set({ cleanupStage: stage === 'closed' ? 'closed' : 'choose', cleanupPreview: null, cleanupPlanClusters: [], cleanupProgress: null });
        return running ? 'unknown' : null;
      }
      try {
        // Left 'running' in the journal by the engine that died: what it shows is what was done.
        const result = await engine.getBatchResult({ batchId });
        set({ lastBatchId: batchId, cleanupResult: result, cleanupStage: stage === 'closed' ? 'closed' : 'result' });
        // A batch that had ended, its end untold, was not interrupted: its result says so alone.
        return result.running ? 'result' : null;
      } catch (error) {
        set({ cleanupStage: stage === 'closed' ? 'closed' : 'choose', cleanupProgress: null });
        get().reportError(error);
        return 'unknown';
      }
    },
  };
};
