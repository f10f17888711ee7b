// npm start without an Electron binary: one clear line saying how to get it, no stack trace.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../electron/main/launcher/buildApp.ts';
import { findElectronBinary, MISSING_ELECTRON } from '../../../electron/main/launcher/electronBinary.ts';

describe('npm start', () => {
  it.skipIf(findElectronBinary() !== undefined)('fails with one line when the Electron binary is missing', async () => {
    const failure = await promisify(execFile)(process.execPath, ['electron/main/launcher/start.ts'], { cwd: projectRoot }).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toBe('');
    expect(failure?.stderr).toBe(`${MISSING_ELECTRON}\n`);
    expect(MISSING_ELECTRON).toMatch(/Electron binary is not installed.*node node_modules\/electron\/install\.js.*npx electron@45 --version/);
  });
});
