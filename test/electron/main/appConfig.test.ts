// Where the app looks for its parts and data, and when it may use a dev server.
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { devServerUrl, resolveAppConfig } from '../../../electron/main/appConfig.ts';
import { defaultJournalPath } from '../../../electron/node/actions/actionJournal.ts';
import { defaultIndexPath } from '../../../electron/node/index/indexLocation.ts';
import { defaultDataDir } from '../../../electron/node/service/dataLocation.ts';

const app = (isPackaged: boolean) => ({ isPackaged, getPath: (name: string) => `/home/ann/.config-${name}` });

describe('app config', () => {
  it('loads the built renderer over app:// and keeps data where the CLI keeps its index and journal', () => {
    expect(resolveAppConfig(app(true), {}, '/opt/shingle/dist/electron')).toEqual({
      rendererUrl: 'app://shingle/index.html',
      rendererDir: join('/opt/shingle/dist/renderer'),
      preloadPath: join('/opt/shingle/dist/electron/preload.cjs'),
      engineHostEntry: join('/opt/shingle/electron/node/host/engineHost.mjs'),
      dataDir: dirname(defaultJournalPath()),
      earlierDataDir: join('/home/ann/.config-appData', 'Shingle'),
      devTools: false,
    });
    expect(dirname(defaultIndexPath())).toBe(dirname(defaultJournalPath()));
    const linux = { env: {}, platform: 'linux' as const, home: '/home/ann' };
    expect(resolveAppConfig(app(true), {}, '/opt/shingle/dist/electron', () => defaultDataDir(linux)).dataDir).toBe('/home/ann/.local/share/shingle');
  });

  it('uses a dev server and developer tools only under npm run dev (SHINGLE_DEV=1), never packaged', () => {
    const env = { SHINGLE_DEV: '1', SHINGLE_RENDERER_URL: 'http://127.0.0.1:5173/', SHINGLE_DATA_DIR: '/tmp/shingle-e2e' };
    expect(resolveAppConfig(app(false), env, '/src/dist/electron')).toMatchObject({ rendererUrl: 'http://127.0.0.1:5173/', dataDir: '/tmp/shingle-e2e', devTools: true });
    expect(resolveAppConfig(app(false), env, '/src/dist/electron').earlierDataDir).toBeUndefined();
    expect(resolveAppConfig(app(true), env, '/src/dist/electron')).toMatchObject({ rendererUrl: 'app://shingle/index.html', devTools: false });
  });

  it('is the people’s app when run from a checkout by npm start: no developer tools, no dev server', () => {
    for (const env of [{ SHINGLE_RENDERER_URL: 'http://127.0.0.1:5173/' }, { SHINGLE_DEV: 'yes', SHINGLE_RENDERER_URL: 'http://127.0.0.1:5173/' }]) {
      expect(resolveAppConfig(app(false), env, '/src/dist/electron'), JSON.stringify(env)).toMatchObject({ rendererUrl: 'app://shingle/index.html', devTools: false });
    }
    // The data folder still comes from the environment: tests and portable setups use it.
    expect(resolveAppConfig(app(false), { SHINGLE_DATA_DIR: '/tmp/shingle-e2e' }, '/src/dist/electron').dataDir).toBe('/tmp/shingle-e2e');
  });

  it('accepts only a local plain-HTTP dev server', () => {
    expect(devServerUrl('http://localhost:5173')).toBe('http://localhost:5173/');
    expect(devServerUrl(undefined)).toBeUndefined();
    for (const url of ['https://example.com/', 'http://192.168.1.4:5173/', 'file:///tmp/index.html', 'localhost:5173']) {
      expect(() => devServerUrl(url), url).toThrow('SHINGLE_RENDERER_URL must be an http://localhost address');
    }
  });
});
