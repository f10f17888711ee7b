// The scan: its state and progress as the engine reports them, and starting and cancelling it.
import type { ScanProgress, ScanState } from '../engine/contractTypes.ts';
import type { SliceCreator } from './storeTypes.ts';

export interface ScanSlice {
  scanState: ScanState | null;
  progress: ScanProgress | null;
  loadScanState(): Promise<void>;
  startScan(): Promise<void>;
  cancelScan(): Promise<void>;
  applyScanState(state: ScanState): void;
  applyScanProgress(progress: ScanProgress): void;
  /** The engine that ran the scan died: the scan is over (its screen lets go). True when one was running. */
  dropScan(): boolean;
  /** After the engine restarted, or lost its events: its state as it is now replaces the one seen. */
  reloadScanState(): Promise<void>;
}

/** A scan seen to end; the state found at startup is handled by initialize. */
function hasFinished(previous: ScanState | null, next: ScanState): boolean {
  return previous !== null && !next.running && next.finishedAt !== undefined && next.finishedAt !== previous.finishedAt;
}

export const createScanSlice: SliceCreator<ScanSlice> = ({ set, get, engine }) => ({
  scanState: null,
  progress: null,
  async loadScanState() {
    try {
      get().applyScanState(await engine.getScanState({}));
    } catch (error) {
      get().reportError(error);
    }
  },
  async startScan() {
    try {
      set({ progress: null });
      const { scanId } = await engine.startScan({});
      // Events and answers travel separately: the scan may already have ended by now, and
      // applyScanState then keeps the newer state.
      get().applyScanState({ running: true, scanId, errors: 0 });
    } catch (error) {
      get().reportError(error);
    }
  },
  async cancelScan() {
    try {
      await engine.cancelScan({});
      // The engine tells the end of the scan it cancelled before it answers: one still shown
      // running is one it does not know (its events were lost), and its screen must let go.
      if (get().scanState?.running) await get().reloadScanState();
    } catch (error) {
      get().reportError(error);
    }
  },
  applyScanState(next) {
    const previous = get().scanState;
    const sameScan = previous?.scanId !== undefined && previous.scanId === next.scanId;
    if (next.running && sameScan && !previous.running) return;
    set({ scanState: next, ...(next.running && !sameScan ? { progress: null } : {}) });
    if (!hasFinished(previous, next)) return;
    if (next.failure) get().reportError(`The scan failed: ${next.failure}`);
    else if (!next.cancelled) {
      // New results: whatever was open belongs to the old ones.
      set({ cluster: null, selectedIndex: null, texts: {} });
      void get().marksForNewResults();
      // A scan started from the folders opens on the picture of where the copies are; scanning
      // again from the review or the overview keeps the person where they were.
      get().showScreen(get().screen === 'setup' || get().screen === 'overview' ? 'overview' : 'review');
      void get().refreshClusters({ reset: true });
    }
  },
  applyScanProgress: (progress) => set({ progress }),
  dropScan() {
    const state = get().scanState;
    if (!state?.running) return false;
    set({ scanState: { ...state, running: false }, progress: null });
    return true;
  },
  async reloadScanState() {
    try {
      const next = await engine.getScanState({});
      const seen = get().scanState?.scanId;
      // The scan seen running ended before its engine died, its end untold: it ends now. Any
      // other state is the new engine's last finished scan, not a scan that just ended.
      if (seen !== undefined && seen === next.scanId) get().applyScanState(next);
      else set({ scanState: next, progress: null });
    } catch (error) {
      get().reportError(error);
    }
  },
});
