// What main answers over IPC, each message from the app's window only (senderCheck): a request
// for a MessagePort to the engine host, and a drop token for a dropped item's path. The engine's
// commands and events never pass through here: they go over the port, straight between the page
// and the engine host, which checks every payload against the contract.
import type { IpcMain, IpcMainEvent, IpcMainInvokeEvent, MessagePortMain, WebContents } from 'electron';
import { IpcChannel } from '../../shared/contract/channels.ts';
import type { DropTokens } from './dropTokens.ts';
import type { SenderEvent } from './senderCheck.ts';

type PortTarget = Pick<WebContents, 'postMessage' | 'send'>;

export interface EngineLink {
  /** Pairs a new channel with the engine host; its far end for the page. */
  connect(): MessagePortMain | undefined;
  /** Why there is no engine and will be none (main stopped restarting it), else undefined. */
  stopped(): string | undefined;
}

/** Answers the preload's request for an engine port. */
export function setupEnginePorts(ipcMain: Pick<IpcMain, 'on'>, isTrusted: (event: SenderEvent) => boolean, engine: EngineLink): void {
  ipcMain.on(IpcChannel.enginePort, (event: IpcMainEvent) => {
    if (!isTrusted(event)) return;
    sendEnginePort(event.sender, engine);
  });
}

/**
 * Gives the window's page a new port to the engine (also after the engine host restarted), or,
 * once main has given up on the engine, tells it why (a page loaded afterwards too).
 */
export function sendEnginePort(target: PortTarget, engine: EngineLink): void {
  const stopped = engine.stopped();
  if (stopped !== undefined) {
    target.send(IpcChannel.engineStopped, { message: stopped });
    return;
  }
  const port = engine.connect();
  if (port) target.postMessage(IpcChannel.enginePort, null, [port]);
}

export function setupDropTokens(ipcMain: Pick<IpcMain, 'handle'>, isTrusted: (event: SenderEvent) => boolean, tokens: DropTokens): void {
  ipcMain.handle(IpcChannel.dropToken, (event: IpcMainInvokeEvent, path: unknown) => {
    if (!isTrusted(event)) throw new Error('Refused: the request does not come from the Shingle window');
    return tokens.issue(path);
  });
}
