// "Not duplicates" in the engine service: a dismissed cluster or file leaves the results at once,
// stays out after a rescan and a restart, is listed, and comes back when restored.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../../shared/contract/engineContract.ts';
import { engineCommands } from '../../../../shared/contract/engineContract.ts';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { createDataDir, createFakeHost, fileRef, nextScanState, openService, scanFolders } from './serviceFixture.ts';

const letter = 'Dear tenant, the rent for the flat is due on the first of each month.\n'.repeat(30);
const minutes = 'The committee met on Tuesday and agreed the budget for next year.\n'.repeat(30);

describe('dismissals in the service', () => {
  let tree: TempTree;
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let service: EngineService;
  const host = createFakeHost();

  beforeEach(async () => {
    tree = await createTempTree({ 'a/letter.txt': letter, 'a/letter copy.txt': letter, 'a/minutes.txt': minutes, 'a/minutes 2.txt': minutes, 'a/minutes 3.txt': minutes });
    dataDir = await createDataDir();
    service = openService(dataDir.path, host);
  });
  afterEach(async () => {
    await service.dispose();
    await dataDir.remove();
    await tree.remove();
  });

  async function shown(): Promise<string[][]> {
    const page = await service.listClusters({ offset: 0, limit: 100, sort: 'path' });
    return page.clusters.map((c) => c.files.map((f) => f.path).sort()).sort();
  }

  it('hides across a rescan and a restart, and shows again once restored', async () => {
    await scanFolders(service, host, [tree.path('a')]);
    const page = await service.listClusters({ offset: 0, limit: 100, sort: 'path' });
    const letters = page.clusters.find((c) => c.files.length === 2)!;
    const minuteCluster = page.clusters.find((c) => c.files.length === 3)!;
    const removed = minuteCluster.files[2]!.path;

    const { id } = await service.dismiss({ clusterId: letters.id, paths: letters.files.map((f) => f.path) });
    await service.dismiss(fileRef(minuteCluster, 2));
    const expected = [minuteCluster.files.map((f) => f.path).filter((p) => p !== removed).sort()];
    expect(await shown()).toEqual(expected);

    const finished = nextScanState(service, (state) => !state.running);
    await service.startScan({});
    await finished;
    expect(await shown()).toEqual(expected);

    await service.dispose();
    service = openService(dataDir.path, host);
    expect(await shown()).toEqual(expected);
    const listed = engineCommands.listDismissed.response.parse(await service.listDismissed({}));
    expect(listed.map((d) => d.file ?? null).sort()).toEqual([null, removed].sort());

    const added = new Promise<EventPayload<'clusterChanges'>['changes'][number]>((resolve) => {
      const off = service.on('clusterChanges', ({ changes }) => {
        const change = changes.find((c) => c.event === 'cluster-added');
        if (!change) return;
        off();
        resolve(change);
      });
    });
    await service.restore({ id });
    expect((await added).cluster.files.map((f) => f.path).sort()).toEqual(letters.files.map((f) => f.path).sort());
    expect(await shown()).toHaveLength(2);
    expect(await service.listDismissed({})).toHaveLength(1);
  });
});
