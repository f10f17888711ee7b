// The test transport: the page runs the built renderer; its engine is the real engine service
// in the test process, on a temporary data folder, scanning real temporary folders.
//  - Commands: page.exposeBinding('shingleInvoke') hands each call to dispatchCommand, which
//    checks it against the contract exactly as the app's IPC handlers do.
//  - Events: every service event is pushed into the page, in order, with page.evaluate.
//  - An init script installs `window.__shingleTest` (an EngineTransport, see
//    renderer/engine/transports.ts) on every load, before the app's script runs.
// `restart()` is the app quitting and starting again: the service is disposed, a new one opens
// the same data folder, and the page reloads. `savedReport` (test.use) puts the results of an
// earlier session in the data folder, as the service saves them, before the service starts.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import { eventNames } from '../../shared/contract/engineContract.ts';
import type { EventName } from '../../shared/contract/engineContract.ts';
import { dispatchCommand } from '../../electron/node/service/dispatch.ts';
import { createEngineService } from '../../electron/node/service/engineService.ts';
import type { EngineService, HostCapabilities } from '../../electron/node/service/engineService.ts';
import type { ScanReport } from '../../shared/report.ts';
import type { TempTree } from '../helpers/tempTree.ts';
import { createDocumentTree } from './documentTree.ts';
import { startRendererServer } from './rendererServer.ts';
import type { RendererServer } from './rendererServer.ts';

type Emit = (event: string, payload: unknown) => void;
type TestBridge = { emit: Emit };

interface RecordingHost extends HostCapabilities {
  revealed: string[];
  opened: string[];
}

export interface ShingleApp {
  page: Page;
  /** The user's folder: what the folder picker returns, and where dropped folders are. */
  tree: TempTree;
  service: EngineService;
  host: RecordingHost;
  open(): Promise<void>;
  restart(): Promise<void>;
  /** Keeps back the events `hold` selects (until release), as a slower scan would. */
  holdEvents(hold: (event: EventName, payload: unknown) => boolean): void;
  releaseEvents(): Promise<void>;
  /** Every event the service emitted so far. */
  events: { event: EventName; payload: unknown }[];
}

function recordingHost(tree: TempTree): RecordingHost {
  const host: RecordingHost = {
    revealed: [],
    opened: [],
    pickFolders: async () => [tree.root],
    revealFile: async (path) => void host.revealed.push(path),
    openFile: async (path) => void host.opened.push(path),
  };
  return host;
}

/** Runs in the page before the app: the transport the app finds as window.__shingleTest. */
function installTestBridge(dropFolder: string) {
  type Listener = (event: string, payload: unknown) => void;
  const listeners: Listener[] = [];
  const invoke = (window as unknown as { shingleInvoke(name: string, payload: unknown): Promise<unknown> }).shingleInvoke;
  Object.assign(window, {
    __shingleTest: {
      invoke: (name: string, payload: unknown) => invoke(name, payload),
      subscribe: (listener: Listener) => void listeners.push(listener),
      emit: (event: string, payload: unknown) => listeners.forEach((listener) => listener(event, payload)),
      // A dropped item's path: the test drops Files named after folders of the user's folder.
      pathForDroppedFile: (file: File) => (file.name ? `${dropFolder}/${file.name}` : ''),
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
    const host = recordingHost(tree);
    const events: ShingleApp['events'] = [];
    let held: { event: EventName; payload: unknown }[] = [];
    let hold: ((event: EventName, payload: unknown) => boolean) | null = null;
    // Events reach the page one after the other, in the order the service emitted them.
    let delivery = Promise.resolve();
    let unsubscribe: () => void = () => {};

    const deliver = (event: EventName, payload: unknown) => {
      delivery = delivery
        .then(() => page.evaluate(([e, p]) => (window as unknown as { __shingleTest?: TestBridge }).__shingleTest?.emit(e, p), [event, payload] as const))
        .catch(() => undefined); // the page was reloading or closed: the app reads the state anew when it starts
    };

    function connect(service: EngineService) {
      const stops = eventNames.map((event) =>
        service.on(event, (payload: unknown) => {
          events.push({ event, payload });
          if (hold?.(event, payload)) held.push({ event, payload });
          else deliver(event, payload);
        }),
      );
      unsubscribe = () => stops.forEach((stop) => stop());
    }

    const app: ShingleApp = {
      page,
      tree,
      host,
      events,
      service: createEngineService({ dataDir, host }),
      async open() {
        await page.goto(rendererServer.url);
      },
      async restart() {
        unsubscribe();
        await delivery;
        await app.service.dispose();
        app.service = createEngineService({ dataDir, host });
        connect(app.service);
        await page.reload();
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
    connect(app.service);

    await page.exposeBinding('shingleInvoke', (_source, name: unknown, payload: unknown) => dispatchCommand(app.service, name, payload));
    await page.addInitScript(installTestBridge, tree.root);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });

    await use(app);

    unsubscribe();
    await app.service.dispose();
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
