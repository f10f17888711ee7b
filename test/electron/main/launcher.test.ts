// npm start without an Electron binary: one line saying it downloads Electron with the package's
// own installer, then, when that fails, one line saying why and what to do; no stack trace. The
// download is pointed at a closed local port (ELECTRON_MIRROR), so it fails here and everywhere.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../electron/main/launcher/buildApp.ts';
import { DOWNLOADING_ELECTRON, findElectronBinary } from '../../../electron/main/launcher/electronBinary.ts';
import { electronEnvironment, electronSwitches } from '../../../electron/main/launcher/runElectron.ts';

describe('npm start', () => {
  it.skipIf(findElectronBinary() !== undefined)('says it downloads Electron, then fails with one line when it cannot (skipped where Electron is installed)', async () => {
    const env = { ...process.env, ELECTRON_MIRROR: 'http://127.0.0.1:9/' };
    const failure = await promisify(execFile)(process.execPath, ['electron/main/launcher/start.ts'], { cwd: projectRoot, env }).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toBe('');
    const lines = failure!.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(DOWNLOADING_ELECTRON);
    expect(lines[1]).toMatch(/^shingle: could not download Electron [\d.]+ \(.+\)\. On a connected machine run `npm start` again; offline, .*ELECTRON_OVERRIDE_DIST_PATH/);
  });

  it('runs the people’s app: development settings come from npm run dev only, never from the shell', () => {
    const shell = { PATH: '/usr/bin', SHINGLE_DATA_DIR: '/tmp/d', SHINGLE_DEV: '1', SHINGLE_RENDERER_URL: 'http://127.0.0.1:1/', ELECTRON_RUN_AS_NODE: '1' };
    expect(electronEnvironment(shell)).toEqual({ PATH: '/usr/bin', SHINGLE_DATA_DIR: '/tmp/d' });
    expect(electronEnvironment(shell, { rendererUrl: 'http://127.0.0.1:5173/' })).toEqual({
      PATH: '/usr/bin',
      SHINGLE_DATA_DIR: '/tmp/d',
      SHINGLE_DEV: '1',
      SHINGLE_RENDERER_URL: 'http://127.0.0.1:5173/',
    });
  });

  it('turns off Chromium’s sandbox only when running as root', () => {
    expect(electronSwitches(0)).toEqual(['--no-sandbox']);
    expect(electronSwitches(1000)).toEqual([]);
  });
});
