// Duplicate folders: the last scan's folder matches, loaded when the screen that shows them opens
// and again whenever a scan finishes.
import type { FolderMatch } from '../../shared/report.ts';
import type { SliceCreator } from './storeTypes.ts';

export interface FoldersSlice {
  /** null until loaded. */
  folderMatches: FolderMatch[] | null;
  loadFolderMatches(): Promise<void>;
}

export const createFoldersSlice: SliceCreator<FoldersSlice> = ({ set, get, engine }) => ({
  folderMatches: null,
  async loadFolderMatches() {
    try {
      set({ folderMatches: await engine.listFolderMatches({}) });
    } catch (error) {
      get().reportError(error);
    }
  },
});
