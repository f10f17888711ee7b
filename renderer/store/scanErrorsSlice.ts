// The files the last scan could not read or passed over, as the CLI's errors[] lists them: a
// page at a time, since a home folder full of unreadable files must not fill memory.
import type { ScanErrorPage } from '../engine/contractTypes.ts';
import type { SliceCreator } from './storeTypes.ts';

export const SCAN_ERRORS_PAGE = 500;

export interface ScanErrorsSlice {
  /** The errors loaded so far and how many there are; null when the view was never opened. */
  scanErrors: ScanErrorPage | null;
  scanErrorsOpen: boolean;
  openScanErrors(): Promise<void>;
  closeScanErrors(): void;
  loadMoreScanErrors(): Promise<void>;
}

export const createScanErrorsSlice: SliceCreator<ScanErrorsSlice> = ({ set, get, engine }) => ({
  scanErrors: null,
  scanErrorsOpen: false,
  async openScanErrors() {
    set({ scanErrorsOpen: true, scanErrors: null });
    try {
      set({ scanErrors: await engine.listScanErrors({ offset: 0, limit: SCAN_ERRORS_PAGE }) });
    } catch (error) {
      get().reportError(error);
    }
  },
  closeScanErrors: () => set({ scanErrorsOpen: false }),
  async loadMoreScanErrors() {
    const loaded = get().scanErrors;
    if (!loaded || loaded.errors.length >= loaded.total) return;
    try {
      const next = await engine.listScanErrors({ offset: loaded.errors.length, limit: SCAN_ERRORS_PAGE });
      set({ scanErrors: { total: next.total, errors: [...loaded.errors, ...next.errors] } });
    } catch (error) {
      get().reportError(error);
    }
  },
});
