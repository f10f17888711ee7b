// The folders the folder filter offers: those that hold clustered files (asked of the engine
// when the filter is opened, so they follow rescans and changes on disk).
import type { ClusterFolder } from '../../shared/clusterFolders.ts';
import type { SliceCreator } from './storeTypes.ts';

export interface ClusterFoldersSlice {
  /** null until first asked for. */
  clusterFolders: ClusterFolder[] | null;
  loadClusterFolders(): Promise<void>;
}

export const createClusterFoldersSlice: SliceCreator<ClusterFoldersSlice> = ({ set, get, engine }) => ({
  clusterFolders: null,
  async loadClusterFolders() {
    try {
      set({ clusterFolders: (await engine.listClusterFolders({})).folders });
    } catch (error) {
      get().reportError(error);
    }
  },
});
