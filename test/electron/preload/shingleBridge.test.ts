// window.shingle: one function per contract command, sent over the MessagePort main hands over
// (queued until it arrives, failed when the engine restarts), event subscriptions that pass
// payloads only, and drop tokens asked of main for real drops only.
import { MessageChannel } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { commandNames } from '../../../shared/contract/channels.ts';
import type { PortMessage } from '../../../shared/contract/channels.ts';
import { createShingleBridge } from '../../../electron/preload/shingleBridge.ts';

type Relay = (event: unknown, ...args: unknown[]) => void;

/** ipcRenderer as the preload uses it, and an engine on the far end of the ports it hands out. */
function fakeIpc(engine: (message: Extract<PortMessage, { type: 'invoke' }>) => PortMessage | undefined = (m) => ({ type: 'result', id: m.id, ok: true, value: { echo: m.name } })) {
  const sent: unknown[][] = [];
  const invoked: unknown[][] = [];
  const listeners = new Map<string, Relay>();
  const engines: MessagePort[] = [];
  const ipc = {
    send: (...args: unknown[]) => void sent.push(args),
    invoke: async (channel: string, path: unknown) => {
      invoked.push([channel, path]);
      return `token-for-${String(path)}`;
    },
    on(channel: string, listener: Relay) {
      listeners.set(channel, listener);
      return ipc;
    },
  };
  /** Main answers the preload's request: a fresh port to a fresh engine. */
  function handOverPort(): MessagePort {
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (message: PortMessage) => {
      if (message.type !== 'invoke') return;
      const reply = engine(message);
      if (reply) port1.postMessage(reply);
    });
    engines.push(port1);
    listeners.get('shingle:engine-port')!({ ports: [port2] });
    return port1;
  }
  /** Main gives up on the engine. */
  const stopEngine = (message: string) => listeners.get('shingle:engine-stopped')!({}, { message });
  return { ipc, sent, invoked, handOverPort, stopEngine, engines };
}

const webUtils = { getPathForFile: (file: { name: string }) => (file.name ? `/dropped/${file.name}` : '') };

function bridgeOver(fake: ReturnType<typeof fakeIpc>) {
  return createShingleBridge(fake.ipc as never, webUtils as never);
}

describe('the preload bridge', () => {
  it('has exactly one function per command, plus on and dropToken', () => {
    const bridge = bridgeOver(fakeIpc());
    expect(Object.keys(bridge).sort()).toEqual([...commandNames, 'on', 'dropToken'].sort());
    for (const key of Object.keys(bridge)) expect(typeof bridge[key as keyof typeof bridge]).toBe('function');
  });

  it('asks main for the engine port, and sends commands over it once it arrives, in order', async () => {
    const fake = fakeIpc();
    const bridge = bridgeOver(fake);
    expect(fake.sent).toEqual([['shingle:engine-port']]);
    const early = bridge.getScanState({});
    fake.handOverPort();
    await expect(early).resolves.toEqual({ echo: 'getScanState' });
    await expect(bridge.setMark({ clusterId: 'exact-1', fileIndex: 1, path: '/home/ann/a.txt', mark: 'keep' })).resolves.toEqual({ echo: 'setMark' });
    fake.engines.forEach((port) => port.close());
  });

  it("rejects with the engine's message, and fails calls in flight when the engine restarts", async () => {
    const fake = fakeIpc((m) => (m.name === 'startScan' ? { type: 'result', id: m.id, ok: false, error: 'Choose a folder to scan first' } : undefined));
    const bridge = bridgeOver(fake);
    fake.handOverPort();
    await expect(bridge.startScan({})).rejects.toThrow(/^Choose a folder to scan first$/);
    const unanswered = bridge.getSettings({});
    fake.handOverPort();
    await expect(unanswered).rejects.toThrow('The engine restarted');
    fake.engines.forEach((port) => port.close());
  });

  it('tells the page when main stopped the engine for good, failing calls in flight and later ones with its message', async () => {
    const fake = fakeIpc(() => undefined);
    const bridge = bridgeOver(fake);
    const queued = bridge.getSettings({});
    fake.handOverPort();
    const inFlight = bridge.getMarks({});
    const told: unknown[] = [];
    bridge.on('engineStopped', (payload) => told.push(payload));
    fake.stopEngine('The engine stopped unexpectedly.');
    expect(told).toEqual([{ message: 'The engine stopped unexpectedly.' }]);
    await expect(queued).rejects.toThrow(/^The engine stopped unexpectedly\.$/);
    await expect(inFlight).rejects.toThrow(/^The engine stopped unexpectedly\.$/);
    await expect(bridge.getScanState({})).rejects.toThrow(/^The engine stopped unexpectedly\.$/);
    fake.engines.forEach((port) => port.close());
  });

  it('takes engineStopped and engineRestarted from main only, never from the engine port', async () => {
    const fake = fakeIpc();
    const bridge = bridgeOver(fake);
    const engine = fake.handOverPort();
    const told: unknown[] = [];
    bridge.on('engineStopped', (payload) => told.push(payload));
    bridge.on('engineRestarted', (payload) => told.push(payload));
    engine.postMessage({ type: 'event', name: 'engineStopped', payload: { message: 'said by the engine' } });
    engine.postMessage({ type: 'event', name: 'engineRestarted', payload: {} });
    // A command's answer comes after the events posted before it; calls still work.
    await bridge.getMarks({});
    expect(told).toEqual([]);
    engine.close();
  });

  it('tells the page when a new engine replaces the old one (not for the first engine), failing the calls the old one left', async () => {
    const fake = fakeIpc((m) => (m.name === 'getSettings' ? undefined : { type: 'result', id: m.id, ok: true, value: { echo: m.name } }));
    const bridge = bridgeOver(fake);
    const told: string[] = [];
    bridge.on('engineRestarted', () => told.push('restarted'));
    fake.handOverPort();
    expect(told).toEqual([]);
    const unanswered = bridge.getSettings({}).catch((error: Error) => told.push(error.message));
    // Sent on the port before the restart: the old engine has it, unanswered.
    await bridge.getMarks({});
    fake.handOverPort();
    expect(told).toEqual(['restarted']);
    await unanswered;
    expect(told).toEqual(['restarted', 'The engine restarted; try again.']);
    // The new engine answers.
    await expect(bridge.getScanState({})).resolves.toEqual({ echo: 'getScanState' });
    fake.engines.forEach((port) => port.close());
  });

  it('delivers the payloads of the subscribed event only, and stops on unsubscribe', async () => {
    const fake = fakeIpc();
    const bridge = bridgeOver(fake);
    const engine = fake.handOverPort();
    const received: unknown[] = [];
    const off = bridge.on('scanState', (payload) => received.push(payload));
    engine.postMessage({ type: 'event', name: 'scanProgress', payload: { phase: 'walk' } });
    engine.postMessage({ type: 'event', name: 'scanState', payload: { running: true, errors: 0 } });
    // A command's answer comes after the events posted before it.
    await bridge.getMarks({});
    off();
    engine.postMessage({ type: 'event', name: 'scanState', payload: { running: false, errors: 0 } });
    await bridge.getMarks({});
    expect(received).toEqual([{ running: true, errors: 0 }]);
    engine.close();
  });

  it('refuses unknown events and listeners that are not functions', () => {
    const bridge = bridgeOver(fakeIpc());
    expect(() => bridge.on('anything' as never, () => {})).toThrow('Unknown event: anything');
    expect(() => bridge.on('scanState', 'alert(1)' as never)).toThrow('must be a function');
  });

  it("asks main for a dropped item's token, and for nothing when the File has no path", async () => {
    const fake = fakeIpc();
    const bridge = bridgeOver(fake);
    expect(await bridge.dropToken({ name: 'Documents' } as File)).toBe('token-for-/dropped/Documents');
    expect(await bridge.dropToken({ name: '' } as File)).toBe('');
    expect(fake.invoked).toEqual([['shingle:drop-token', '/dropped/Documents']]);
  });
});
