// A clean-up whose process ended mid-batch (killed, a crash, a power cut) is left 'running' in the
// journal. The History must not say it runs for ever: it is 'interrupted' once no process holds
// the journal's lock, and stays 'running' while one does.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { startMidBatchProcess } from '../../../helpers/midBatchProcess.ts';
import { createDataDir, openService } from './serviceFixture.ts';

describe('a clean-up whose process ended mid-batch', () => {
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let service: EngineService;

  beforeEach(async () => {
    dataDir = await createDataDir();
    service = openService(dataDir.path);
  });

  afterEach(async () => {
    await service.dispose();
    await dataDir.remove();
  });

  it('is listed as running while its process lives, as interrupted once it is gone, with Undo still offered', async () => {
    const batch = await startMidBatchProcess(join(dataDir.path, 'journal.sqlite'));
    try {
      expect(await service.listBatches({})).toMatchObject([{ state: 'running', files: 1, planned: 3 }]);
    } finally {
      await batch.kill();
    }
    expect(await service.listBatches({})).toMatchObject([{ state: 'interrupted', files: 1, bytes: 100, planned: 3, undoable: true }]);
  });
});
