// At start the watch waits for the first results to be served (its own scan would compete with
// them), and still misses nothing: what changed on disk while the app was closed, after it opened
// and after the first list was served is all told once the watch starts.
import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engineEvents } from '../../../../shared/contract/engineContract.ts';
import type { EventPayload } from '../../../../shared/contract/engineContract.ts';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { editEveryNthWord, prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { createDataDir, createFakeHost, openService, scanFolders } from './serviceFixture.ts';

// A bound only so that a broken watcher fails instead of hanging.
const FOLLOW_MS = 30_000;
const report = prose(21);
const minutes = prose(22);
const agenda = prose(23);

describe('following the disk from the start', () => {
  let tree: TempTree;
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let service: EngineService;
  const host = createFakeHost();

  beforeEach(async () => {
    tree = await createTempTree({ 'report.txt': report, 'report-old.txt': editEveryNthWord(report, 20), 'minutes.txt': minutes, 'agenda.txt': agenda });
    dataDir = await createDataDir();
    service = openService(dataDir.path, host);
    expect((await scanFolders(service, host, [tree.root])).failure).toBeUndefined();
    await service.dispose();
  });
  afterEach(async () => {
    await service.dispose();
    await dataDir.remove();
    await tree.remove();
  });

  it('tells the changes made while closed, before the first list and right after it', async () => {
    // While closed: the report's old version goes.
    await rm(tree.path('report-old.txt'));
    service = openService(dataDir.path, host);
    const changes: EventPayload<'clusterChanges'>['changes'] = [];
    service.on('clusterChanges', (update) => changes.push(...engineEvents.clusterChanges.parse(update).changes));
    // Opened, nothing asked yet: a copy of the minutes appears.
    await tree.write('minutes-copy.txt', editEveryNthWord(minutes, 20));
    const names = async () => (await service.listClusters({ offset: 0, limit: 100, sort: 'path' })).clusters.map((cluster) => cluster.files.map((file) => file.path.slice(tree.root.length + 1)).sort());
    // The saved results, as they were: the watch has not brought them up to date yet.
    expect(await names()).toEqual([['report-old.txt', 'report.txt']]);
    // Served the first list: a copy of the agenda appears, before the watch has started.
    await tree.write('agenda-copy.txt', editEveryNthWord(agenda, 20));
    await expect.poll(names, { timeout: FOLLOW_MS, interval: 50 }).toEqual([
      ['agenda-copy.txt', 'agenda.txt'],
      ['minutes-copy.txt', 'minutes.txt'],
    ]);
    expect(changes.every((change) => change.byAction !== true)).toBe(true);
  });
});
