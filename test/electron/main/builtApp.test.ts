// The build, checked without an Electron binary: the bundled main process is loaded by Node with
// a stand-in for the electron module, and the preload is run the way a sandboxed preload is
// (CommonJS, with a require that knows only electron).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandNames } from '../../../shared/contract/engineContract.ts';
import { viteConfigs } from '../../../electron/main/launcher/buildApp.ts';

// Records every call made on the electron module; app.whenReady never resolves, so what is
// recorded is what the main process does before the app is ready.
const FAKE_ELECTRON = `
const calls = (globalThis.electronCalls = []);
const record = (name) => (...args) => { calls.push([name, ...args.filter((a) => typeof a !== 'function')]); };
export const app = {
  isPackaged: false,
  getPath: (name) => '/tmp/fake-' + name,
  setName: record('app.setName'),
  setPath: record('app.setPath'),
  on: record('app.on'),
  quit: record('app.quit'),
  enableSandbox: record('app.enableSandbox'),
  requestSingleInstanceLock: () => { calls.push(['app.requestSingleInstanceLock']); return true; },
  whenReady: () => new Promise(() => {}),
};
export const protocol = { registerSchemesAsPrivileged: record('protocol.registerSchemesAsPrivileged'), handle: record('protocol.handle') };
export const ipcMain = { handle: record('ipcMain.handle'), on: record('ipcMain.on') };
export const utilityProcess = { fork: record('utilityProcess.fork') };
export const dialog = {}, shell = {}, session = {}, Menu = {}, screen = {};
export class MessageChannelMain {}
export class BrowserWindow {}
`;

const LOAD_MAIN = `
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(\`
  export async function resolve(specifier, context, next) {
    return specifier === 'electron' ? { url: \${JSON.stringify(process.argv[3])}, shortCircuit: true } : next(specifier, context);
  }\`));
await import(process.argv[2]);
// Let anything started at load settle before reporting.
await new Promise((resolve) => setTimeout(resolve, 200));
process.stdout.write(JSON.stringify(globalThis.electronCalls));
`;

describe('the built desktop app', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'shingle-build-'));
    await build({ configFile: viteConfigs.main, logLevel: 'silent', build: { outDir } });
    await build({ configFile: viteConfigs.preload, logLevel: 'silent', build: { outDir } });
  });
  afterAll(() => rm(outDir, { recursive: true, force: true }));

  it('main.js loads the engine from source and sets up before the app is ready', async () => {
    await writeFile(join(outDir, 'fake-electron.mjs'), FAKE_ELECTRON);
    await writeFile(join(outDir, 'load-main.mjs'), LOAD_MAIN);
    const { stdout } = await promisify(execFile)(process.execPath, [
      join(outDir, 'load-main.mjs'),
      pathToFileURL(join(outDir, 'main.js')).href,
      pathToFileURL(join(outDir, 'fake-electron.mjs')).href,
    ]);
    const calls = JSON.parse(stdout) as [string, ...unknown[]][];
    const names = calls.map(([name]) => name);
    expect(calls).toContainEqual(['app.setName', 'Shingle']);
    expect(names.indexOf('app.setPath')).toBeLessThan(names.indexOf('app.requestSingleInstanceLock'));
    expect(names).toContain('app.enableSandbox');
    expect(calls.find(([name]) => name === 'protocol.registerSchemesAsPrivileged')?.[1]).toMatchObject([{ scheme: 'app', privileges: { standard: true, secure: true } }]);
    // The engine runs in its own process, started once the app is ready; main only hands out
    // ports to it and drop tokens.
    expect(names).not.toContain('utilityProcess.fork');
    expect(calls).toContainEqual(['ipcMain.on', 'shingle:engine-port']);
    expect(calls.filter(([name]) => name === 'ipcMain.handle')).toEqual([['ipcMain.handle', 'shingle:drop-token']]);
    expect(calls).toContainEqual(['app.on', 'web-contents-created']);
    expect(calls).toContainEqual(['app.on', 'will-quit']);
  });

  it('preload.cjs needs nothing but electron and exposes the bridge', async () => {
    const code = await readFile(join(outDir, 'preload.cjs'), 'utf8');
    const required: string[] = [];
    const exposed: Record<string, unknown> = {};
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, api: unknown) => void (exposed[key] = api) },
      ipcRenderer: { invoke: async () => ({}), on: () => {}, send: () => {} },
      webUtils: { getPathForFile: () => '' },
    };
    const require = (name: string) => {
      required.push(name);
      if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`);
      return electron;
    };
    const module = { exports: {} };
    new Function('require', 'module', 'exports', code)(require, module, module.exports);
    expect(required).toEqual(['electron']);
    // Only names and a bridge: the contract's schemas are checked elsewhere (issue 15: 188 KB of zod).
    expect(code).not.toMatch(/\bzod\b|ZodError/);
    expect(code.length).toBeLessThan(20_000);
    expect(Object.keys(exposed)).toEqual(['shingle']);
    expect(Object.keys(exposed.shingle as object).sort()).toEqual([...commandNames, 'on', 'dropToken'].sort());
  });
});
