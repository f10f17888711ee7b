// A file reference from the UI names a cluster and a position, with the path the UI shows there
// as a check. An exact cluster keeps its id (its content's hash) when a copy joins it, so a view
// from before a rescan can name another file at the same position: the engine refuses then, and
// changes, opens, reveals and dismisses nothing; a whole cluster is dismissed only with the files shown.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRequest } from '../../../../shared/contract/engineContract.ts';
import type { Cluster } from '../../../../shared/report.ts';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { createDataDir, createFakeHost, openService, scanFolders } from './serviceFixture.ts';
import type { FakeHost } from './serviceFixture.ts';

const letter = prose(31);
const CHANGED = /This cluster changed since it was shown: .*c\.txt is no longer its file 2, so nothing was done/;

describe('file references checked against the path the UI shows', () => {
  let tree: TempTree;
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let host: FakeHost;
  let service: EngineService;
  /** The cluster as the UI saw it before the copy b.txt appeared and the folder was scanned again. */
  let seen: Cluster;
  let now: Cluster;

  async function only(): Promise<Cluster> {
    const { clusters } = await service.listClusters({ offset: 0, limit: 10, sort: 'path' });
    expect(clusters).toHaveLength(1);
    return clusters[0]!;
  }

  beforeEach(async () => {
    tree = await createTempTree({ 'Docs/a.txt': letter, 'Docs/c.txt': letter, 'Docs/d.txt': letter });
    dataDir = await createDataDir();
    host = createFakeHost();
    service = openService(dataDir.path, host);
    expect((await scanFolders(service, host, [tree.path('Docs')])).failure).toBeUndefined();
    seen = await only();
    expect(seen.files.map((f) => f.path)).toEqual(['a', 'c', 'd'].map((name) => tree.path(`Docs/${name}.txt`)));
    await service.setMark({ clusterId: seen.id, fileIndex: 1, path: tree.path('Docs/c.txt'), mark: 'delete' });

    await tree.write('Docs/b.txt', letter);
    expect((await scanFolders(service, host, [tree.path('Docs')])).failure).toBeUndefined();
    now = await only();
    // The same id, another file at c's old position.
    expect(now.id).toBe(seen.id);
    expect(now.files[1]!.path).toBe(tree.path('Docs/b.txt'));
  });
  afterEach(async () => {
    await service.dispose();
    await dataDir.remove();
    await tree.remove();
  });

  /** c.txt where the UI saw it: file 2 of the cluster. */
  const staleC = () => ({ clusterId: seen.id, fileIndex: 1, path: seen.files[1]!.path });

  it('refuses to undo a mark on the file that moved into its place, and keeps the mark where it was', async () => {
    await expect(service.setMark({ ...staleC(), mark: null })).rejects.toThrow(CHANGED);
    expect(await service.getMarks({})).toEqual({ [seen.id]: { [tree.path('Docs/c.txt')]: 'delete' } });

    // Named where it is now, the same file's mark is undone.
    await service.setMark({ clusterId: now.id, fileIndex: 2, path: tree.path('Docs/c.txt'), mark: null });
    expect(await service.getMarks({})).toEqual({});
  });

  it('refuses to open, reveal or dismiss the file that moved into the place the UI saw', async () => {
    await expect(service.openFile(staleC())).rejects.toThrow(CHANGED);
    await expect(service.revealFile(staleC())).rejects.toThrow(CHANGED);
    await expect(service.dismiss(staleC())).rejects.toThrow(CHANGED);
    // The whole cluster as it was shown: b.txt, never seen in it, would be hidden with it.
    await expect(service.dismiss({ clusterId: seen.id, paths: seen.files.map((f) => f.path) })).rejects.toThrow(
      'This cluster changed since it was shown: it holds 4 files now, not the ones shown, so nothing was done',
    );
    await expect(service.getDocumentText(staleC())).rejects.toThrow(CHANGED);
    expect(host.opened).toEqual([]);
    expect(host.revealed).toEqual([]);
    expect(await service.listDismissed({})).toEqual([]);
    expect((await only()).files).toHaveLength(4);

    await service.revealFile({ clusterId: now.id, fileIndex: 2, path: tree.path('Docs/c.txt') });
    expect(host.revealed).toEqual([tree.path('Docs/c.txt')]);
  });

  it('requires the path with every reference that acts on a file, and nothing else in it', () => {
    const ref = { clusterId: 'exact-1', fileIndex: 1 };
    for (const name of ['setMark', 'openFile', 'revealFile', 'dismiss'] as const) {
      expect(() => parseRequest(name, { ...ref, mark: 'keep' })).toThrow(`${name}: invalid request`);
      expect(() => parseRequest(name, { ...ref, path: '' })).toThrow(`${name}: invalid request`);
      expect(() => parseRequest(name, { ...ref, path: '/a', extra: 1 })).toThrow(`${name}: invalid request`);
    }
    expect(parseRequest('setMark', { ...ref, path: '/a', mark: 'keep' })).toEqual({ ...ref, path: '/a', mark: 'keep' });
    expect(parseRequest('dismiss', { ...ref, path: '/a' })).toEqual({ ...ref, path: '/a' });
    expect(parseRequest('dismiss', { clusterId: 'exact-1', paths: ['/a', '/b'] })).toEqual({ clusterId: 'exact-1', paths: ['/a', '/b'] });
    expect(() => parseRequest('dismiss', { clusterId: 'exact-1' })).toThrow('dismiss: invalid request');
    expect(() => parseRequest('dismiss', { clusterId: 'exact-1', paths: [] })).toThrow('dismiss: invalid request');
    // Reading a text changes nothing: its check is optional.
    expect(parseRequest('getDocumentText', ref)).toEqual(ref);
    expect(() => parseRequest('getDocumentText', { ...ref, path: 1 })).toThrow('getDocumentText: invalid request');
  });
});
