// The real app in a real Electron, driven by Playwright: the window opens on the built renderer,
// a scan of a temporary folder runs through preload, IPC and engine, and a cluster is shown.
// Needs the Electron binary, which cannot be downloaded everywhere: without it the test is
// reported as skipped, with the reason.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { buildElectron, buildRenderer, builtMain } from '../../../electron/main/launcher/buildApp.ts';
import { findElectronBinary } from '../../../electron/main/launcher/electronBinary.ts';
import { createTempTree } from '../../helpers/tempTree.ts';

const binary = findElectronBinary();
const SKIPPED = 'the Electron binary is not installed (node_modules/electron/dist); run `node node_modules/electron/install.js` on a connected machine';

describe('the desktop app in Electron', () => {
  it('opens its window, scans a folder and shows a cluster', async ({ skip }) => {
    skip(!binary, SKIPPED);
    const tree = await createTempTree({ 'Documents/quarterly-report.txt': 'Quarterly figures, final.\n'.repeat(50), 'Backup/quarterly-report.txt': 'Quarterly figures, final.\n'.repeat(50) });
    const dataDir = await mkdtemp(join(tmpdir(), 'shingle-app-'));
    // The folder picker is native and cannot be driven; the settings file can.
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ roots: [tree.root] }));
    await buildRenderer();
    await buildElectron();
    const app = await electron.launch({ executablePath: binary!, args: [builtMain], env: { ...process.env, SHINGLE_DATA_DIR: dataDir } });
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
