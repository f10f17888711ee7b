// Main's side of the engine host, over fakes of Electron's modules: the utility process starts
// once the app is ready, the window's page gets a port to it (no other sender does), the host's
// requests are answered with main's capabilities, a crashed engine is started again and the page
// given a new port, and quitting waits until the engine says it has stopped.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../electron/main/appConfig.ts';
import { setupEngine } from '../../../electron/main/engineHost.ts';

class FakeChild extends EventEmitter {
  posted: [unknown, unknown[] | undefined][] = [];
  killed = false;
  postMessage(message: unknown, ports?: unknown[]) {
    this.posted.push([message, ports]);
  }
  kill() {
    this.killed = true;
    return true;
  }
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

function setup(clock = { now: 0 }) {
  const children: FakeChild[] = [];
  const forks: unknown[][] = [];
  const appEvents = new EventEmitter();
  let quits = 0;
  const ipcListeners = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const pagePosts: unknown[][] = [];
  const contents = {
    id: 7,
    mainFrame: { processId: 1, routingId: 2 },
    getURL: () => 'app://shingle/index.html',
    isDestroyed: () => false,
    postMessage: (...args: unknown[]) => void pagePosts.push(args),
    send: (...args: unknown[]) => void pagePosts.push(['send', ...args]),
  };
  let channels = 0;
  const config = { rendererUrl: 'app://shingle/index.html', dataDir: '/data', engineHostEntry: '/src/electron/node/host/engineHost.ts' } as AppConfig;
  setupEngine(config, {
    app: { on: (name: string, listener: (...args: unknown[]) => void) => appEvents.on(name, listener), quit: () => void quits++, whenReady: async () => undefined } as never,
    ipcMain: { on: (channel: string, listener: never) => ipcListeners.set(channel, listener), handle: (channel: string, handler: never) => ipcListeners.set(channel, handler) } as never,
    utilityProcess: {
      fork: ((...args: unknown[]) => {
        forks.push(args);
        const child = new FakeChild();
        children.push(child);
        return child;
      }) as never,
    },
    MessageChannelMain: class {
      port1 = { end: 1, channel: ++channels };
      port2 = { end: 2, channel: channels };
    } as never,
    dialog: { showOpenDialog: async () => ({ canceled: false, filePaths: ['/home/ann/Documents'] }), showMessageBox: async () => ({ response: 0, checkboxChecked: false }) },
    shell: { showItemInFolder: () => undefined, openPath: async () => '' },
    window: () => ({ webContents: contents }) as never,
    now: () => clock.now,
  });
  const fromPage = { sender: { id: 7, postMessage: contents.postMessage, send: contents.send }, senderFrame: { url: 'app://shingle/index.html', parent: null, processId: 1, routingId: 2 } };
  return { children, forks, appEvents, ipcListeners, pagePosts, fromPage, quits: () => quits };
}

describe("main's engine host", () => {
  it('forks the engine host once ready and hands the window, and only it, a port', async () => {
    const { children, forks, ipcListeners, pagePosts, fromPage } = setup();
    await flush();
    expect(forks).toEqual([['/src/electron/node/host/engineHost.ts', ['--data-dir', '/data'], { serviceName: 'Shingle engine', stdio: 'inherit' }]]);
    ipcListeners.get('shingle:engine-port')!(fromPage);
    expect(children[0]!.posted).toEqual([[{ type: 'connect' }, [{ end: 1, channel: 1 }]]]);
    expect(pagePosts).toEqual([['shingle:engine-port', null, [{ end: 2, channel: 1 }]]]);
    ipcListeners.get('shingle:engine-port')!({ ...fromPage, senderFrame: { ...fromPage.senderFrame, url: 'https://evil.example/' } });
    expect(pagePosts).toHaveLength(1);
  });

  it("answers the engine's requests with main's capabilities", async () => {
    const { children } = setup();
    await flush();
    children[0]!.emit('message', { type: 'host-call', id: 4, capability: 'pickFolders', args: ['roots'] });
    children[0]!.emit('message', { type: 'host-call', id: 5, capability: 'confirmPermanentDelete', args: [{ files: 2, bytes: 10 }] });
    await flush();
    expect(children[0]!.posted).toEqual([
      [{ type: 'host-result', id: 4, ok: true, value: ['/home/ann/Documents'] }, undefined],
      [{ type: 'host-result', id: 5, ok: true, value: false }, undefined],
    ]);
  });

  it('starts a crashed engine again and gives the page a port to the new one', async () => {
    const { children, pagePosts } = setup();
    await flush();
    children[0]!.emit('exit', 134);
    expect(children).toHaveLength(2);
    expect(children[1]!.posted[0]![0]).toEqual({ type: 'connect' });
    expect(pagePosts).toEqual([['shingle:engine-port', null, [{ end: 2, channel: 1 }]]]);
  });

  it('restarts a crashing engine three times a minute, then stops and tells the page, also a page loaded later', async () => {
    const clock = { now: 0 };
    const { children, pagePosts, ipcListeners, fromPage } = setup(clock);
    await flush();
    for (const [i, time] of [0, 20_000, 40_000].entries()) {
      clock.now = time;
      children[i]!.emit('exit', 134);
      expect(children).toHaveLength(i + 2);
    }
    clock.now = 59_999;
    children[3]!.emit('exit', 134);
    expect(children).toHaveLength(4);
    expect(pagePosts).toHaveLength(4);
    expect(pagePosts.at(-1)).toEqual(['send', 'shingle:engine-stopped', { message: expect.stringMatching(/^The engine stopped unexpectedly 4 times within a minute and was not started again/) }]);
    // A reload asks for a port: there is none, and the page hears why again.
    ipcListeners.get('shingle:engine-port')!(fromPage);
    expect(pagePosts.at(-1)).toEqual(pagePosts[3]);
    expect(children).toHaveLength(4);
  });

  it('restarts again once the earlier crashes are more than a minute old', async () => {
    const clock = { now: 0 };
    const { children } = setup(clock);
    await flush();
    for (const i of [0, 1, 2]) children[i]!.emit('exit', 134);
    clock.now = 60_000;
    children[3]!.emit('exit', 134);
    expect(children).toHaveLength(5);
  });

  it('lets the engine stop cleanly before quitting, once', async () => {
    const { children, appEvents, quits } = setup();
    await flush();
    let prevented = 0;
    appEvents.emit('will-quit', { preventDefault: () => void prevented++ });
    expect(prevented).toBe(1);
    expect(children[0]!.posted.at(-1)).toEqual([{ type: 'dispose' }, undefined]);
    expect(quits()).toBe(0);
    children[0]!.emit('message', { type: 'disposed' });
    await flush();
    expect(children[0]!.killed).toBe(true);
    expect(quits()).toBe(1);
    // The exit that follows is not a crash, and the second will-quit goes through.
    children[0]!.emit('exit', 0);
    expect(children).toHaveLength(1);
    appEvents.emit('will-quit', { preventDefault: () => void prevented++ });
    expect(prevented).toBe(1);
  });
});
