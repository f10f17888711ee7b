// Between scans the results follow the disk: a file saved, added or deleted under the scanned
// folders changes the clusters within seconds, as clusterChanges events and in listClusters;
// marks stay with their files; a restart brings saved results up to date; nothing is told once
// the service is disposed or the folders it followed are no longer chosen.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engineEvents } from '../../../../shared/contract/engineContract.ts';
import type { EventPayload } from '../../../../shared/contract/engineContract.ts';
import type { Cluster } from '../../../../shared/report.ts';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { editEveryNthWord, prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { createDataDir, createFakeHost, fileRef, openService, scanFolders } from './serviceFixture.ts';

type ClusterChange = EventPayload<'clusterChanges'>['changes'][number];

const report = prose(21);
const minutes = prose(22);
// How soon the disk is followed is a benchmark figure (docs/benchmarks.md); the polls wait with a
// generous bound only so that a broken watcher fails instead of hanging.
const FOLLOW_MS = 30_000;
/** How long nothing must happen when nothing should. */
const QUIET_MS = 1500;

describe('results following the disk', () => {
  let tree: TempTree;
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let service: EngineService;
  let changes: ClusterChange[];

  function open(): EngineService {
    const opened = openService(dataDir.path, host);
    changes = [];
    opened.on('clusterChanges', (update) => changes.push(...engineEvents.clusterChanges.parse(update).changes));
    return opened;
  }
  const host = createFakeHost();

  async function nearClusters(): Promise<Cluster[]> {
    return (await service.listClusters({ offset: 0, limit: 100, sort: 'path', kinds: ['near'] })).clusters;
  }

  const names = (cluster: Cluster | undefined) => (cluster?.files ?? []).map((f) => f.path.slice(tree.root.length + 1)).sort();

  beforeEach(async () => {
    tree = await createTempTree({
      'Documents/report.txt': report,
      'Backup/report-old.txt': editEveryNthWord(report, 20),
      'Documents/minutes.txt': minutes,
    });
    dataDir = await createDataDir();
    host.nextPick = [tree.root];
    service = open();
    expect((await scanFolders(service, host, [tree.root])).failure).toBeUndefined();
  });
  afterEach(async () => {
    await service.dispose();
    await dataDir.remove();
    await tree.remove();
  });

  it('adds a new near-duplicate to its cluster, keeping the marks of the files still in it', async () => {
    const [before] = await nearClusters();
    expect(names(before)).toEqual(['Backup/report-old.txt', 'Documents/report.txt']);
    await service.setMark({ ...fileRef(before!, 0), mark: 'keep' });
    await service.setMark({ ...fileRef(before!, 1), mark: 'delete' });
    const marked = Object.fromEntries(before!.files.map((f, i) => [f.path, i === 0 ? 'keep' : 'delete']));

    await tree.write('Drafts/report-draft.txt', editEveryNthWord(report, 30, 'draft'));
    await expect.poll(() => names(changes.at(-1)?.cluster), { timeout: FOLLOW_MS, interval: 50 }).toContain('Drafts/report-draft.txt');

    const change = changes.at(-1)!;
    expect(change).toMatchObject({ event: 'cluster-changed', previousId: before!.id });
    expect(change.cluster.id).not.toBe(before!.id);
    const [after] = await nearClusters();
    expect(after).toEqual(change.cluster);
    expect(await service.getCluster({ clusterId: before!.id })).toBeNull();
    expect(await service.getMarks({})).toEqual({ [after!.id]: marked });
  });

  it('tells a new cluster as added and a cluster that lost a member as removed', async () => {
    await tree.write('Backup/minutes-copy.txt', editEveryNthWord(minutes, 20));
    await expect.poll(async () => (await nearClusters()).map(names), { timeout: FOLLOW_MS, interval: 50 }).toContainEqual(['Backup/minutes-copy.txt', 'Documents/minutes.txt']);
    expect(changes.map((c) => c.event)).toEqual(['cluster-added']);

    const reportCluster = (await nearClusters()).find((c) => names(c).includes('Documents/report.txt'));
    await rm(tree.path('Backup/report-old.txt'));
    await expect.poll(() => changes.length, { timeout: FOLLOW_MS, interval: 50 }).toBe(2);
    expect(changes[1]).toMatchObject({ event: 'cluster-removed', cluster: { id: reportCluster!.id } });
    expect((await nearClusters()).map(names)).toEqual([['Backup/minutes-copy.txt', 'Documents/minutes.txt']]);
  });

  it('saves the changed results, and brings them up to date after a restart', async () => {
    await tree.write('Backup/minutes-copy.txt', editEveryNthWord(minutes, 20));
    await expect.poll(() => changes.length, { timeout: FOLLOW_MS, interval: 50 }).toBe(1);
    await service.dispose();
    const saved = JSON.parse(await readFile(join(dataDir.path, 'lastScan.json'), 'utf8')) as { report: { clusters: Cluster[] } };
    expect(saved.report.clusters.map(names)).toContainEqual(['Backup/minutes-copy.txt', 'Documents/minutes.txt']);

    // While the app is closed, a file of a cluster goes away: the reopened results lose it.
    await rm(tree.path('Backup/minutes-copy.txt'));
    service = open();
    expect((await nearClusters()).map(names)).toContainEqual(['Backup/minutes-copy.txt', 'Documents/minutes.txt']);
    await expect.poll(async () => (await nearClusters()).map(names), { timeout: 10_000, interval: 50 }).toEqual([['Backup/report-old.txt', 'Documents/report.txt']]);
    expect(changes.map((c) => c.event)).toEqual(['cluster-removed']);
  });

  it('tells nothing once disposed', async () => {
    await service.dispose();
    await tree.write('Backup/minutes-copy.txt', editEveryNthWord(minutes, 20));
    await sleep(QUIET_MS);
    expect(changes).toEqual([]);
  });

  it('stops following when the scanned folder is removed, and tells nothing while a new scan runs', async () => {
    await service.removeFolder({ purpose: 'roots', path: tree.root });
    await tree.write('Backup/minutes-copy.txt', editEveryNthWord(minutes, 20));
    await sleep(QUIET_MS);
    expect(changes).toEqual([]);

    // Chosen again and scanned: the new results are followed.
    expect((await scanFolders(service, host, [tree.root])).failure).toBeUndefined();
    expect((await nearClusters()).length).toBe(2);
    changes.length = 0;
    await rm(tree.path('Backup/minutes-copy.txt'));
    await expect.poll(() => changes.map((c) => c.event), { timeout: FOLLOW_MS, interval: 50 }).toEqual(['cluster-removed']);
  });

  it('keeps following when a reference folder is added: it only says which files are never acted on', async () => {
    host.nextPick = [tree.path('Backup')];
    await service.chooseFolders({ purpose: 'referenceRoots' });
    await rm(tree.path('Backup/report-old.txt'));
    await expect.poll(() => changes.map((c) => c.event), { timeout: FOLLOW_MS, interval: 50 }).toEqual(['cluster-removed']);
  });
});
