// The real app in a real Electron, driven by Playwright: the window opens on the built renderer,
// a scan of a temporary folder runs through the preload, the engine port and the engine host's
// utility process, and a cluster is shown. Needs the Electron binary, which cannot be downloaded
// everywhere: without it the test is reported as skipped, with the reason (and only then).
// Without a display it runs under xvfb-run; as root, with Chromium's sandbox off.
import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { buildElectron, buildRenderer, builtMain } from '../../../electron/main/launcher/buildApp.ts';
import { findElectronBinary } from '../../../electron/main/launcher/electronBinary.ts';
import { electronSwitches } from '../../../electron/main/launcher/runElectron.ts';
import { createTempTree } from '../../helpers/tempTree.ts';

const binary = findElectronBinary();
const SKIPPED = 'the Electron binary is not installed (node_modules/electron/dist); `npm start` downloads it on a connected machine';

/** Electron itself, or, where there is no display, a script running it under xvfb-run. */
async function launcher(dir: string): Promise<string> {
  if (process.env.DISPLAY || process.env.WAYLAND_DISPLAY) return binary!;
  try {
    execFileSync('xvfb-run', ['--help'], { stdio: 'ignore' });
  } catch {
    throw new Error('No display and no xvfb-run: install xvfb (Debian: apt-get install xvfb) to run the Electron smoke test');
  }
  const script = join(dir, 'electron-in-xvfb.sh');
  await writeFile(script, `#!/bin/sh\nexec xvfb-run -a ${JSON.stringify(binary)} "$@"\n`);
  await chmod(script, 0o755);
  return script;
}

describe('the desktop app in Electron', () => {
  it('opens its window, scans a folder and shows a cluster', async ({ skip }) => {
    skip(!binary, SKIPPED);
    const tree = await createTempTree({ 'Documents/quarterly-report.txt': 'Quarterly figures, final.\n'.repeat(50), 'Backup/quarterly-report.txt': 'Quarterly figures, final.\n'.repeat(50) });
    const dataDir = await mkdtemp(join(tmpdir(), 'shingle-app-'));
    // The folder picker is native and cannot be driven; the settings file can.
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ roots: [tree.root] }));
    await buildRenderer();
    await buildElectron();
    const app = await electron.launch({ executablePath: await launcher(dataDir), args: [...electronSwitches(), builtMain], env: { ...process.env, SHINGLE_DATA_DIR: dataDir } });
    try {
      const page = await app.firstWindow();
      await page.waitForLoadState('domcontentloaded');
      expect(page.url()).toBe('app://shingle/index.html');
      expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
      await page.getByRole('button', { name: /^(Start scan|Scan)$/ }).first().click();
      await expect.poll(() => page.locator('body').innerText(), { timeout: 60_000 }).toContain('quarterly-report.txt');
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
      await tree.remove();
    }
  }, 180_000);
});
