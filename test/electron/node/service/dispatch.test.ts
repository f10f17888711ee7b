// dispatchCommand: the gate between untrusted callers (IPC, the test transport) and the service.
// Nothing malformed may reach the service, so the service here fails the test if it is called.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractError, commandNames } from '../../../../shared/contract/engineContract.ts';
import { dispatchCommand } from '../../../../electron/node/service/dispatch.ts';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { createDataDir, createFakeHost, openService, scanFolders } from './serviceFixture.ts';

const untouchable = new Proxy({} as EngineService, {
  get(_target, property) {
    throw new Error(`the service was reached: ${String(property)}`);
  },
});

async function rejects(name: unknown, payload: unknown, message: RegExp | string): Promise<void> {
  const error = await dispatchCommand(untouchable, name, payload).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContractError);
  expect((error as Error).message).toMatch(message);
}

describe('dispatchCommand', () => {
  it('rejects names that are not commands, including object keys and service internals', async () => {
    await rejects('deleteEverything', {}, 'Unknown command: "deleteEverything"');
    await rejects('dispose', {}, 'Unknown command');
    await rejects('on', {}, 'Unknown command');
    await rejects('toString', {}, 'Unknown command');
    await rejects('__proto__', {}, 'Unknown command');
    await rejects(42, {}, 'Unknown command: number');
    await rejects(undefined, {}, 'Unknown command: undefined');
  });

  it('rejects extra and missing fields', async () => {
    await rejects('getSettings', { extra: 1 }, /getSettings: invalid request/);
    await rejects('getSettings', undefined, /getSettings: invalid request/);
    await rejects('chooseFolders', { purpose: 'roots', path: '/etc' }, /chooseFolders: invalid request/);
    await rejects('chooseFolders', {}, /purpose/);
    await rejects('updateSettings', { roots: ['/'] }, /updateSettings: invalid request/);
    await rejects('listClusters', { offset: 0, limit: 10 }, /sort/);
    await rejects('setMark', { clusterId: 'exact-1', fileIndex: 0 }, /mark/);
  });

  it('rejects wrong types and values out of range', async () => {
    await rejects('listClusters', { offset: '0', limit: 10, sort: 'reclaimable' }, /offset/);
    await rejects('listClusters', { offset: 0, limit: 100_000, sort: 'reclaimable' }, /limit/);
    await rejects('listClusters', { offset: 0, limit: 10, sort: 'size' }, /sort/);
    await rejects('getDocumentText', { clusterId: 'exact-1', fileIndex: -1 }, /fileIndex/);
    await rejects('getDocumentText', { clusterId: 'exact-1', fileIndex: 1.5 }, /fileIndex/);
    await rejects('setMark', { clusterId: 'exact-1', fileIndex: 0, mark: 'shred' }, /mark/);
    await rejects('updateSettings', { threshold: 2 }, /threshold/);
    await rejects('removeFolder', { purpose: 'roots', path: '' }, /path/);
    await rejects('getCluster', { clusterId: 'x'.repeat(201) }, /clusterId/);
  });

  it('checks the payload of every command of the contract', async () => {
    for (const name of commandNames) await rejects(name, { surely: 'not valid' }, `${name}: invalid request`);
  });

  describe('with a scanned folder', () => {
    let tree: TempTree;
    let dataDir: Awaited<ReturnType<typeof createDataDir>>;
    let service: EngineService;
    beforeAll(async () => {
      tree = await createTempTree({ 'a.bin': 'same bytes', 'b.bin': 'same bytes' });
      dataDir = await createDataDir();
      const host = createFakeHost();
      service = openService(dataDir.path, host);
      await service.updateSettings({ near: false });
      await scanFolders(service, host, [tree.root]);
    });
    afterAll(async () => {
      await service.dispose();
      await dataDir.remove();
      await tree.remove();
    });

    it('passes valid requests through and returns the response', async () => {
      const page = (await dispatchCommand(service, 'listClusters', { offset: 0, limit: 10, sort: 'files' })) as { total: number };
      expect(page.total).toBe(1);
    });

    it('rejects a file index past the end of its cluster', async () => {
      const { clusters } = await service.listClusters({ offset: 0, limit: 1, sort: 'reclaimable' });
      const clusterId = clusters[0]!.id;
      const path = clusters[0]!.files[1]!.path;
      await expect(dispatchCommand(service, 'revealFile', { clusterId, fileIndex: 2, path })).rejects.toThrow(`Cluster ${clusterId} has 2 files; there is no file at position 2`);
      await expect(dispatchCommand(service, 'setMark', { clusterId, fileIndex: 99, path, mark: 'delete' })).rejects.toThrow('no file at position 99');
      expect(await service.getMarks({})).toEqual({});
    });
  });
});
