// What the page gets as `window.shingle`: one function per command of the contract, event
// subscriptions, and the path of a dropped folder. Derived from the contract, never listed by
// hand. Only payloads cross: the page never sees ipcRenderer or an IPC event object.
import type { IpcRenderer, IpcRendererEvent, WebUtils } from 'electron';
// The names come from the zod-free channels.ts: the contract's schemas are checked by main and
// by the renderer's client, and bundling zod here would only add weight.
import { commandChannel, commandNames, EVENT_CHANNEL, eventNames } from '../../shared/contract/channels.ts';
import type { EventName } from '../../shared/contract/channels.ts';
import type { EngineApi } from '../../shared/contract/engineContract.ts';

export type ShingleBridge = EngineApi & {
  /** The path of a file or folder dropped on the page, for addDroppedFolders ('' for anything else). */
  pathForDroppedFile(file: File): string;
};

type BridgeIpc = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;

// ipcRenderer.invoke rejects with "Error invoking remote method 'shingle:x': Error: <message>";
// the page wants the message.
const REMOTE_PREFIX = /^Error invoking remote method '[^']*': (?:\w*Error: )?/;

export function createShingleBridge(ipc: BridgeIpc, webUtils: Pick<WebUtils, 'getPathForFile'>): ShingleBridge {
  // Typed per command by the contract; each function forwards whatever the page passes, and the
  // main process checks it against that command's schema.
  const commands = Object.fromEntries(
    commandNames.map((name) => [
      name,
      (request: unknown) =>
        ipc.invoke(commandChannel(name), request).catch((error: unknown) => {
          throw new Error(error instanceof Error ? error.message.replace(REMOTE_PREFIX, '') : String(error));
        }),
    ]),
  ) as Omit<EngineApi, 'on'>;

  function on(event: EventName, listener: (payload: never) => void): () => void {
    if (!(eventNames as readonly string[]).includes(event)) throw new Error(`Unknown event: ${String(event)}`);
    if (typeof listener !== 'function') throw new Error('The listener must be a function');
    const relay = (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
      if (name === event) listener(payload as never);
    };
    ipc.on(EVENT_CHANNEL, relay);
    return () => {
      ipc.removeListener(EVENT_CHANNEL, relay);
    };
  }

  return { ...commands, on: on as EngineApi['on'], pathForDroppedFile: (file) => webUtils.getPathForFile(file) };
}
