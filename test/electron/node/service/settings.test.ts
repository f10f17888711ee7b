// Settings: defaults, folders from the host's picker only, merging updates, kept across restarts.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { scanOptions } from '../../../../electron/node/service/scanRunner.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import { createDataDir, createFakeHost, openService } from './serviceFixture.ts';
import type { FakeHost } from './serviceFixture.ts';

describe('engine settings', () => {
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let host: FakeHost;
  let service: EngineService;
  beforeEach(async () => {
    dataDir = await createDataDir();
    host = createFakeHost();
    service = openService(dataDir.path, host);
  });
  afterEach(async () => {
    await service.dispose();
    await dataDir.remove();
  });

  it('starts from the default scan options and no folders', async () => {
    expect(await service.getSettings({})).toEqual({ ...defaultScanOptions, roots: [], referenceRoots: [] });
  });

  it('adds the folders the host picker returns, once each, and only absolute ones', async () => {
    host.nextPick = ['/data/photos', '/data/docs', '/data/photos', 'relative/folder'];
    expect(await service.chooseFolders({ purpose: 'roots' })).toEqual({ added: ['/data/photos', '/data/docs'] });
    host.nextPick = ['/data/docs/'];
    expect(await service.chooseFolders({ purpose: 'roots' })).toEqual({ added: [] as string[] });
    host.nextPick = ['/data/docs', '/archive'];
    expect(await service.chooseFolders({ purpose: 'referenceRoots' })).toEqual({ added: ['/data/docs', '/archive'] });
    const settings = await service.getSettings({});
    expect(settings.roots).toEqual(['/data/photos', '/data/docs']);
    expect(settings.referenceRoots).toEqual(['/data/docs', '/archive']);
  });

  it('adds dropped folders only by the tokens the host issued, and only when they exist as folders', async () => {
    const tree = await createTempTree({ 'Docs/a.txt': 'a', 'notes.txt': 'n' });
    const paths = [tree.path('Docs'), tree.path('notes.txt'), tree.path('Missing'), 'Docs', tree.path('Docs')];
    // A path is not a token, and a token the host never issued names nothing.
    const tokens = [...paths.map((path) => host.dropToken(path)), tree.path('Docs'), 'drop-999'];
    expect(await service.addDroppedFolders({ purpose: 'roots', tokens })).toEqual({
      added: [tree.path('Docs')],
      skipped: [tree.path('notes.txt'), tree.path('Missing'), 'Docs'],
    });
    expect((await service.getSettings({})).roots).toEqual([tree.path('Docs')]);
    await tree.remove();
  });

  it('removes only folders it lists', async () => {
    host.nextPick = ['/data/photos', '/data/docs'];
    await service.chooseFolders({ purpose: 'roots' });
    expect((await service.removeFolder({ purpose: 'roots', path: '/data/photos' })).roots).toEqual(['/data/docs']);
    await expect(service.removeFolder({ purpose: 'roots', path: '/etc' })).rejects.toThrow('Not a scanned folder: /etc');
    await expect(service.removeFolder({ purpose: 'referenceRoots', path: '/data/docs' })).rejects.toThrow('Not a reference folder');
  });

  it('merges updates and keeps everything across a restart', async () => {
    host.nextPick = ['/data/docs'];
    await service.chooseFolders({ purpose: 'roots' });
    const updated = await service.updateSettings({ threshold: 0.8, excludes: ['*.iso'] });
    expect(updated).toMatchObject({ threshold: 0.8, excludes: ['*.iso'], method: 'minhash', roots: ['/data/docs'] });
    await service.dispose();

    service = openService(dataDir.path, host);
    expect(await service.getSettings({})).toEqual(updated);
    expect(JSON.parse(await readFile(join(dataDir.path, 'settings.json'), 'utf8'))).toEqual(updated);
  });

  it('falls back field by field when the settings file holds something unreadable', async () => {
    host.nextPick = ['/data/docs'];
    await service.chooseFolders({ purpose: 'roots' });
    await service.dispose();
    const path = join(dataDir.path, 'settings.json');
    const stored = JSON.parse(await readFile(path, 'utf8'));
    await writeFile(path, JSON.stringify({ ...stored, threshold: 'high', futureOption: true }));

    service = openService(dataDir.path, host);
    expect(await service.getSettings({})).toMatchObject({ roots: ['/data/docs'], threshold: defaultScanOptions.threshold });
  });

  it('scans the reference folders too, unless a scanned folder already holds them', async () => {
    const settings = { ...(await service.getSettings({})), roots: ['/data/docs', '/data/photos'], referenceRoots: ['/data/docs/archive', '/backup', '/data/docsite'] };
    const { referenceRoots: _unused, ...options } = settings;
    expect(scanOptions(settings)).toEqual({ ...options, roots: ['/data/docs', '/data/photos', '/backup', '/data/docsite'] });
  });
});
