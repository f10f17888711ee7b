// The desktop app's main process: a list of small setups, each in its own module. The engine
// does the work in its own process (electron/node/host); this one keeps the window, the menu,
// the dialogs and the checks of who may talk to the engine.
import { app, dialog, ipcMain, Menu, MessageChannelMain, protocol, session, shell, utilityProcess } from 'electron';
import { adoptEarlierData } from '../node/service/dataLocation.ts';
import { resolveAppConfig } from './appConfig.ts';
import { appMenuTemplate } from './appMenu.ts';
import { registerAppScheme, serveRenderer } from './appProtocol.ts';
import { setupEngine } from './engineHost.ts';
import { createMainWindow } from './mainWindow.ts';
import { setupDevContentSecurityPolicy, setupNavigationGuards, setupPermissions } from './security.ts';

const config = resolveAppConfig(app, process.env, import.meta.dirname);
const mainWindow = createMainWindow(config);

function setupAppIdentity(): void {
  app.setName('Shingle');
  // Before anything reads the data folder: what the app kept in its own folder comes along.
  if (config.earlierDataDir) adoptEarlierData(config.earlierDataDir, config.dataDir);
  // Chromium's own storage (caches, local storage) beside the app's data.
  app.setPath('userData', config.dataDir);
}

function setupSingleInstance(): boolean {
  // Two instances would write the same settings and marks files.
  if (!app.requestSingleInstanceLock()) return false;
  app.on('second-instance', () => {
    if (app.isReady()) mainWindow.show();
  });
  return true;
}

function setupWindowLifecycle(): void {
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => mainWindow.show());
  mainWindow.show();
}

function setupMenu(): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(process.platform, { devTools: config.devTools })));
}

function setupRenderer(): void {
  serveRenderer(protocol, config.rendererDir);
  if (config.rendererUrl.startsWith('http:')) setupDevContentSecurityPolicy(session.defaultSession, config.rendererUrl);
}

setupAppIdentity();
if (setupSingleInstance()) {
  app.enableSandbox();
  registerAppScheme(protocol);
  setupNavigationGuards(app);
  setupEngine(config, { app, ipcMain, utilityProcess, MessageChannelMain, dialog, shell, window: mainWindow.current });
  void app.whenReady().then(() => {
    setupPermissions(session.defaultSession);
    setupRenderer();
    setupMenu();
    setupWindowLifecycle();
  });
} else {
  app.quit();
}
