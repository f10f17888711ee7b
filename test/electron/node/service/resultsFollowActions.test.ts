// The engine closes its own loop: after a clean-up step its results change at once (the removed
// file leaves its cluster, a cluster of one leaves the list, the totals shrink) and it tells so
// itself, before the batch's end is told, with no watcher involved; undo puts the clusters back, also after a restart;
// marks of removed files are dropped, no cluster is ever left with every file marked Delete, and
// the document that contains the others is never marked Delete.
import { readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventName } from '../../../../shared/contract/engineContract.ts';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { openMarksStore } from '../../../../electron/node/service/marksStore.ts';
import type { Cluster } from '../../../../shared/report.ts';
import { prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { batchFinished } from './actionServiceFixture.ts';
import { createDataDir, createFakeHost, fileRef, openService, scanFolders, useTempDataHome } from './serviceFixture.ts';

const text = prose(41);
const other = prose(42);

describe('results after a clean-up', () => {
  let tree: TempTree;
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let dataHome: Awaited<ReturnType<typeof useTempDataHome>>;
  let service: EngineService;
  let told: { event: EventName | 'clusterChange'; payload: unknown }[];
  /** How many clusterChanges events told them. */
  let updates: number;
  const host = createFakeHost();

  function listen(): void {
    told = [];
    updates = 0;
    service.on('clusterChanges', ({ changes }) => {
      updates++;
      told.push(...changes.map((payload) => ({ event: 'clusterChange' as const, payload })));
    });
    service.on('actionProgress', (payload) => told.push({ event: 'actionProgress', payload }));
  }

  async function cleanUp(request: { rules: string[]; useMarks: boolean }): Promise<number> {
    const { planId } = await service.previewActions({ ...request, action: 'trash' });
    const { batchId } = await service.applyActions({ planId });
    await batchFinished(service, batchId);
    return batchId;
  }

  const all = async () => (await service.listClusters({ offset: 0, limit: 100, sort: 'path' })).clusters;

  beforeEach(async () => {
    dataHome = await useTempDataHome();
    tree = await createTempTree({ 'Docs/a.txt': text, 'Docs/b.txt': text, 'Docs/c.txt': text, 'Docs/x.txt': other, 'Docs/y.txt': other });
    await utimes(tree.path('Docs/b.txt'), new Date(2020, 0, 1), new Date(2020, 0, 1));
    await utimes(tree.path('Docs/c.txt'), new Date(2019, 0, 1), new Date(2019, 0, 1));
    await utimes(tree.path('Docs/y.txt'), new Date(2019, 0, 1), new Date(2019, 0, 1));
    dataDir = await createDataDir();
    service = openService(dataDir.path, host);
    await scanFolders(service, host, [tree.path('Docs')]);
    // Results from an earlier session that did not record what they were scanned with: no
    // watcher follows them, so whatever changes next is the engine's own doing.
    await service.dispose();
    const lastScan = join(dataDir.path, 'lastScan.json');
    const { settings: _settings, ...saved } = JSON.parse(await readFile(lastScan, 'utf8')) as { settings?: unknown };
    await writeFile(lastScan, JSON.stringify(saved));
    service = openService(dataDir.path, host);
    listen();
  });

  afterEach(async () => {
    await service.dispose();
    await Promise.all([tree.remove(), dataDir.remove(), dataHome.restore()]);
  });

  it('disposed during a clean-up, waits for it and has saved the results it left before resolving', async () => {
    expect(await all()).toHaveLength(2);
    const { planId } = await service.previewActions({ rules: ['newest'], useMarks: false, action: 'trash' });
    await service.applyActions({ planId });
    // No wait for the batch: whatever it still changes must be on disk once dispose resolves,
    // not written later into a data folder that may be gone by then.
    await service.dispose();
    const saved = JSON.parse(await readFile(join(dataDir.path, 'lastScan.json'), 'utf8')) as { report: { clusters: Cluster[] } };
    // Newest kept: a.txt and x.txt are all that is left of their clusters, so no cluster remains.
    expect(saved.report.clusters).toEqual([]);
  });

  it('takes removed files out of their clusters and tells so before the batch is told finished', async () => {
    const texts = (await all()).find((c) => c.files.length === 3)!;
    const bAt = texts.files.findIndex((f) => f.path.endsWith('b.txt'));
    await service.setMark({ ...fileRef(texts, bAt), mark: 'delete' });

    const batchId = await cleanUp({ rules: [], useMarks: true });
    const after = await all();
    expect(after).toHaveLength(2);
    const left = after.find((c) => c.id === texts.id)!;
    expect(left.files.map((f) => f.path).sort()).toEqual([tree.path('Docs/a.txt'), tree.path('Docs/c.txt')]);
    expect(left.reclaimable).toBe(Buffer.byteLength(text));
    expect((await service.listClusters({ offset: 0, limit: 100, sort: 'path' })).totalReclaimable).toBe(Buffer.byteLength(text) + Buffer.byteLength(other));
    // The change first, then the end of the batch: a host refreshing at the end sees it.
    const last = told.findLastIndex((t) => t.event === 'actionProgress' && (t.payload as { done: number; total: number }).done === 1);
    const changed = told.findIndex((t) => t.event === 'clusterChange' && (t.payload as { event: string }).event === 'cluster-changed');
    expect(changed).toBeGreaterThanOrEqual(0);
    expect(changed).toBeLessThan(last);
    // The mark of the removed file is gone with it.
    expect(await service.getMarks({})).toEqual({});

    await service.undoBatch({ batchId });
    expect((await all()).find((c) => c.id === texts.id)!.files).toEqual(texts.files);
  });

  it('removes a cluster of one, and undo after a restart brings it back', async () => {
    const batchId = await cleanUp({ rules: ['newest'], useMarks: false });
    expect(await all()).toEqual([]);
    // Both clusters leave, in one update at the batch's end (a page re-renders once, not per file).
    const changes = told.filter((t) => t.event === 'clusterChange').map((t) => (t.payload as { event: string }).event);
    expect(changes).toEqual(['cluster-removed', 'cluster-removed']);
    expect(updates).toBe(1);

    await service.dispose();
    service = openService(dataDir.path, host);
    expect(await all()).toEqual([]);
    listen();
    await service.undoBatch({ batchId });
    expect((await all()).map((c) => c.files.length).sort()).toEqual([2, 3]);
    expect(told.filter((t) => t.event === 'clusterChange').map((t) => (t.payload as { event: string }).event)).toEqual(['cluster-added', 'cluster-added']);
    expect(updates).toBe(1);
  });

  it('never lets every file of a cluster be marked Delete', async () => {
    const texts = (await all()).find((c) => c.files.length === 3)!;
    await service.setMark({ ...fileRef(texts, 0), mark: 'delete' });
    await service.setMark({ ...fileRef(texts, 1), mark: 'delete' });
    await expect(service.setMark({ ...fileRef(texts, 2), mark: 'delete' })).rejects.toThrow(/mark one to keep/);
    expect(Object.keys((await service.getMarks({}))[texts.id]!)).toHaveLength(2);
  });
});

describe('marks of a changed cluster', () => {
  it('drop the marks of files that left, and Delete marks that would remove every file left', async () => {
    const dataDir = await createDataDir();
    try {
      const marks = await openMarksStore(dataDir.path);
      const file = (path: string) => ({ path, size: 1, mtime: 1 });
      const cluster: Cluster = { id: 'c', kind: 'exact', similarity: 1, reclaimable: 2, files: [file('/a'), file('/b'), file('/c')] };
      await marks.set('c', '/a', 'keep');
      await marks.set('c', '/b', 'delete');
      await marks.set('c', '/c', 'delete');
      // /b left (trashed): its mark goes, the others stay.
      await marks.follow('c', { ...cluster, files: [file('/a'), file('/c')] });
      expect(marks.get()).toEqual({ c: { '/a': 'keep', '/c': 'delete' } });
      await marks.set('c', '/b', 'delete');
      // The kept file left by another way: what is left would all go, so nothing stays marked.
      await marks.follow('c', { ...cluster, id: 'c2', files: [file('/b'), file('/c')] });
      expect(marks.get()).toEqual({});
      await marks.set('c2', '/b', 'keep');
      await marks.drop('c2');
      expect(marks.get()).toEqual({});
      await marks.flush();
    } finally {
      await dataDir.remove();
    }
  });
});

describe('marks in a contained cluster', () => {
  it('refuse Delete on the document that contains the others', async () => {
    const source = prose(1);
    const tree = await createTempTree({ 'book.txt': source, 'excerpt.txt': source.slice(0, Math.floor(source.length * 0.4)) });
    const dataDir = await createDataDir();
    const host = createFakeHost();
    const service = openService(dataDir.path, host);
    try {
      await scanFolders(service, host, [tree.root]);
      const [contained] = (await service.listClusters({ offset: 0, limit: 10, sort: 'path', kinds: ['contained'] })).clusters;
      expect(contained?.files[0]?.path).toBe(tree.path('book.txt'));
      await expect(service.setMark({ ...fileRef(contained!, 0), mark: 'delete' })).rejects.toThrow(/contains the others/);
      await service.setMark({ ...fileRef(contained!, 1), mark: 'delete' });
      expect(await service.getMarks({})).toEqual({ [contained!.id]: { [tree.path('excerpt.txt')]: 'delete' } });
    } finally {
      await service.dispose();
      await Promise.all([tree.remove(), dataDir.remove()]);
    }
  });
});
