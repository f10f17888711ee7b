// Duplicate folders: the last scan's folder matches, loaded when the screen that shows them opens
// and again whenever a scan finishes; each pair's files with their marks (matched, changed, only
// here) as the results are now; and the clean-up of one folder of a pair, previewed in the
// clean-up dialog and applied by its plan id like any other clean-up.
import type { FolderSide, FolderPairFiles } from '../engine/contractTypes.ts';
import type { FolderMatch } from '../../shared/report.ts';
import type { SliceCreator } from './storeTypes.ts';

export interface FoldersSlice {
  /** null until loaded. */
  folderMatches: FolderMatch[] | null;
  /** Each pair's files by its id, once asked for. */
  folderFiles: Record<string, FolderPairFiles>;
  loadFolderMatches(): Promise<void>;
  loadFolderFiles(folderId: string): Promise<void>;
  /** Plans the clean-up of one folder of the pair and opens its preview. */
  previewFolderCleanup(folderId: string, side: FolderSide): Promise<void>;
}

export const createFoldersSlice: SliceCreator<FoldersSlice> = ({ set, get, engine }) => {
  // Per pair, the latest request: an older answer arriving after it is not shown.
  const latest = new Map<string, number>();
  let requests = 0;
  return {
    folderMatches: null,
    folderFiles: {},
    async loadFolderMatches() {
      try {
        // Each pair shown asks for its files again after a scan (the view's effect follows it).
        set({ folderMatches: await engine.listFolderMatches({}) });
      } catch (error) {
        get().reportError(error);
      }
    },
    async loadFolderFiles(folderId) {
      const request = ++requests;
      latest.set(folderId, request);
      try {
        const files = await engine.getFolderFiles({ folderId });
        if (latest.get(folderId) === request) set({ folderFiles: { ...get().folderFiles, [folderId]: files } });
      } catch (error) {
        get().reportError(error);
      }
    },
    async previewFolderCleanup(folderId, side) {
      try {
        // Trash only: what a folder clean-up removes can be put back.
        const preview = await engine.previewFolderCleanup({ folderId, side, action: 'trash' });
        set({ cleanupRequest: null, cleanupPreview: preview, cleanupPlanClusters: preview.clusters, cleanupResult: null, undoResult: null, cleanupStage: 'confirm' });
      } catch (error) {
        get().reportError(error);
      }
    },
  };
};
