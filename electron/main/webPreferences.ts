// The settings of the app's window: the page gets no Node, runs sandboxed, sees the preload's
// bridge only through context isolation, and cannot be talked into loosening any of it.
import type { WebPreferences } from 'electron';

export function secureWebPreferences(preload: string, options: { devTools: boolean }): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    // A file dropped outside the drop zone would otherwise replace the app with the file.
    navigateOnDragDrop: false,
    safeDialogs: true,
    devTools: options.devTools,
  };
}
