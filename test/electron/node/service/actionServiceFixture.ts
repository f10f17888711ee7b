// An engine service that has scanned a folder, with a trash of its own (XDG_DATA_HOME in a temp
// folder), for the clean-up tests; and a wait for a batch's last progress event.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventPayload } from '../../../../shared/contract/engineContract.ts';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { createDataDir, createFakeHost, openService, scanFolders } from './serviceFixture.ts';
import type { FakeHost } from './serviceFixture.ts';

export interface ActionService {
  service: EngineService;
  /** Where the trash is: DATA_HOME/Trash. */
  dataHome: string;
  close(): Promise<void>;
}

export async function openActionService(folder: string, host: FakeHost = createFakeHost()): Promise<ActionService> {
  const savedDataHome = process.env.XDG_DATA_HOME;
  const dataHome = await mkdtemp(join(tmpdir(), 'shingle-xdg-'));
  process.env.XDG_DATA_HOME = dataHome;
  const dataDir = await createDataDir();
  const service = openService(dataDir.path, host);
  await scanFolders(service, host, [folder]);
  return {
    service,
    dataHome,
    async close() {
      await service.dispose();
      if (savedDataHome === undefined) delete process.env.XDG_DATA_HOME;
      else process.env.XDG_DATA_HOME = savedDataHome;
      await Promise.all([dataDir.remove(), rm(dataHome, { recursive: true, force: true })]);
    },
  };
}

/** Resolves with the last progress event of the batch. */
export function batchFinished(service: EngineService, batchId?: number): Promise<EventPayload<'actionProgress'>> {
  return new Promise((resolve) => {
    const off = service.on('actionProgress', (progress) => {
      if ((batchId !== undefined && progress.batchId !== batchId) || progress.done < progress.total) return;
      off();
      resolve(progress);
    });
  });
}
