// The History of clean-ups: every batch in the journal, the app's and the CLI's alike (they share
// it), newest first, each with its own Undo — also for batches made before a restart.
import type { BatchSummary, UndoResult } from '../engine/contractTypes.ts';
import type { ShingleState, SliceCreator } from './storeTypes.ts';

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
  /**
   * Undoes a batch, from the History or the clean-up's result alike: once, however many clicks
   * ask for it at once (a refusal by the engine is shown as an error). `shown` is what the caller
   * shows of the result, set together with the batch's end; the list, the marks and an open
   * History follow.
   */
  undoBatch(batchId: number, shown: (result: UndoResult) => Partial<ShingleState>): Promise<void>;
}

export const createHistorySlice: SliceCreator<HistorySlice> = ({ set, get, engine }) => {
  // The batches being undone, from either place: a second click sends nothing (the engine would refuse it).
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
    undoFromHistory: (batchId) => get().undoBatch(batchId, (historyUndo) => ({ historyUndo })),
    async undoBatch(batchId, shown) {
      if (undoing.has(batchId)) return;
      undoing.add(batchId);
      // The files it puts back show in one update, once it is answered.
      get().beginOwnChanges();
      let settled = false;
      try {
        const result = await engine.undoBatch({ batchId });
        set({ ...shown(result), ...(get().lastBatchId === batchId ? { lastBatchId: null } : {}) });
        // The engine has put the files back in its results; the list and the History follow.
        settled = true;
        await Promise.all([get().historyOpen ? get().loadBatches() : undefined, get().settleOwnChanges()]);
      } catch (error) {
        get().reportError(error);
      } finally {
        undoing.delete(batchId);
        if (!settled) void get().settleOwnChanges();
      }
    },
  };
};
