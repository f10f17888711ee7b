// How the UI reaches the engine. Two hosts provide it:
//  - Electron: the preload script exposes `window.shingle`, one function per contract command
//    plus `on(event, listener)` and `dropToken(file)`; preloadTransport adapts it.
//  - End-to-end tests: Playwright installs `window.__shingleTest`, already an EngineTransport
//    (invoke goes to an exposed binding that runs the real engine service; the test pushes
//    events into the page with `emit`). See test/e2e/engineFixture.ts.
// Either way nothing on this side trusts what comes back: engineClient.ts checks it.

import { isCommandName } from '../../shared/contract/engineContract.ts';
import type { EngineApi, EventName } from '../../shared/contract/engineContract.ts';

export interface EngineTransport {
  invoke(name: string, payload: unknown): Promise<unknown>;
  subscribe(listener: (event: string, payload: unknown) => void): void;
  /**
   * A token for an item really dropped on the page, issued by the host that knows its path
   * ('' when the host cannot tell): addDroppedFolders takes tokens, never paths.
   */
  dropToken?(file: File): Promise<string>;
}

/** `window.shingle` as the preload exposes it. */
export type PreloadBridge = EngineApi & { dropToken(file: File): Promise<string> };

declare global {
  interface Window {
    shingle?: PreloadBridge;
    __shingleTest?: EngineTransport;
  }
}

export function preloadTransport(bridge: PreloadBridge, events: readonly EventName[]): EngineTransport {
  return {
    invoke(name, payload) {
      const command = isCommandName(name) ? (bridge[name] as (payload: unknown) => Promise<unknown>) : undefined;
      if (typeof command !== 'function') return Promise.reject(new Error(`The host does not provide the command ${name}.`));
      return command(payload);
    },
    subscribe(listener) {
      for (const event of events) bridge.on(event, (payload) => listener(event, payload));
    },
    dropToken: (file) => bridge.dropToken(file),
  };
}

/** The Electron preload when there is one, else the test bridge, else nothing (a plain browser). */
export function findTransport(host: Window, events: readonly EventName[]): EngineTransport | null {
  if (host.shingle) return preloadTransport(host.shingle, events);
  return host.__shingleTest ?? null;
}
