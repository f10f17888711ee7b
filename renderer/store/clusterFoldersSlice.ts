// What the filter bar asks the engine: the folders the folder filter offers, those that hold
// clustered files (asked when the filter is opened, so they follow rescans and changes on disk),
// and how the engine reads a search text (a wildcard, a regular expression, or why it cannot).
import type { ClusterFolder } from '../../shared/clusterFolders.ts';
import type { CommandResponse } from '../../shared/contract/engineContract.ts';
import type { SliceCreator } from './storeTypes.ts';

export type SearchReading = CommandResponse<'checkSearch'>;

export interface ClusterFoldersSlice {
  /** null until first asked for. */
  clusterFolders: ClusterFolder[] | null;
  loadClusterFolders(): Promise<void>;
  /** Null when the engine could not be asked (the error is reported). */
  checkSearch(search: string): Promise<SearchReading | null>;
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
  async checkSearch(search) {
    try {
      return await engine.checkSearch({ search });
    } catch (error) {
      get().reportError(error);
      return null;
    }
  },
});
