// The engine host process: the entry the desktop app runs in a utility process, forked here as a
// Node child. Commands cross the process boundary checked against the contract, events come
// back, the host's capabilities are asked of the parent, and dispose stops it cleanly.
import { readdir, readFile } from 'node:fs/promises';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forkEngineHost } from '../../../../electron/node/host/hostProcess.ts';
import type { EngineHostProcess } from '../../../../electron/node/host/hostProcess.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { createDataDir, createFakeHost } from '../service/serviceFixture.ts';
import type { FakeHost } from '../service/serviceFixture.ts';

describe('the engine host process', () => {
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let tree: TempTree;
  let host: FakeHost;
  let engine: EngineHostProcess;

  beforeEach(async () => {
    dataDir = await createDataDir();
    tree = await createTempTree({ 'a/report.txt': 'the same words '.repeat(40), 'b/report.txt': 'the same words '.repeat(40) });
    host = createFakeHost();
    engine = forkEngineHost({ dataDir: dataDir.path, host });
  });
  afterEach(async () => {
    await engine.dispose();
    await Promise.all([dataDir.remove(), tree.remove()]);
  });

  it('runs the commands in its own process, checked against the contract', async () => {
    expect(engine.child.pid).not.toBe(process.pid);
    expect(await engine.invoke('getSettings', {})).toMatchObject({ roots: [], referenceRoots: [] });
    await expect(engine.invoke('getSettings', { roots: ['/etc'] })).rejects.toThrow(/getSettings: invalid request/);
    await expect(engine.invoke('formatDisk', {})).rejects.toThrow('Unknown command: "formatDisk"');
  });

  it('runs below normal priority, so that main and the window get the CPU first', async () => {
    await engine.invoke('getSettings', {});
    expect(getPriority(engine.child.pid)).toBe(Math.min(19, getPriority() + 10));
  });

  it('asks its parent for the folder picker, scans, and sends the events back', async () => {
    host.nextPick = [tree.root];
    expect(await engine.invoke('chooseFolders', { purpose: 'roots' })).toEqual({ added: [tree.root] });
    const finished = new Promise<unknown>((resolve) => engine.onEvent((name, payload) => name === 'scanState' && !(payload as { running: boolean }).running && resolve(payload)));
    await engine.invoke('startScan', {});
    expect(await finished).toMatchObject({ running: false, errors: 0 });
    const page = (await engine.invoke('listClusters', { offset: 0, limit: 10, sort: 'path' })) as { total: number };
    expect(page.total).toBe(1);
  });

  it("keeps Node's compile cache in the user's cache folder, so that later starts load the engine already compiled", async () => {
    // As the app starts it: no NODE_COMPILE_CACHE (the tests' default), the user's XDG_CACHE_HOME.
    const cached = forkEngineHost({ dataDir: dataDir.path, host, env: { ...process.env, NODE_COMPILE_CACHE: undefined, XDG_CACHE_HOME: tree.path('cache') } });
    await cached.invoke('getSettings', {});
    await cached.dispose();
    expect((await readdir(tree.path('cache/shingle/compile'))).length).toBeGreaterThan(0);
  });

  it('stops cleanly when asked, with its settings on disk', async () => {
    await engine.invoke('updateSettings', { minSize: 7 });
    await engine.dispose();
    expect(engine.child.exitCode).toBe(0);
    expect(JSON.parse(await readFile(join(dataDir.path, 'settings.json'), 'utf8'))).toMatchObject({ minSize: 7 });
    await expect(engine.invoke('getSettings', {})).rejects.toThrow(/The engine host exited/);
  });
});
