// The app's one window: created with the secure preferences, at its remembered place, shown
// once its page has painted.
import { BrowserWindow, screen } from 'electron';
import type { AppConfig } from './appConfig.ts';
import { readWindowState, rememberWindowState, restorableBounds } from './windowState.ts';
import { secureWebPreferences } from './webPreferences.ts';

export interface MainWindow {
  /** The open window, if any (none after it closed on macOS). */
  current(): BrowserWindow | undefined;
  /** Opens the window, or brings the open one to the front. */
  show(): void;
}

export function createMainWindow(config: AppConfig): MainWindow {
  let window: BrowserWindow | undefined;

  function open(): BrowserWindow {
    const state = readWindowState(config.dataDir);
    const created = new BrowserWindow({
      ...restorableBounds(state, screen.getAllDisplays().map((display) => display.workArea)),
      minWidth: 720,
      minHeight: 480,
      title: 'Shingle',
      show: false,
      webPreferences: secureWebPreferences(config.preloadPath, { devTools: config.devTools }),
    });
    if (state.maximized) created.maximize();
    rememberWindowState(created, config.dataDir);
    created.once('ready-to-show', () => created.show());
    created.on('closed', () => {
      window = undefined;
    });
    void created.loadURL(config.rendererUrl);
    return created;
  }

  return {
    current: () => window,
    show() {
      if (!window) window = open();
      else {
        if (window.isMinimized()) window.restore();
        window.focus();
      }
    },
  };
}
