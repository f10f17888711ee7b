// A real scan through the service, then the list view's queries, document text, host actions and
// marks, all checked against the contract's response schemas.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCommands } from '../../../../shared/contract/engineContract.ts';
import type { CommandRequest, EventPayload } from '../../../../shared/contract/engineContract.ts';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { editEveryNthWord, prose, renderHtml } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { createDataDir, createFakeHost, fileRef, openService, scanFolders } from './serviceFixture.ts';
import type { FakeHost } from './serviceFixture.ts';

const contract = prose(11);
const minutes = prose(12);
const photo = randomBytes(300_000);
const video = randomBytes(900_000);
const script = `#!/bin/sh\necho ${randomBytes(8).toString('hex')}\n`;

type Query = CommandRequest<'listClusters'>;
const all: Query = { offset: 0, limit: 100, sort: 'reclaimable' };

describe('engine service over a scanned folder', () => {
  let tree: TempTree;
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let host: FakeHost;
  let service: EngineService;
  const states: EventPayload<'scanState'>[] = [];
  const progress: EventPayload<'scanProgress'>[] = [];

  async function list(query: Partial<Query> = {}) {
    return engineCommands.listClusters.response.parse(await service.listClusters({ ...all, ...query }));
  }

  async function clusterWith(name: string) {
    const { clusters } = await list({ search: name });
    const cluster = clusters.find((c) => c.files.some((f) => f.path === tree.path(name)));
    if (!cluster) throw new Error(`no cluster holds ${name}`);
    return { cluster, fileIndex: cluster.files.findIndex((f) => f.path === tree.path(name)) };
  }

  beforeAll(async () => {
    tree = await createTempTree({
      'Documents/contract.txt': contract,
      'Documents/contract-v2.md': editEveryNthWord(contract, 25),
      'Backup/Contract.html': renderHtml(contract, 'Contract'),
      'Documents/minutes.txt': minutes,
      'Backup/minutes-copy.txt': editEveryNthWord(minutes, 30),
      'Pictures/photo.jpg': photo,
      'Backup/photo.jpg': photo,
      'Videos/clip.mp4': video,
      'Backup/clip.mp4': video,
      'Backup/old/clip.mp4': video,
      'Tools/run.sh': script,
      'Backup/run.sh': script,
    });
    dataDir = await createDataDir();
    host = createFakeHost();
    service = openService(dataDir.path, host);
    service.on('scanState', (state) => states.push(state));
    service.on('scanProgress', (p) => progress.push(p));
    await service.updateSettings({ near: true });
    const finished = await scanFolders(service, host, [tree.root]);
    expect(finished.failure).toBeUndefined();
  });
  afterAll(async () => {
    await service.dispose();
    await dataDir.remove();
    await tree.remove();
  });

  it('tells the scan through events: running, progress, then finished with stats', async () => {
    expect(states.map((s) => s.running)).toEqual([true, false]);
    const finished = states.at(-1)!;
    expect(finished).toMatchObject({ running: false, scanId: states[0]!.scanId, errors: 0 });
    expect(finished.stats!.files).toBe(12);
    expect(progress.at(-1)!.phase).toBe('done');
    expect(engineCommands.getScanState.response.parse(await service.getScanState({}))).toEqual(finished);
  });

  it('refuses a second scan while one runs, and a scan without folders', async () => {
    const running = service.startScan({});
    await expect(service.startScan({})).rejects.toThrow('already running');
    await running;
    await service.cancelScan({});
    expect(states.at(-1)!.running).toBe(false);
    const emptyDir = await createDataDir();
    const empty = openService(emptyDir.path);
    try {
      await expect(empty.startScan({})).rejects.toThrow('Choose a folder');
    } finally {
      await empty.dispose();
      await emptyDir.remove();
    }
  });

  it('lists clusters by reclaimable space, with totals and counts per kind', async () => {
    const page = await list();
    expect(page.total).toBe(5);
    expect(page.counts).toEqual({ exact: 3, near: 2, contained: 0 });
    expect(page.clusters.map((c) => c.reclaimable)).toEqual(page.clusters.map((c) => c.reclaimable).toSorted((a, b) => b - a));
    expect(page.clusters[0]!.files.map((f) => f.size)).toEqual([video.length, video.length, video.length]);
    expect(page.totalReclaimable).toBe(page.clusters.reduce((sum, c) => sum + c.reclaimable, 0));
  });

  it('pages through the same order', async () => {
    const whole = (await list()).clusters.map((c) => c.id);
    const pages = [await list({ offset: 0, limit: 2 }), await list({ offset: 2, limit: 2 }), await list({ offset: 4, limit: 2 })];
    expect(pages.flatMap((p) => p.clusters.map((c) => c.id))).toEqual(whole);
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    expect((await list({ offset: 10 })).clusters).toEqual([]);
  });

  it('sorts by files, similarity and path', async () => {
    expect((await list({ sort: 'files' })).clusters.map((c) => c.files.length)).toEqual([3, 3, 2, 2, 2]);
    const bySimilarity = (await list({ sort: 'similarity' })).clusters.map((c) => c.similarity);
    expect(bySimilarity).toEqual(bySimilarity.toSorted((a, b) => b - a));
    expect(bySimilarity.at(-1)).toBeLessThan(1);
    const firstPaths = (await list({ sort: 'path' })).clusters.map((c) => c.files[0]!.path.toLowerCase());
    expect(firstPaths).toEqual(firstPaths.toSorted());
  });

  it('filters by kind, counting kinds before that filter', async () => {
    const near = await list({ kinds: ['near'] });
    expect(near.clusters.map((c) => c.kind)).toEqual(['near', 'near']);
    expect(near.total).toBe(2);
    expect(near.counts).toEqual({ exact: 3, near: 2, contained: 0 });
    expect(near.totalReclaimable).toBe(near.clusters.reduce((sum, c) => sum + c.reclaimable, 0));
    expect((await list({ kinds: [] })).total).toBe(5);
  });

  it('filters by format, folder and a case-insensitive search', async () => {
    const html = await list({ formats: ['html'] });
    expect(html.clusters.map((c) => c.kind)).toEqual(['near']);
    // Exact clusters have no formats of their own; their names decide (run.sh is text).
    expect((await list({ formats: ['text'] })).total).toBe(3);

    const videos = await list({ folder: `${tree.path('Videos')}/` });
    expect(videos.total).toBe(1);
    expect(videos.counts).toEqual({ exact: 1, near: 0, contained: 0 });
    expect((await list({ folder: tree.path('Vid') })).total).toBe(0);

    const search = await list({ search: 'CONTRACT.HTML' });
    expect(search.clusters.map((c) => c.files.length)).toEqual([3]);
    expect((await list({ search: 'backup', kinds: ['exact'] })).total).toBe(3);
    expect((await list({ search: 'no such name' })).total).toBe(0);
  });

  it('gets one cluster by id', async () => {
    const { cluster } = await clusterWith('Videos/clip.mp4');
    expect(await service.getCluster({ clusterId: cluster.id })).toEqual(cluster);
    expect(await service.getCluster({ clusterId: 'exact-0000' })).toBeNull();
  });

  it('extracts the plain text of a near-cluster member, markup removed', async () => {
    const { cluster, fileIndex } = await clusterWith('Backup/Contract.html');
    const result = engineCommands.getDocumentText.response.parse(await service.getDocumentText({ clusterId: cluster.id, fileIndex }));
    expect(result.truncated).toBe(false);
    expect(result.text).toContain(contract.split('\n\n')[0]!.slice(0, 80));
    expect(result.text).not.toContain('<p>');
    expect(result.text).not.toContain('not text');
  });

  it('explains that byte-identical non-documents have no text', async () => {
    const { cluster } = await clusterWith('Pictures/photo.jpg');
    await expect(service.getDocumentText({ clusterId: cluster.id, fileIndex: 0 })).rejects.toThrow('photo.jpg is not a document');
  });

  it('reveals any file by reference, and opens only documents on the allowlist', async () => {
    const { cluster, fileIndex } = await clusterWith('Pictures/photo.jpg');
    await service.revealFile(fileRef(cluster, fileIndex));
    await expect(service.openFile(fileRef(cluster, fileIndex))).rejects.toThrow('Shingle opens documents only, not photo.jpg');
    expect(host.revealed).toEqual([tree.path('Pictures/photo.jpg')]);
    const contractRef = await clusterWith('Documents/contract.txt');
    await service.openFile(fileRef(contractRef.cluster, contractRef.fileIndex));
    expect(host.opened).toEqual([tree.path('Documents/contract.txt')]);

    const scriptRef = await clusterWith('Tools/run.sh');
    await expect(service.openFile(fileRef(scriptRef.cluster, 0))).rejects.toThrow('documents only');
    await expect(service.revealFile({ clusterId: cluster.id, fileIndex: 5, path: tree.path('Pictures/photo.jpg') })).rejects.toThrow('no file at position 5');
    await expect(service.openFile({ clusterId: 'near-gone', fileIndex: 0, path: tree.path('Pictures/photo.jpg') })).rejects.toThrow('No cluster near-gone');
    expect(host.opened).toHaveLength(1);
  });

  it('keeps marks by cluster and path, and the results and marks across a restart', async () => {
    const { cluster } = await clusterWith('Videos/clip.mp4');
    await service.setMark({ ...fileRef(cluster, 1), mark: 'delete' });
    await service.setMark({ ...fileRef(cluster, 2), mark: 'delete' });
    await service.setMark({ ...fileRef(cluster, 0), mark: 'keep' });
    await service.setMark({ ...fileRef(cluster, 2), mark: null });
    const expected = { [cluster.id]: { [cluster.files[1]!.path]: 'delete', [cluster.files[0]!.path]: 'keep' } };
    expect(engineCommands.getMarks.response.parse(await service.getMarks({}))).toEqual(expected);
    const listed = await list();
    await service.dispose();

    service = openService(dataDir.path, host);
    expect(await service.getMarks({})).toEqual(expected);
    expect(await list()).toEqual(listed);
    // A restart reopens on the last finished scan, whatever became of later ones.
    expect(await service.getScanState({})).toEqual(states[1]);
  });
});
