// Builds the desktop app with Vite's API: the renderer into dist/renderer/, the main process and
// the preload into dist/electron/.
import { resolve } from 'node:path';
import { build } from 'vite';

export const projectRoot = resolve(import.meta.dirname, '../../..');
export const builtMain = resolve(projectRoot, 'dist/electron/main.js');

export const viteConfigs = {
  renderer: resolve(projectRoot, 'renderer/vite.config.ts'),
  main: resolve(projectRoot, 'electron/main/vite.config.ts'),
  preload: resolve(projectRoot, 'electron/preload/vite.config.ts'),
};

/** The main process first: its build empties dist/electron/. */
export async function buildElectron(): Promise<void> {
  await build({ configFile: viteConfigs.main, logLevel: 'warn' });
  await build({ configFile: viteConfigs.preload, logLevel: 'warn' });
}

export async function buildRenderer(): Promise<void> {
  await build({ configFile: viteConfigs.renderer, logLevel: 'warn' });
}
