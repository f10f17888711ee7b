// Where the app finds its parts and keeps its data. The built main process lives in
// dist/electron/ beside the preload, the renderer in dist/renderer/; the engine is not bundled
// (see vite.config.ts).
import { join } from 'node:path';
import type { App } from 'electron';
import { defaultDataDir } from '../node/service/dataLocation.ts';
import { APP_PAGE_URL } from './appProtocol.ts';

/** Set to 1 by `npm run dev` only: developer tools, reload, and SHINGLE_RENDERER_URL. */
export const DEVELOPMENT_FLAG = 'SHINGLE_DEV';

export interface AppConfig {
  /** The page the window loads: app://shingle/index.html, or Vite's dev server in development. */
  rendererUrl: string;
  rendererDir: string;
  preloadPath: string;
  /** The engine host's entry, run in a utility process (kept as source, like the rest of the engine). */
  engineHostEntry: string;
  /** Settings, marks, the last results and the window position. */
  dataDir: string;
  /** The app's own folder from before it shared the CLI's, whose data it adopts once; none when a folder is named. */
  earlierDataDir?: string;
  /** Developer tools, reload and a dev server's page: only under `npm run dev` (SHINGLE_DEV=1). */
  devTools: boolean;
}

export function resolveAppConfig(app: Pick<App, 'isPackaged' | 'getPath'>, env: NodeJS.ProcessEnv, builtDir: string, sharedDataDir = defaultDataDir): AppConfig {
  // Not "unpackaged": the app is only ever run from a checkout (`npm start`), and that is the
  // people's app. Only the dev launcher (launcher/dev.ts) sets SHINGLE_DEV; a packaged app never
  // takes it.
  const development = !app.isPackaged && env[DEVELOPMENT_FLAG] === '1';
  const dataDir = env.SHINGLE_DATA_DIR || sharedDataDir();
  const earlierDataDir = env.SHINGLE_DATA_DIR ? undefined : join(app.getPath('appData'), 'Shingle');
  return {
    rendererUrl: (development && devServerUrl(env.SHINGLE_RENDERER_URL)) || APP_PAGE_URL,
    rendererDir: join(builtDir, '..', 'renderer'),
    preloadPath: join(builtDir, 'preload.cjs'),
    // builtDir is dist/electron/; the engine stays at electron/node/ (see vite.config.ts).
    engineHostEntry: join(builtDir, '..', '..', 'electron', 'node', 'host', 'engineHost.mjs'),
    // The CLI's folder (its index and journal), so both faces share one state (dataLocation.ts).
    // SHINGLE_DATA_DIR lets tests and portable setups keep the app's data out of the user's profile.
    dataDir,
    ...(earlierDataDir && earlierDataDir !== dataDir ? { earlierDataDir } : {}),
    devTools: development,
  };
}

/** The dev server's address, accepted only on this machine over plain HTTP (Vite's default). */
export function devServerUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  const local = url?.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (!local) throw new Error(`SHINGLE_RENDERER_URL must be an http://localhost address, not ${value}`);
  return url.href;
}
