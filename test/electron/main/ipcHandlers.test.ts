// What main answers over IPC, from the app's window only: the engine port (main pairs a channel
// with the engine host and hands the page its end) and drop tokens (good once, only for the
// absolute paths of dropped items). The engine's commands never pass through main.
import { describe, expect, it } from 'vitest';
import { createDropTokens } from '../../../electron/main/dropTokens.ts';
import { setupDropTokens, setupEnginePorts } from '../../../electron/main/ipcHandlers.ts';
import type { SenderEvent } from '../../../electron/main/senderCheck.ts';

type Handler = (event: unknown, ...args: unknown[]) => unknown;

function fakeIpcMain() {
  const listeners = new Map<string, Handler>();
  const handlers = new Map<string, Handler>();
  return {
    listeners,
    handlers,
    on: (channel: string, listener: Handler) => void listeners.set(channel, listener),
    handle: (channel: string, handler: Handler) => void handlers.set(channel, handler),
  };
}

function senderEvent(id: number) {
  const posted: unknown[][] = [];
  const event = { sender: { id, postMessage: (...args: unknown[]) => void posted.push(args), send: (...args: unknown[]) => void posted.push(['send', ...args]) }, senderFrame: null };
  return { event, posted };
}

const fromWindow = (event: SenderEvent) => event.sender.id === 1;

describe('the engine port', () => {
  it("is handed to the window's page only, one new port per request", () => {
    const ipcMain = fakeIpcMain();
    let connected = 0;
    setupEnginePorts(ipcMain as never, fromWindow, { connect: () => ({ port: ++connected }) as never, stopped: () => undefined });
    const window = senderEvent(1);
    ipcMain.listeners.get('shingle:engine-port')!(window.event);
    expect(window.posted).toEqual([['shingle:engine-port', null, [{ port: 1 }]]]);

    const other = senderEvent(2);
    ipcMain.listeners.get('shingle:engine-port')!(other.event);
    expect(other.posted).toEqual([]);
    expect(connected).toBe(1);
  });

  it('is not handed out once main has stopped the engine: the page is told why instead', () => {
    const ipcMain = fakeIpcMain();
    let connected = 0;
    setupEnginePorts(ipcMain as never, fromWindow, { connect: () => ({ port: ++connected }) as never, stopped: () => 'The engine stopped.' });
    const window = senderEvent(1);
    ipcMain.listeners.get('shingle:engine-port')!(window.event);
    expect(window.posted).toEqual([['send', 'shingle:engine-stopped', { message: 'The engine stopped.' }]]);
    expect(connected).toBe(0);
  });
});

describe('drop tokens', () => {
  it('are issued to the window for absolute paths only, and name their path once', async () => {
    const ipcMain = fakeIpcMain();
    const tokens = createDropTokens();
    setupDropTokens(ipcMain as never, fromWindow, tokens);
    const issue = ipcMain.handlers.get('shingle:drop-token')!;
    const token = issue(senderEvent(1).event, '/home/ann/Documents') as string;
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(() => issue(senderEvent(2).event, '/etc')).toThrow(/does not come from the Shingle window/);
    for (const bad of ['Documents', '', 42, null, '/a\0b']) expect(() => issue(senderEvent(1).event, bad)).toThrow(/absolute path of a dropped item/);

    expect(tokens.redeem([token, '/etc', 'made-up'])).toEqual(['/home/ann/Documents']);
    expect(tokens.redeem([token])).toEqual([]);
  });
});
