// The engine beside main: the engine host (electron/node/host/engineHost.ts) runs in a utility
// process, so scans, workers, the index and the watcher never hold up windows and input. Main
// starts it once the app is ready, gives the window's page a MessagePort to it, answers its
// requests for what only main can do (dialogs, the shell, drop tokens), restarts it if it dies
// (a few times a minute at most, then tells the page it stopped: restartBudget.ts), and lets it
// stop cleanly on quit (the running scan's workers ended, pending writes on disk).
import type { App, BrowserWindow, Dialog, IpcMain, MessageChannelMain, Shell, UtilityProcess } from 'electron';
import { answerHostCall, isMessageOfType } from '../node/host/hostProtocol.ts';
import type { HostMessage } from '../node/host/hostProtocol.ts';
import type { AppConfig } from './appConfig.ts';
import { createDesktopHost } from './desktopHost.ts';
import { createDropTokens } from './dropTokens.ts';
import { createRestartBudget, ENGINE_RESTARTS } from './restartBudget.ts';
import { sendEnginePort, setupDropTokens, setupEnginePorts } from './ipcHandlers.ts';
import { isRendererUrl, isTrustedSender } from './senderCheck.ts';

/** How long quitting waits for the engine to write what it holds. */
const DISPOSE_WAIT_MS = 10_000;

export interface EngineHostDeps {
  app: Pick<App, 'on' | 'quit' | 'whenReady'>;
  ipcMain: Pick<IpcMain, 'on' | 'handle'>;
  utilityProcess: Pick<typeof Electron.UtilityProcess, 'fork'>;
  MessageChannelMain: typeof MessageChannelMain;
  dialog: Pick<Dialog, 'showOpenDialog' | 'showMessageBox'>;
  shell: Pick<Shell, 'showItemInFolder' | 'openPath'>;
  window: () => BrowserWindow | undefined;
  /** The clock of the restart budget (tests turn it). */
  now?: () => number;
}

export function setupEngine(config: AppConfig, deps: EngineHostDeps): void {
  const { app, ipcMain, window } = deps;
  const tokens = createDropTokens();
  const host = createDesktopHost(deps.dialog, deps.shell, window, tokens);
  const isTrusted = (event: Parameters<typeof isTrustedSender>[0]) => isTrustedSender(event, window()?.webContents, config.rendererUrl);
  let child: UtilityProcess | undefined;
  let quitting = false;
  const restarts = createRestartBudget({ ...ENGINE_RESTARTS, now: deps.now ?? Date.now });
  /** Set once main gives up on the engine: what the page is told. */
  let stoppedMessage: string | undefined;
  const engine = { connect, stopped: () => stoppedMessage };

  function start(): UtilityProcess {
    const started = deps.utilityProcess.fork(config.engineHostEntry, ['--data-dir', config.dataDir], { serviceName: 'Shingle engine', stdio: 'inherit' });
    started.on('message', (message: unknown) => {
      if (isMessageOfType(message, 'host-call')) void answerHostCall(host, message).then((reply) => started.postMessage(reply));
    });
    started.once('exit', (code: number) => {
      if (quitting || child !== started) return;
      if (restarts.allowRestart()) {
        console.error(`shingle: the engine stopped (exit code ${code}); starting it again`);
        child = start();
      } else {
        console.error(`shingle: the engine stopped (exit code ${code}) after ${ENGINE_RESTARTS.limit} restarts within a minute; not starting it again`);
        child = undefined;
        stoppedMessage = `The engine stopped unexpectedly ${ENGINE_RESTARTS.limit + 1} times within a minute and was not started again: quit Shingle and open it again.`;
      }
      // The page's port died with the old process: give it one to the new engine, or tell it there is none.
      const contents = window()?.webContents;
      if (contents && !contents.isDestroyed() && isRendererUrl(contents.getURL(), config.rendererUrl)) sendEnginePort(contents, engine);
    });
    return started;
  }

  function connect() {
    if (!child) return undefined;
    const { port1, port2 } = new deps.MessageChannelMain();
    child.postMessage({ type: 'connect' } satisfies HostMessage, [port1]);
    return port2;
  }

  setupEnginePorts(ipcMain, isTrusted, engine);
  setupDropTokens(ipcMain, isTrusted, tokens);
  // utilityProcess.fork is available once the app is ready; the page asks for its port after that.
  void app.whenReady().then(() => {
    child = start();
  });

  let stopped = false;
  app.on('will-quit', (event) => {
    if (stopped || !child) return;
    // Quit waits for the engine once; the second will-quit goes through.
    event.preventDefault();
    quitting = true;
    const stopping = child;
    void stopEngine(stopping).finally(() => {
      stopped = true;
      stopping.kill();
      app.quit();
    });
  });
}

function stopEngine(child: UtilityProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      console.error('shingle: the engine did not stop in time');
      resolve();
    }, DISPOSE_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    child.on('message', (message: unknown) => isMessageOfType(message, 'disposed') && done());
    child.once('exit', done);
    child.postMessage({ type: 'dispose' } satisfies HostMessage);
  });
}
