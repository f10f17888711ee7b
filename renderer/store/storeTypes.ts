// The one store's state is the union of its slices; each slice is built with access to the
// whole store (actions may read and update other slices) and to the engine.
import type { StoreApi } from 'zustand/vanilla';
import type { EngineApi } from '../../shared/contract/engineContract.ts';
import type { CleanupSlice } from './cleanupSlice.ts';
import type { ClusterFoldersSlice } from './clusterFoldersSlice.ts';
import type { ResultsFileSlice } from './resultsFileSlice.ts';
import type { ClustersSlice } from './clustersSlice.ts';
import type { HistorySlice } from './historySlice.ts';
import type { DismissedSlice } from './dismissedSlice.ts';
import type { FoldersSlice } from './foldersSlice.ts';
import type { MarksSlice } from './marksSlice.ts';
import type { MoveTargetSlice } from './moveTargetSlice.ts';
import type { OverviewSlice } from './overviewSlice.ts';
import type { ScanErrorsSlice } from './scanErrorsSlice.ts';
import type { ScanSlice } from './scanSlice.ts';
import type { SelectionSlice } from './selectionSlice.ts';
import type { SettingsSlice } from './settingsSlice.ts';
import type { ShellSlice } from './shellSlice.ts';

export type ShingleState = ShellSlice & SettingsSlice & ScanSlice & ClustersSlice & SelectionSlice & MarksSlice & CleanupSlice & HistorySlice & ScanErrorsSlice & FoldersSlice & ClusterFoldersSlice & ResultsFileSlice & DismissedSlice & MoveTargetSlice & OverviewSlice;
export type ShingleStore = StoreApi<ShingleState>;

/** What the host offers beside the engine's commands. */
export interface StoreHost {
  /** A host-issued token for an item dropped on the page; '' for anything else or when the host cannot tell. */
  dropToken?(file: File): Promise<string>;
}

export interface SliceContext {
  set: ShingleStore['setState'];
  get: ShingleStore['getState'];
  engine: EngineApi;
  host: StoreHost;
}

export type SliceCreator<Slice> = (context: SliceContext) => Slice;
