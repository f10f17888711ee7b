// The test transport: the page runs the built renderer; its engine is the engine host
// (electron/node/host/engineHost.ts), the very entry the desktop app runs in a utility process,
// started here as a Node child process on a temporary data folder. This test process plays
// Electron's main: it passes the page's commands to the engine host over the host's message
// protocol and its events back, and answers the host's requests for what main would do (picker,
// shell, drop tokens, the permanent-delete dialog). Every flow crosses a real process boundary.
//  - Commands: page.exposeBinding('shingleInvoke') forwards each call to the engine process,
//    which checks it against the contract exactly as it does in the app.
//  - Events: every engine event is pushed into the page, in order, with page.evaluate.
//  - An init script installs `window.__shingleTest` (an EngineTransport, see
//    renderer/engine/transports.ts) on every load, before the app's script runs.
// The engine process starts at the first use (open(), a command), so a test's beforeEach can
// still set its environment (XDG_DATA_HOME). `restart()` is the app quitting and starting again:
// the engine process stops cleanly, a new one opens the same data folder, and the page reloads.
// `savedReport` (test.use) puts the results of an earlier session in the data folder, as the
// service saves them, before the engine starts.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import type { EngineApi, EventName } from '../../shared/contract/engineContract.ts';
import { forkEngineHost } from '../../electron/node/host/hostProcess.ts';
import type { EngineHostProcess } from '../../electron/node/host/hostProcess.ts';
import { createEngineClient } from '../../renderer/engine/engineClient.ts';
import type { ScanReport } from '../../shared/report.ts';
import type { TempTree } from '../helpers/tempTree.ts';
import { createDocumentTree } from './documentTree.ts';
import { createRecordingHost } from '../helpers/recordingHost.ts';
import type { RecordingHost } from '../helpers/recordingHost.ts';
import { startRendererServer } from './rendererServer.ts';
import type { RendererServer } from './rendererServer.ts';

type TestBridge = { emit(event: string, payload: unknown): void };

export interface ShingleApp {
  page: Page;
  /** The user's folder: what the folder picker returns, and where dropped folders are. */
  tree: TempTree;
  /** The engine as the page sees it (the same process, the same contract, answers checked). */
  service: EngineApi;
  /** What main would do for the engine, recorded; `confirmDelete` answers the delete dialog. */
  host: RecordingHost;
  open(): Promise<void>;
  restart(): Promise<void>;
  /**
   * The engine process killed (as by the out-of-memory killer) and a new one started on the same
   * data folder; the page is told as main and the preload tell it (engineRestarted), and its
   * held events, which died with the old process, are dropped.
   */
  crashEngine(): Promise<void>;
  /** Keeps back the events `hold` selects (until release), as a slower scan would. */
  holdEvents(hold: (event: EventName, payload: unknown) => boolean): void;
  releaseEvents(): Promise<void>;
  /** Every event the engine emitted so far. */
  events: { event: EventName; payload: unknown }[];
}

/** Runs in the page before the app: the transport the app finds as window.__shingleTest. */
function installTestBridge() {
  type Listener = (event: string, payload: unknown) => void;
  const listeners: Listener[] = [];
  const bindings = window as unknown as {
    shingleInvoke(name: string, payload: unknown): Promise<unknown>;
    shingleDropToken(name: string): Promise<string>;
  };
  Object.assign(window, {
    __shingleTest: {
      invoke: (name: string, payload: unknown) => bindings.shingleInvoke(name, payload),
      subscribe: (listener: Listener) => void listeners.push(listener),
      emit: (event: string, payload: unknown) => listeners.forEach((listener) => listener(event, payload)),
      // As the preload does with webUtils.getPathForFile: the test drops Files named after
      // entries of the user's folder, and "main" (this test process) issues their tokens.
      dropToken: (file: File) => (file.name ? bindings.shingleDropToken(file.name) : Promise.resolve('')),
    },
  });
}

export const test = base.extend<{ shingle: ShingleApp; savedReport: ScanReport | undefined }, { rendererServer: RendererServer }>({
  savedReport: [undefined, { option: true }],

  rendererServer: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startRendererServer();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],

  shingle: async ({ page, rendererServer, savedReport }, use) => {
    const tree = await createDocumentTree();
    const dataDir = await mkdtemp(join(tmpdir(), 'shingle-e2e-data-'));
    if (savedReport) {
      const lastScan = { scanId: 'earlier-session', finishedAt: Date.now() - 60_000, report: savedReport };
      await writeFile(join(dataDir, 'lastScan.json'), JSON.stringify(lastScan));
    }
    const host = createRecordingHost();
    host.nextPick = [tree.root];
    const events: ShingleApp['events'] = [];
    let held: { event: EventName; payload: unknown }[] = [];
    let hold: ((event: EventName, payload: unknown) => boolean) | null = null;
    // Events reach the page one after the other, in the order the engine emitted them.
    let delivery = Promise.resolve();
    let engine: EngineHostProcess | undefined;
    const clientListeners: ((event: string, payload: unknown) => void)[] = [];

    const deliver = (event: EventName, payload: unknown) => {
      delivery = delivery
        .then(() => page.evaluate(([e, p]) => (window as unknown as { __shingleTest?: TestBridge }).__shingleTest?.emit(e, p), [event, payload] as const))
        .catch(() => undefined); // the page was reloading or closed: the app reads the state anew when it starts
    };

    function started(): EngineHostProcess {
      if (engine) return engine;
      const child = forkEngineHost({ dataDir, host });
      child.onEvent((event, payload) => {
        events.push({ event, payload });
        clientListeners.forEach((listener) => listener(event, payload));
        if (hold?.(event, payload)) held.push({ event, payload });
        else deliver(event, payload);
      });
      return (engine = child);
    }

    const app: ShingleApp = {
      page,
      tree,
      host,
      events,
      service: createEngineClient({ invoke: (name, payload) => started().invoke(name, payload), subscribe: (listener) => void clientListeners.push(listener) }),
      async open() {
        started();
        await page.goto(rendererServer.url);
      },
      async restart() {
        // The window goes first, as when the app quits: a call the page makes meanwhile would
        // otherwise reach the engine that is stopping (its channel closing) or start a second one.
        await page.goto('about:blank');
        const stopping = engine;
        engine = undefined;
        await stopping?.dispose();
        await delivery;
        started();
        await page.goto(rendererServer.url);
      },
      async crashEngine() {
        const crashed = engine;
        engine = undefined;
        if (crashed && crashed.child.exitCode === null && crashed.child.signalCode === null) {
          const exited = new Promise((resolve) => crashed.child.once('exit', resolve));
          crashed.child.kill('SIGKILL');
          await exited;
        }
        hold = null;
        held = [];
        await delivery;
        started();
        deliver('engineRestarted', {});
        await delivery;
      },
      holdEvents(select) {
        hold = select;
      },
      async releaseEvents() {
        hold = null;
        for (const { event, payload } of held) deliver(event, payload);
        held = [];
        await delivery;
      },
    };

    await page.exposeBinding('shingleInvoke', (_source, name: string, payload: unknown) => started().invoke(name, payload));
    await page.exposeBinding('shingleDropToken', (_source, name: string) => host.dropToken(join(tree.root, name)));
    await page.addInitScript(installTestBridge);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });

    await use(app);

    // The window goes first, as in restart(): a call the page still makes (answering the engine's
    // last events) would otherwise reach the engine that is stopping ("Channel closed").
    await page.goto('about:blank');
    await engine?.dispose();
    await Promise.all([tree.remove(), rm(dataDir, { recursive: true, force: true })]);
    // A script the CSP refused, a failed render, a contract violation: all end up here.
    expect(problems, 'the page reported no errors').toEqual([]);
  },
});

export { expect };

/** Saves a screenshot as a test artifact (test-results/e2e/…) and attaches it to the report. */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<Buffer> {
  const path = testInfo.outputPath(`${name}.png`);
  const body = await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  return body;
}
