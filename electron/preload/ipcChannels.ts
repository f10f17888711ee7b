// The IPC channel names the preload and the main process agree on.
import type { CommandName } from '../../shared/contract/engineContract.ts';

/** One invoke channel per command: a handler only ever sees its own command's payloads. */
export function commandChannel(name: CommandName): string {
  return `shingle:${name}`;
}

/** Engine events, sent as (name, payload). */
export const EVENT_CHANNEL = 'shingle:event';
