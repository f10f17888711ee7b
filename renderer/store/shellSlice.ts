// The app shell: which screen is up, whether the first load is done, the last error.
import { errorMessage } from '../format/errorMessage.ts';
import type { SliceCreator } from './storeTypes.ts';

export type Screen = 'setup' | 'review' | 'folders';

export interface ShellSlice {
  screen: Screen;
  ready: boolean;
  error: string | null;
  showScreen(screen: Screen): void;
  reportError(error: unknown): void;
  dismissError(): void;
  /** Loads settings, scan state and marks; opens the review when an earlier scan left results. */
  initialize(): Promise<void>;
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
});
