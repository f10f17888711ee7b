// The app shell: which screen is up, whether the first load is done, the last error.
import { errorMessage } from '../format/errorMessage.ts';
import type { SliceCreator } from './storeTypes.ts';

export type Screen = 'setup' | 'review' | 'folders' | 'overview';

export interface ShellSlice {
  screen: Screen;
  ready: boolean;
  error: string | null;
  showScreen(screen: Screen): void;
  reportError(error: unknown): void;
  dismissError(): void;
  /** Loads settings, scan state and marks; opens the review when an earlier scan left results. */
  initialize(): Promise<void>;
  /** The host started a new engine after the old one died: reads again all the engine holds, and says what was interrupted. */
  engineRestarted(): Promise<void>;
  /** The host gave up on a crashing engine: what was running lets go, and the message says what to do. */
  engineStopped(message: string): void;
}

const CLEANUP_INTERRUPTED = {
  result: 'the clean-up was interrupted: its result shows what was done',
  unknown: 'the clean-up was interrupted: the History shows what was done',
};

function restartMessage(scan: boolean, cleanup: keyof typeof CLEANUP_INTERRUPTED | null): string {
  const interrupted = [scan ? 'the scan was interrupted: scan again when you are ready' : '', cleanup ? CLEANUP_INTERRUPTED[cleanup] : ''];
  return ['The engine stopped unexpectedly and was started again', ...interrupted.filter(Boolean)].join('; ') + '.';
}

export const createShellSlice: SliceCreator<ShellSlice> = ({ set, get }) => ({
  screen: 'setup',
  ready: false,
  error: null,
  showScreen: (screen) => set({ screen }),
  reportError: (error) => set({ error: errorMessage(error) }),
  dismissError: () => set({ error: null }),
  async initialize() {
    await Promise.all([get().loadSettings(), get().loadScanState(), get().loadMarks()]);
    const state = get().scanState;
    const hasResults = state?.finishedAt !== undefined && !state.failure && !state.cancelled;
    set({ ready: true, screen: hasResults ? 'review' : 'setup' });
    if (hasResults) await get().refreshClusters();
  },
  async engineRestarted() {
    const running = get().scanState?.running ? get().scanState?.scanId : undefined;
    get().dropScan();
    // The new engine's results, marks and settings: those the old one held may have changed since
    // they were read (its last changes told or not).
    const reloaded = Promise.all([get().loadSettings(), get().reloadScanState(), get().loadMarks(), get().historyOpen ? get().loadBatches() : undefined]);
    const cleanup = await get().settleCleanupAfterRestart(reloaded);
    await get().refreshClusters({ reset: true });
    // A scan the old engine finished before it died is not interrupted (its end was applied).
    const scan = running !== undefined && get().scanState?.scanId !== running;
    // Last: the calls the old engine left failed with errors of their own.
    get().reportError(restartMessage(scan, cleanup));
  },
  engineStopped(message) {
    get().dropScan();
    get().dropCleanup();
    get().reportError(message);
  },
});
