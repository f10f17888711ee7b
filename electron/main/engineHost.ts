// The engine inside the main process: the service with the desktop's capabilities, its commands
// on IPC for the window's page only, its events sent to that page, and a clean stop on quit
// (the running scan's worker threads ended, pending writes on disk).
import type { App, BrowserWindow, Dialog, IpcMain, Shell } from 'electron';
import { createEngineService } from '../node/service/engineService.ts';
import type { AppConfig } from './appConfig.ts';
import { createDesktopHost } from './desktopHost.ts';
import { forwardEvents, registerCommandHandlers } from './ipcHandlers.ts';
import { isRendererUrl, isTrustedSender } from './senderCheck.ts';

export interface EngineHostDeps {
  app: Pick<App, 'on' | 'quit'>;
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  dialog: Pick<Dialog, 'showOpenDialog'>;
  shell: Pick<Shell, 'showItemInFolder' | 'openPath'>;
  window: () => BrowserWindow | undefined;
}

export function setupEngine(config: AppConfig, { app, ipcMain, dialog, shell, window }: EngineHostDeps): void {
  const service = createEngineService({ dataDir: config.dataDir, host: createDesktopHost(dialog, shell, window) });
  registerCommandHandlers(ipcMain, service, (event) => isTrustedSender(event, window()?.webContents, config.rendererUrl));
  // Events go to the window only while it shows the app's page (navigation is blocked anyway).
  forwardEvents(service, () => {
    const contents = window()?.webContents;
    return contents && isRendererUrl(contents.getURL(), config.rendererUrl) ? contents : undefined;
  });

  let stopped = false;
  app.on('will-quit', (event) => {
    if (stopped) return;
    // Quit waits for the engine once; the second will-quit goes through.
    event.preventDefault();
    void service
      .dispose()
      .catch((error: unknown) => console.error('shingle: the engine did not stop cleanly:', error))
      .finally(() => {
        stopped = true;
        app.quit();
      });
  });
}
