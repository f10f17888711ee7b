// Bulk clean-up: the request being built (keep rule or marks, scope, action), the engine's
// preview of it, the batch running in the engine and its result, and undo of the last batch.
// The UI names clusters and rules only; the engine plans the files from its own results.
import type { ActionPreview, ActionProgress, ActionRequest, BatchResult, UndoResult } from '../engine/contractTypes.ts';
import type { SliceCreator } from './storeTypes.ts';

export type CleanupStage = 'closed' | 'choose' | 'confirm' | 'running' | 'result';

export interface CleanupSlice {
  cleanupStage: CleanupStage;
  /** The request previewed and, once confirmed, applied. */
  cleanupRequest: ActionRequest | null;
  cleanupPreview: ActionPreview | null;
  cleanupProgress: ActionProgress | null;
  cleanupResult: BatchResult | null;
  /** The last batch applied and not undone yet. */
  lastBatchId: number | null;
  undoResult: UndoResult | null;
  openCleanup(): void;
  closeCleanup(): void;
  /** Back from the confirmation to the choices. */
  editCleanup(): void;
  previewCleanup(request: ActionRequest): Promise<void>;
  applyCleanup(): Promise<void>;
  applyActionProgress(progress: ActionProgress): void;
  undoLastBatch(): Promise<void>;
}

export const createCleanupSlice: SliceCreator<CleanupSlice> = ({ set, get, engine }) => {
  /** Fetches the result once the batch has ended; the list shows the files gone. */
  async function finish(batchId: number) {
    try {
      const result = await engine.getBatchResult({ batchId });
      if (get().lastBatchId !== batchId || result.running) return;
      set({ cleanupResult: result, cleanupStage: get().cleanupStage === 'closed' ? 'closed' : 'result' });
      await get().refreshClusters();
    } catch (error) {
      get().reportError(error);
    }
  }

  return {
    cleanupStage: 'closed',
    cleanupRequest: null,
    cleanupPreview: null,
    cleanupProgress: null,
    cleanupResult: null,
    lastBatchId: null,
    undoResult: null,

    openCleanup() {
      const running = get().cleanupStage === 'running' || (get().cleanupProgress !== null && get().cleanupResult === null);
      set({ cleanupStage: running ? 'running' : 'choose', cleanupPreview: null, undoResult: null });
    },
    closeCleanup: () => set({ cleanupStage: 'closed' }),
    editCleanup: () => set({ cleanupStage: 'choose', cleanupPreview: null }),

    async previewCleanup(request) {
      try {
        const preview = await engine.previewActions(request);
        set({ cleanupRequest: request, cleanupPreview: preview, cleanupStage: 'confirm' });
      } catch (error) {
        get().reportError(error);
      }
    },

    async applyCleanup() {
      const request = get().cleanupRequest;
      if (!request) return;
      set({ cleanupStage: 'running', cleanupProgress: null, cleanupResult: null, undoResult: null });
      try {
        const { batchId } = await engine.applyActions(request);
        set({ lastBatchId: batchId });
        // The last progress may have come before the answer.
        const progress = get().cleanupProgress;
        if (progress?.batchId === batchId && progress.done >= progress.total) await finish(batchId);
      } catch (error) {
        set({ cleanupStage: 'choose' });
        get().reportError(error);
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
      try {
        const undoResult = await engine.undoBatch({ batchId });
        set({ undoResult, lastBatchId: null, cleanupStage: get().cleanupStage === 'closed' ? 'closed' : 'result' });
        await get().refreshClusters();
      } catch (error) {
        get().reportError(error);
      }
    },
  };
};
