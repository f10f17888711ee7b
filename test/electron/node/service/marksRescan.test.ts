// Marks when the results are replaced (a scan, an opened report) and then follow the disk: the
// marks of clusters still in the new results stay, leftovers of clusters gone are dropped, so an
// older mark can never come back ahead of the person's newer one.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cluster, ScanReport } from '../../../../shared/report.ts';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { openMarksStore } from '../../../../electron/node/service/marksStore.ts';
import { editEveryNthWord, prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { createDataDir, createFakeHost, fileRef, openService, scanFolders } from './serviceFixture.ts';

const report = prose(41);
const letter = prose(42);
// Only so that a broken watcher fails instead of hanging; how soon it follows is a benchmark figure.
const FOLLOW_MS = 30_000;

describe('marks across replaced results', () => {
  let tree: TempTree;
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  const host = createFakeHost();
  let service: EngineService;

  beforeEach(async () => {
    tree = await createTempTree({
      'Docs/a.txt': report,
      'Docs/b.txt': editEveryNthWord(report, 20),
      'Copies/x.txt': letter,
      'Copies/y.txt': letter,
      'Copies/z.txt': letter,
    });
    dataDir = await createDataDir();
    service = openService(dataDir.path, host);
    expect((await scanFolders(service, host, [tree.root])).failure).toBeUndefined();
  });
  afterEach(async () => {
    await service.dispose();
    await dataDir.remove();
    await tree.remove();
  });

  async function clusterOf(name: string): Promise<Cluster> {
    const { clusters } = await service.listClusters({ offset: 0, limit: 10, sort: 'path' });
    const found = clusters.find((c) => c.files.some((f) => f.path === tree.path(name)));
    if (!found) throw new Error(`no cluster holds ${name}`);
    return found;
  }
  const at = (cluster: Cluster, name: string) => fileRef(cluster, cluster.files.findIndex((f) => f.path === tree.path(name)));

  it("keeps the person's newer mark when the disk turns a cluster back into one a scan replaced", async () => {
    const x = await clusterOf('Docs/b.txt');
    await service.setMark({ ...at(x, 'Docs/b.txt'), mark: 'delete' });

    await tree.write('Docs/c.txt', editEveryNthWord(report, 30, 'draft'));
    expect((await scanFolders(service, host, [tree.root])).failure).toBeUndefined();
    const y = await clusterOf('Docs/b.txt');
    expect(y.files).toHaveLength(3);
    expect(y.id).not.toBe(x.id);
    // The mark made in the cluster the scan replaced is not left behind under its id.
    expect(await service.getMarks({})).toEqual({});
    await service.setMark({ ...at(y, 'Docs/b.txt'), mark: 'keep' });

    await rm(tree.path('Docs/c.txt'));
    await expect.poll(async () => (await clusterOf('Docs/b.txt')).id, { timeout: FOLLOW_MS, interval: 50 }).toBe(x.id);
    expect(await service.getMarks({})).toEqual({ [x.id]: { [tree.path('Docs/b.txt')]: 'keep' } });
    const plan = await service.previewActions({ rules: [], useMarks: true, action: 'trash' });
    expect(plan.totals.files).toBe(0);
  });

  it('keeps the marks of clusters a rescan finds again, and across a restart', async () => {
    const near = await clusterOf('Docs/b.txt');
    const exact = await clusterOf('Copies/y.txt');
    await service.setMark({ ...at(near, 'Docs/b.txt'), mark: 'delete' });
    await service.setMark({ ...at(exact, 'Copies/y.txt'), mark: 'keep' });
    const marks = await service.getMarks({});
    expect(Object.keys(marks)).toHaveLength(2);

    expect((await scanFolders(service, host, [tree.root])).failure).toBeUndefined();
    expect(await service.getMarks({})).toEqual(marks);
    await service.dispose();
    service = openService(dataDir.path, host);
    expect(await service.getMarks({})).toEqual(marks);
  });

  it('keeps, from an opened report, the marks of its clusters on the files still in them, never every file marked Delete', async () => {
    const near = await clusterOf('Docs/b.txt');
    const exact = await clusterOf('Copies/y.txt');
    await service.setMark({ ...at(near, 'Docs/b.txt'), mark: 'delete' });
    await service.setMark({ ...at(exact, 'Copies/x.txt'), mark: 'delete' });
    await service.setMark({ ...at(exact, 'Copies/y.txt'), mark: 'delete' });
    await service.setMark({ ...at(exact, 'Copies/z.txt'), mark: 'keep' });

    // A report of the same folder without z.txt: the exact cluster keeps its id (its content), the near one is not in it.
    const saved = JSON.parse(await readFile(join(dataDir.path, 'lastScan.json'), 'utf8')) as { report: ScanReport };
    const withoutZ = { ...exact, files: exact.files.filter((f) => f.path !== tree.path('Copies/z.txt')) };
    host.nextReport = await tree.write('Saved/report.json', JSON.stringify({ ...saved.report, clusters: [withoutZ] }));
    expect(await service.openReport({})).toEqual({ clusters: 1 });
    expect(await service.getMarks({})).toEqual({});

    // With z.txt the exact cluster's marks that apply stay.
    await service.setMark({ ...at(withoutZ, 'Copies/x.txt'), mark: 'keep' });
    host.nextReport = await tree.write('Saved/report.json', JSON.stringify({ ...saved.report, clusters: [exact] }));
    await service.openReport({});
    expect(await service.getMarks({})).toEqual({ [exact.id]: { [tree.path('Copies/x.txt')]: 'keep' } });
  });
});

describe('marks store following a changed cluster', () => {
  it("prefers the followed cluster's marks to ones left under its new id", async () => {
    const dataDir = await createDataDir();
    try {
      const marks = await openMarksStore(dataDir.path);
      const files = ['/d/a.txt', '/d/b.txt'].map((path) => ({ path, size: 1, mtime: 0 }));
      // near-x is a leftover of results a scan replaced (as marks.json kept it before they were dropped).
      await marks.set('near-x', '/d/b.txt', 'delete');
      await marks.set('near-y', '/d/b.txt', 'keep');
      await marks.follow('near-y', { id: 'near-x', kind: 'near', similarity: 0.9, reclaimable: 1, files });
      expect(marks.get()).toEqual({ 'near-x': { '/d/b.txt': 'keep' } });
    } finally {
      await dataDir.remove();
    }
  });
});
