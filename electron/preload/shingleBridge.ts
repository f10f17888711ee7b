// What the page gets as `window.shingle`: one function per command of the contract, event
// subscriptions, and drop tokens. Commands and events travel over a MessagePort that main hands
// over (after checking it is the app's window asking) straight to the engine host process; main
// does not relay them. Only payloads cross: the page never sees ipcRenderer, an IPC event or the
// port. Names come from the zod-free channels.ts: the engine host checks every request against
// the contract's schemas and the renderer's client every answer, so bundling zod here would only
// add weight.
import type { IpcRenderer, IpcRendererEvent, WebUtils } from 'electron';
import { commandNames, hostEventNames, IpcChannel, isEventName } from '../../shared/contract/channels.ts';
import { isOneOf } from '../../shared/contract/vocabulary.ts';
import type { EventName, PortMessage } from '../../shared/contract/channels.ts';
import type { EngineApi } from '../../shared/contract/engineContract.ts';
import { createPendingCalls } from '../../shared/contract/pendingCalls.ts';

export type ShingleBridge = EngineApi & {
  /** A token main issues for a file or folder really dropped on the page ('' for anything else), for addDroppedFolders. */
  dropToken(file: File): Promise<string>;
};

type BridgeIpc = Pick<IpcRenderer, 'invoke' | 'on' | 'send'>;
type EnginePort = IpcRendererEvent['ports'][number];

// ipcRenderer.invoke rejects with "Error invoking remote method 'shingle:x': Error: <message>";
// the page wants the message.
const REMOTE_PREFIX = /^Error invoking remote method '[^']*': (?:\w*Error: )?/;

export function createShingleBridge(ipc: BridgeIpc, webUtils: Pick<WebUtils, 'getPathForFile'>): ShingleBridge {
  let port: EnginePort | undefined;
  // Commands sent before the port arrives wait for it.
  let waiting: PortMessage[] = [];
  const pending = createPendingCalls();
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  /** Main's word that the engine is gone for good: every call fails with it. */
  let stopped: string | undefined;

  function emit(name: EventName, payload: unknown): void {
    for (const listener of [...(listeners.get(name) ?? [])]) listener(payload);
  }

  function receive(event: { data: unknown }): void {
    const message = event.data as PortMessage;
    if (message?.type === 'result') {
      pending.settle(message.id, message);
    } else if (message?.type === 'event' && isEventName(message.name) && !isOneOf(hostEventNames, message.name)) {
      // engineStopped and engineRestarted are main's word alone (below): the engine cannot tell that it is gone.
      emit(message.name, message.payload);
    }
  }

  // main stopped restarting a crashing engine: nothing pending or queued will be answered.
  ipc.on(IpcChannel.engineStopped, (_event: IpcRendererEvent, payload: unknown) => {
    const message = (payload as { message?: unknown } | null)?.message;
    stopped = typeof message === 'string' ? message : 'The engine stopped and was not started again.';
    port?.close();
    port = undefined;
    waiting = [];
    pending.failAll(stopped);
    emit('engineStopped', { message: stopped });
  });

  ipc.on(IpcChannel.enginePort, (event: IpcRendererEvent) => {
    const [next] = event.ports;
    if (!next) return;
    // A new port after an old one means a new engine process: what it was doing is gone. Calls
    // still waiting for a port were never sent and go to the new one.
    const restarted = port !== undefined;
    port?.close();
    const queued = new Set(waiting.map((message) => (message.type === 'invoke' ? message.id : 0)));
    pending.failAll('The engine restarted; try again.', (id) => queued.has(id));
    port = next;
    port.onmessage = receive;
    for (const message of waiting) port.postMessage(message);
    waiting = [];
    // The page reads again what the new engine holds, and lets go of what the old one was running.
    if (restarted) emit('engineRestarted', {});
  });
  ipc.send(IpcChannel.enginePort);

  // Typed per command by the contract; each function forwards whatever the page passes, and the
  // engine host checks it against that command's schema.
  const commands = Object.fromEntries(
    commandNames.map((name) => [
      name,
      (payload: unknown) => {
        if (stopped !== undefined) return Promise.reject(new Error(stopped));
        return pending.call((id) => {
          const message: PortMessage = { type: 'invoke', id, name, payload };
          if (port) port.postMessage(message);
          else waiting.push(message);
        });
      },
    ]),
  ) as Omit<EngineApi, 'on'>;

  function on(event: EventName, listener: (payload: never) => void): () => void {
    if (!isEventName(event)) throw new Error(`Unknown event: ${String(event)}`);
    if (typeof listener !== 'function') throw new Error('The listener must be a function');
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    const entry = listener as (payload: unknown) => void;
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }

  async function dropToken(file: File): Promise<string> {
    // Empty for a File the page made up: only real drops (and file inputs) have a path.
    const path = webUtils.getPathForFile(file);
    if (!path) return '';
    try {
      return (await ipc.invoke(IpcChannel.dropToken, path)) as string;
    } catch (error) {
      throw new Error(error instanceof Error ? error.message.replace(REMOTE_PREFIX, '') : String(error), { cause: error });
    }
  }

  return { ...commands, on: on as EngineApi['on'], dropToken };
}
