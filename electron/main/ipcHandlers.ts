// The engine's commands as IPC handlers, one channel per command of the contract, and its events
// forwarded to the window. Every message is checked twice: who sent it (senderCheck), then what
// it holds (dispatchCommand against the contract).
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { commandChannel, commandNames, EVENT_CHANNEL, eventNames } from '../../shared/contract/channels.ts';
import type { CommandName } from '../../shared/contract/channels.ts';
import { dispatchCommand } from '../node/service/dispatch.ts';
import type { EngineService } from '../node/service/engineService.ts';
import type { SenderEvent } from './senderCheck.ts';

export type CommandHandler = (event: SenderEvent, payload: unknown) => Promise<unknown>;

export function createCommandHandler(service: EngineService, name: CommandName, isTrusted: (event: SenderEvent) => boolean): CommandHandler {
  return async (event, payload) => {
    if (!isTrusted(event)) throw new Error(`${name}: refused, the request does not come from the Shingle window`);
    return dispatchCommand(service, name, payload);
  };
}

/** Registers a handler per command; returns a function removing them all. */
export function registerCommandHandlers(ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>, service: EngineService, isTrusted: (event: SenderEvent) => boolean): () => void {
  for (const name of commandNames) {
    const handler = createCommandHandler(service, name, isTrusted);
    ipcMain.handle(commandChannel(name), (event: IpcMainInvokeEvent, payload: unknown) => handler(event, payload));
  }
  return () => commandNames.forEach((name) => ipcMain.removeHandler(commandChannel(name)));
}

/** Sends every engine event to the window current at the time; returns a function to stop. */
export function forwardEvents(service: EngineService, contents: () => Pick<WebContents, 'send' | 'isDestroyed'> | undefined): () => void {
  const stops = eventNames.map((name) =>
    service.on(name, (payload) => {
      const target = contents();
      if (target && !target.isDestroyed()) target.send(EVENT_CHANNEL, name, payload);
    }),
  );
  return () => stops.forEach((stop) => stop());
}
