// The app's one store, made of slices. Created with the engine it talks to, so tests can hand
// it a fake engine and no React is involved.
import { createStore } from 'zustand/vanilla';
import type { EngineApi } from '../../shared/contract/engineContract.ts';
import { createCleanupSlice } from './cleanupSlice.ts';
import { createClusterFoldersSlice } from './clusterFoldersSlice.ts';
import { createResultsFileSlice } from './resultsFileSlice.ts';
import { createClustersSlice } from './clustersSlice.ts';
import { createHistorySlice } from './historySlice.ts';
import { createDismissedSlice } from './dismissedSlice.ts';
import { createFoldersSlice } from './foldersSlice.ts';
import { createMarksSlice } from './marksSlice.ts';
import { createMoveTargetSlice } from './moveTargetSlice.ts';
import { createOverviewSlice } from './overviewSlice.ts';
import { createScanErrorsSlice } from './scanErrorsSlice.ts';
import { createScanSlice } from './scanSlice.ts';
import { createSelectionSlice } from './selectionSlice.ts';
import { createSettingsSlice } from './settingsSlice.ts';
import { createShellSlice } from './shellSlice.ts';
import type { ShingleState, ShingleStore, StoreHost } from './storeTypes.ts';

export function createShingleStore(engine: EngineApi, host: StoreHost = {}): ShingleStore {
  return createStore<ShingleState>()((set, get) => {
    const context = { set, get, engine, host };
    return {
      ...createShellSlice(context),
      ...createSettingsSlice(context),
      ...createScanSlice(context),
      ...createClustersSlice(context),
      ...createSelectionSlice(context),
      ...createMarksSlice(context),
      ...createCleanupSlice(context),
      ...createHistorySlice(context),
      ...createScanErrorsSlice(context),
      ...createFoldersSlice(context),
      ...createClusterFoldersSlice(context),
      ...createResultsFileSlice(context),
      ...createDismissedSlice(context),
      ...createMoveTargetSlice(context),
      ...createOverviewSlice(context),
    };
  });
}
