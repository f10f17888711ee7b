// window.shingle: one function per contract command over its own channel, event subscriptions
// that pass payloads only, and clean error messages.
import { describe, expect, it } from 'vitest';
import { commandNames } from '../../../shared/contract/engineContract.ts';
import { createShingleBridge } from '../../../electron/preload/shingleBridge.ts';

type Relay = (event: unknown, ...args: unknown[]) => void;

function fakeIpc(reply: (channel: string, request: unknown) => Promise<unknown> = async () => ({})) {
  const invoked: [string, unknown][] = [];
  const listeners = new Map<string, Set<Relay>>();
  const ipc = {
    invoke: (channel: string, request: unknown) => {
      invoked.push([channel, request]);
      return reply(channel, request);
    },
    on(channel: string, listener: Relay) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
      return ipc;
    },
    removeListener(channel: string, listener: Relay) {
      listeners.get(channel)?.delete(listener);
      return ipc;
    },
  };
  const send = (channel: string, ...args: unknown[]) => listeners.get(channel)?.forEach((l) => l({ sender: 'the ipc event' }, ...args));
  return { ipc, invoked, listeners, send };
}

const webUtils = { getPathForFile: (file: { name: string }) => `/dropped/${file.name}` };

function bridgeOver(fake: ReturnType<typeof fakeIpc>) {
  return createShingleBridge(fake.ipc as never, webUtils as never);
}

describe('the preload bridge', () => {
  it('has exactly one function per command, plus on and pathForDroppedFile', () => {
    const bridge = bridgeOver(fakeIpc());
    expect(Object.keys(bridge).sort()).toEqual([...commandNames, 'on', 'pathForDroppedFile'].sort());
    for (const key of Object.keys(bridge)) expect(typeof bridge[key as keyof typeof bridge]).toBe('function');
  });

  it('sends each command over its own channel with the request as given', async () => {
    const fake = fakeIpc(async (channel) => (channel === 'shingle:getScanState' ? { running: false, errors: 0 } : {}));
    const bridge = bridgeOver(fake);
    expect(await bridge.getScanState({})).toEqual({ running: false, errors: 0 });
    await bridge.setMark({ clusterId: 'exact-1', fileIndex: 1, mark: 'keep' });
    expect(fake.invoked).toEqual([
      ['shingle:getScanState', {}],
      ['shingle:setMark', { clusterId: 'exact-1', fileIndex: 1, mark: 'keep' }],
    ]);
  });

  it("rejects with the main process's message, without Electron's prefix", async () => {
    const fake = fakeIpc(async () => {
      throw new Error("Error invoking remote method 'shingle:startScan': Error: Choose a folder to scan first");
    });
    await expect(bridgeOver(fake).startScan({})).rejects.toThrow(/^Choose a folder to scan first$/);
  });

  it('delivers the payloads of the subscribed event only, and stops on unsubscribe', () => {
    const fake = fakeIpc();
    const bridge = bridgeOver(fake);
    const received: unknown[] = [];
    const off = bridge.on('scanState', (payload) => received.push(payload));
    fake.send('shingle:event', 'scanProgress', { phase: 'walk' });
    fake.send('shingle:event', 'scanState', { running: true, errors: 0 });
    off();
    fake.send('shingle:event', 'scanState', { running: false, errors: 0 });
    expect(received).toEqual([{ running: true, errors: 0 }]);
    expect(fake.listeners.get('shingle:event')?.size).toBe(0);
  });

  it('refuses unknown events and listeners that are not functions', () => {
    const bridge = bridgeOver(fakeIpc());
    expect(() => bridge.on('anything' as never, () => {})).toThrow('Unknown event: anything');
    expect(() => bridge.on('scanState', 'alert(1)' as never)).toThrow('must be a function');
  });

  it('turns a dropped file into its path with webUtils', () => {
    expect(bridgeOver(fakeIpc()).pathForDroppedFile({ name: 'Documents' } as File)).toBe('/dropped/Documents');
  });
});
