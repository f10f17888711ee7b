// The History of clean-ups: every batch in the journal, the app's and the CLI's alike (they share
// it), newest first, each with its own Undo — also for batches made before a restart.
import type { BatchSummary, UndoResult } from '../engine/contractTypes.ts';
import type { SliceCreator } from './storeTypes.ts';

export interface HistorySlice {
  historyOpen: boolean;
  /** Null while loading. */
  batches: BatchSummary[] | null;
  /** The last undo done from the History, to say what it restored. */
  historyUndo: UndoResult | null;
  openHistory(): Promise<void>;
  closeHistory(): void;
  loadBatches(): Promise<void>;
  undoFromHistory(batchId: number): Promise<void>;
}

export const createHistorySlice: SliceCreator<HistorySlice> = ({ set, get, engine }) => {
  // The batches being undone: a second click on Undo sends nothing (the engine would refuse it).
  const undoing = new Set<number>();
  return {
    historyOpen: false,
    batches: null,
    historyUndo: null,
    async openHistory() {
      set({ historyOpen: true, batches: null, historyUndo: null });
      await get().loadBatches();
    },
    closeHistory: () => set({ historyOpen: false }),
    async loadBatches() {
      try {
        set({ batches: await engine.listBatches({}) });
      } catch (error) {
        get().reportError(error);
      }
    },
    async undoFromHistory(batchId) {
      if (undoing.has(batchId)) return;
      undoing.add(batchId);
      try {
        const historyUndo = await engine.undoBatch({ batchId });
        set({ historyUndo, ...(get().lastBatchId === batchId ? { lastBatchId: null } : {}) });
        // The engine has put the files back in its results; the list and the History follow.
        await Promise.all([get().loadBatches(), get().refreshClusters(), get().loadMarks()]);
      } catch (error) {
        get().reportError(error);
      } finally {
        undoing.delete(batchId);
      }
    },
  };
};
