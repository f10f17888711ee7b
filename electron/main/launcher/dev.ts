// npm run dev: the renderer from Vite's dev server (hot reload of the UI), the main process and
// preload rebuilt and Electron restarted when a file of electron/ or shared/ changes.
import { watch } from 'node:fs';
import { resolve } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'vite';
import { buildElectron, projectRoot, viteConfigs } from './buildApp.ts';
import { ensureElectronBinary } from './electronBinary.ts';
import { runElectron } from './runElectron.ts';

const binary = await ensureElectronBinary();

const server = await createServer({ configFile: viteConfigs.renderer, server: { host: '127.0.0.1' } });
await server.listen();
const rendererUrl = server.resolvedUrls?.local[0];
if (!rendererUrl) throw new Error('The Vite dev server did not report its address');
// The page from the dev server, developer tools and reload: for this launcher only (appConfig.ts).
const development = { rendererUrl };

let electron: ChildProcess | undefined;
let restarting = false;

async function restart(): Promise<void> {
  restarting = true;
  const previous = electron;
  if (previous && previous.exitCode === null) {
    const exited = new Promise((resolveExit) => previous.once('exit', resolveExit));
    previous.kill('SIGTERM');
    await exited;
  }
  await buildElectron();
  electron = runElectron(binary, development);
  // Closing the app ends the dev session; a restart's kill does not.
  electron.on('exit', () => {
    if (!restarting) void server.close().then(() => process.exit(0));
  });
  restarting = false;
}

let pending: NodeJS.Timeout | undefined;
for (const folder of ['electron', 'shared']) {
  watch(resolve(projectRoot, folder), { recursive: true }, () => {
    // Editors write a file in several steps: restart once they are done.
    clearTimeout(pending);
    pending = setTimeout(() => void restart().catch((error: unknown) => console.error('shingle dev:', error)), 300);
  });
}
await restart();
