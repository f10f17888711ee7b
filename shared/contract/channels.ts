// The names both hosts and the engine host agree on, without zod: the contract's command and
// event names (engineContract.ts checks at compile time that they are exactly its keys), the
// Electron IPC channels, and the messages of the engine port. The sandboxed preload bundles this
// module and nothing heavier.
import { isOneOf } from './vocabulary.ts';

export const commandNames = [
  'chooseFolders',
  'addDroppedFolders',
  'getSettings',
  'updateSettings',
  'removeFolder',
  'startScan',
  'cancelScan',
  'getScanState',
  'listClusters',
  'getCluster',
  'getDocumentText',
  'revealFile',
  'openFile',
  'setMark',
  'getMarks',
  'previewActions',
  'getPlanPage',
  'applyActions',
  'listBatches',
  'getBatchResult',
  'undoBatch',
  'cancelBatch',
  'listScanErrors',
  'listFolderMatches',
  'listClusterFolders',
  'getFolderFiles',
  'previewFolderCleanup',
  'openReport',
  'dismiss',
  'restore',
  'listDismissed',
  'setMarks',
  'countFolderMarks',
  'markFolder',
  'countMarks',
  'checkSearch',
  'removeFromResults',
  'chooseMoveTarget',
  'getFolderSummary',
] as const;
export type CommandName = (typeof commandNames)[number];

export const eventNames = ['scanProgress', 'scanState', 'clusterChanges', 'actionProgress', 'engineStopped', 'engineRestarted'] as const;
export type EventName = (typeof eventNames)[number];

/** Events only the host can tell (the engine cannot say that it died): never taken from the engine's port. */
export const hostEventNames = ['engineStopped', 'engineRestarted'] as const satisfies readonly EventName[];

export const isCommandName = (name: unknown): name is CommandName => isOneOf(commandNames, name);

export const isEventName = (name: unknown): name is EventName => isOneOf(eventNames, name);

/** Electron IPC between the preload and main (the engine itself is reached over a MessagePort). */
export const IpcChannel = {
  /** main → preload: the MessagePort to the engine host, sent again whenever the host restarts. */
  enginePort: 'shingle:engine-port',
  /** preload → main: a dropped item's path (from webUtils.getPathForFile); main answers with a drop token. */
  dropToken: 'shingle:drop-token',
  /** main → preload: the engine host kept crashing and is not started again; the preload tells the page as the engineStopped event. */
  engineStopped: 'shingle:engine-stopped',
} as const;

/** A message on the engine port, in either direction. Payloads are checked by the receiver. */
export type PortMessage =
  | { type: 'invoke'; id: number; name: string; payload: unknown }
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: string }
  | { type: 'event'; name: EventName; payload: unknown };
