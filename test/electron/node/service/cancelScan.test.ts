// Cancelling a scan mid-way: two 32 GiB sparse files of one size must be hashed in full to be
// told apart, which takes far longer than the test waits, so the scan is surely still running.
import { open } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../../shared/contract/engineContract.ts';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { createDataDir, createFakeHost, nextScanState, openService } from './serviceFixture.ts';

const SPARSE_BYTES = 32 * 2 ** 30;

async function sparseFile(path: string, marker: string): Promise<void> {
  const file = await open(path, 'w');
  // Different bytes in the middle only: same size, same start and end, so both hash passes run.
  await file.truncate(SPARSE_BYTES);
  await file.write(marker, SPARSE_BYTES / 2 + 12345);
  await file.close();
}

describe('cancelScan', () => {
  let tree: TempTree;
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let service: EngineService;
  beforeAll(async () => {
    tree = await createTempTree();
    await sparseFile(tree.path('disk-a.img'), 'A');
    await sparseFile(tree.path('disk-b.img'), 'B');
    dataDir = await createDataDir();
    const host = createFakeHost();
    host.nextPick = [tree.root];
    service = openService(dataDir.path, host);
    await service.chooseFolders({ purpose: 'roots' });
  });
  afterAll(async () => {
    await service.dispose();
    await dataDir.remove();
    await tree.remove();
  });

  it('stops a running scan and tells it was cancelled', async () => {
    const hashing = new Promise<void>((resolve) => {
      const off = service.on('scanProgress', (progress: EventPayload<'scanProgress'>) => {
        // Hashing has begun (samples are read during the walk); the 64 GiB of the full pass take far
        // longer. Waiting for a whole file's bytes instead took ~60 s on a loaded machine.
        if (progress.phase !== 'hash') return;
        off();
        resolve();
      });
    });
    const ended = nextScanState(service, (state) => !state.running);
    const { scanId } = await service.startScan({});
    await hashing;
    expect((await service.getScanState({})).running).toBe(true);

    await service.cancelScan({});
    expect(await ended).toMatchObject({ running: false, scanId, cancelled: true });
    expect(await service.getScanState({})).toMatchObject({ running: false, cancelled: true });
    expect((await service.listClusters({ offset: 0, limit: 10, sort: 'reclaimable' })).total).toBe(0);
  });
});
