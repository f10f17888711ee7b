// The names both hosts and the engine host agree on, without zod: the contract's command and
// event names (engineContract.ts checks at compile time that they are exactly its keys), the
// Electron IPC channels, and the messages of the engine port. The sandboxed preload bundles this
// module and nothing heavier.

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
  'listScanErrors',
  'listFolderMatches',
  'listClusterFolders',
  'getFolderFiles',
  'previewFolderCleanup',
  'openReport',
  'dismiss',
  'restore',
  'listDismissed',
] as const;
export type CommandName = (typeof commandNames)[number];

export const eventNames = ['scanProgress', 'scanState', 'clusterChange', 'actionProgress'] as const;
export type EventName = (typeof eventNames)[number];

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && (commandNames as readonly string[]).includes(name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && (eventNames as readonly string[]).includes(name);
}

/** One invoke channel per command: a handler only ever sees its own command's payloads. */
export function commandChannel(name: CommandName): string {
  return `shingle:${name}`;
}

/** Engine events, sent as (name, payload). */
export const EVENT_CHANNEL = 'shingle:event';

/** Electron IPC between the preload and main (the engine itself is reached over a MessagePort). */
export const IpcChannel = {
  /** main → preload: the MessagePort to the engine host, sent again whenever the host restarts. */
  enginePort: 'shingle:engine-port',
  /** preload → main: a dropped item's path (from webUtils.getPathForFile); main answers with a drop token. */
  dropToken: 'shingle:drop-token',
} as const;

/** A message on the engine port, in either direction. Payloads are checked by the receiver. */
export type PortMessage =
  | { type: 'invoke'; id: number; name: string; payload: unknown }
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: string }
  | { type: 'event'; name: EventName; payload: unknown };
