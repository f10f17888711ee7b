// The contract's values under the names the UI uses, all inferred from the schemas.
import type { z } from 'zod';
import type { CommandRequest, CommandResponse, EventPayload } from '../../shared/contract/engineContract.ts';
import type { clusterSortSchema, markSchema, scanSettingsSchema } from '../../shared/contract/schemas.ts';

export type ScanSettings = z.infer<typeof scanSettingsSchema>;
export type SettingsPatch = CommandRequest<'updateSettings'>;
export type FolderPurpose = CommandRequest<'chooseFolders'>['purpose'];
export type ScanState = EventPayload<'scanState'>;
export type ScanProgress = EventPayload<'scanProgress'>;
export type ClusterChange = EventPayload<'clusterChange'>;
export type ClusterQuery = CommandRequest<'listClusters'>;
export type ClusterPage = CommandResponse<'listClusters'>;
export type ClusterSort = z.infer<typeof clusterSortSchema>;
export type Mark = z.infer<typeof markSchema>;
export type MarksByCluster = CommandResponse<'getMarks'>;
export type ActionRequest = CommandRequest<'previewActions'>;
export type ActionProgress = EventPayload<'actionProgress'>;
export type BatchResult = CommandResponse<'getBatchResult'>;
export type UndoResult = CommandResponse<'undoBatch'>;
export type ScanErrorPage = CommandResponse<'listScanErrors'>;
export type BatchSummary = CommandResponse<'listBatches'>[number];
export type ActionPlan = CommandResponse<'previewActions'>;
export type PlanCluster = ActionPlan['clusters'][number];
export type PlanFile = PlanCluster['files'][number];
export type FolderPairFiles = CommandResponse<'getFolderFiles'>;
export type FolderFile = FolderPairFiles['a'][number];
export type FolderSide = CommandRequest<'previewFolderCleanup'>['side'];
export type FolderPlan = NonNullable<ActionPlan['folder']>;
