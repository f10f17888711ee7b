// The IPC handlers: the sender is checked first, then the payload, and only then does the
// service run. The service here records calls; it is never reached by a bad message.
import { describe, expect, it } from 'vitest';
import { ContractError, commandNames, eventNames } from '../../../shared/contract/engineContract.ts';
import type { EngineService } from '../../../electron/node/service/engineService.ts';
import { createCommandHandler, forwardEvents, registerCommandHandlers } from '../../../electron/main/ipcHandlers.ts';
import type { SenderEvent } from '../../../electron/main/senderCheck.ts';

function recordingService() {
  const calls: [string, unknown][] = [];
  const listeners = new Map<string, (payload: unknown) => void>();
  const service = new Proxy({} as EngineService, {
    get(_target, property: string) {
      if (property === 'on') {
        return (event: string, listener: (payload: unknown) => void) => {
          listeners.set(event, listener);
          return () => listeners.delete(event);
        };
      }
      return async (request: unknown) => {
        calls.push([property, request]);
        return { ok: property };
      };
    },
  });
  return { service, calls, listeners };
}

const fromWindow = { sender: { id: 1 }, senderFrame: null } as SenderEvent;
const trusted = () => true;

describe('command handlers', () => {
  it('pass a valid request from the window to the service', async () => {
    const { service, calls } = recordingService();
    const handler = createCommandHandler(service, 'listClusters', trusted);
    expect(await handler(fromWindow, { offset: 0, limit: 10, sort: 'path' })).toEqual({ ok: 'listClusters' });
    expect(calls).toEqual([['listClusters', { offset: 0, limit: 10, sort: 'path' }]]);
  });

  it('reject a malformed payload before the service sees it', async () => {
    const { service, calls } = recordingService();
    const handler = createCommandHandler(service, 'setMark', trusted);
    for (const payload of [undefined, null, 'delete', {}, { clusterId: 'exact-1', fileIndex: 0, mark: 'delete', path: '/etc/passwd' }, { clusterId: 'exact-1', fileIndex: '0', mark: 'delete' }]) {
      await expect(handler(fromWindow, payload)).rejects.toBeInstanceOf(ContractError);
    }
    expect(calls).toEqual([]);
  });

  it('reject a message from anywhere but the window, whatever it holds', async () => {
    const { service, calls } = recordingService();
    const seen: SenderEvent[] = [];
    const handler = createCommandHandler(service, 'getSettings', (event) => {
      seen.push(event);
      return false;
    });
    await expect(handler(fromWindow, {})).rejects.toThrow('getSettings: refused, the request does not come from the Shingle window');
    expect(seen).toEqual([fromWindow]);
    expect(calls).toEqual([]);
  });

  it('are registered on one channel per command, and removed together', async () => {
    const { service, calls } = recordingService();
    // Electron calls handlers with its own event object; these tests pass a SenderEvent.
    const handlers = new Map<string, (event: never, payload: unknown) => unknown>();
    const ipcMain = {
      handle: (channel: string, handler: (event: never, payload: unknown) => unknown) => void handlers.set(channel, handler),
      removeHandler: (channel: string) => void handlers.delete(channel),
    };
    const remove = registerCommandHandlers(ipcMain, service, trusted);
    expect([...handlers.keys()]).toEqual(commandNames.map((name) => `shingle:${name}`));
    const getMarks = handlers.get('shingle:getMarks')!;
    expect(await getMarks(fromWindow as never, {})).toEqual({ ok: 'getMarks' });
    await expect(getMarks(fromWindow as never, { all: true })).rejects.toBeInstanceOf(ContractError);
    expect(calls).toEqual([['getMarks', {}]]);
    remove();
    expect(handlers.size).toBe(0);
  });
});

describe('event forwarding', () => {
  it("sends every engine event to the current window's page, and to no closed one", () => {
    const { service, listeners } = recordingService();
    const sent: unknown[][] = [];
    let destroyed = false;
    let contents: { send(...args: unknown[]): void; isDestroyed(): boolean } | undefined = {
      send: (...args) => void sent.push(args),
      isDestroyed: () => destroyed,
    };
    const stop = forwardEvents(service, () => contents);
    expect([...listeners.keys()].sort()).toEqual([...eventNames].sort());

    listeners.get('scanState')!({ running: true, errors: 0 });
    destroyed = true;
    listeners.get('scanState')!({ running: false, errors: 0 });
    contents = undefined;
    listeners.get('scanProgress')!({ phase: 'walk' });
    expect(sent).toEqual([['shingle:event', 'scanState', { running: true, errors: 0 }]]);
    stop();
    expect(listeners.size).toBe(0);
  });
});
