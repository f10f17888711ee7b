// The files a scan could not read are listed by the service, a page at a time, as the CLI's
// errors[] lists them: code, path and reason.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { createDataDir, createFakeHost, openService, scanFolders } from './serviceFixture.ts';

describe('files the scan could not read', () => {
  let tree: TempTree;
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let service: EngineService;
  const host = createFakeHost();

  beforeEach(async () => {
    tree = await createTempTree({ 'a.txt': prose(51), 'b.txt': prose(51), 'broken-1.pdf': '%PDF-1.4\nnot a body\n', 'broken-2.pdf': '%PDF-1.4\nnor this\n' });
    dataDir = await createDataDir();
    service = openService(dataDir.path, host);
  });

  afterEach(async () => {
    await service.dispose();
    await Promise.all([tree.remove(), dataDir.remove()]);
  });

  it('are listed with their code and reason, a page at a time, also after a restart', async () => {
    expect(await service.listScanErrors({ offset: 0, limit: 10 })).toEqual({ total: 0, errors: [] });
    const state = await scanFolders(service, host, [tree.root]);
    expect(state.errors).toBe(2);
    const first = await service.listScanErrors({ offset: 0, limit: 1 });
    expect(first).toEqual({ total: 2, errors: [{ path: tree.path('broken-1.pdf'), code: 'ECORRUPT', message: expect.any(String) }] });
    await service.dispose();
    service = openService(dataDir.path, host);
    expect((await service.listScanErrors({ offset: 1, limit: 10 })).errors.map((e) => e.path)).toEqual([tree.path('broken-2.pdf')]);
  });
});
