// Bulk clean-up through the service: a preview counts what keep rules (or marks) would remove,
// applying trashes the files into the freedesktop trash (here a temporary XDG_DATA_HOME), undo
// puts them back, and a file changed since the scan is refused and reported.
import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../../shared/contract/engineContract.ts';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { createDataDir, createFakeHost, openService, scanFolders } from './serviceFixture.ts';

const text = prose(31);
const other = prose(32);

describe('bulk clean-up', () => {
  let tree: TempTree;
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let dataHome: string;
  let savedDataHome: string | undefined;
  let service: EngineService;
  const host = createFakeHost();

  /** Resolves with the last progress event of the batch. */
  function finished(batchId: number): Promise<EventPayload<'actionProgress'>> {
    return new Promise((resolve) => {
      const off = service.on('actionProgress', (progress) => {
        if (progress.batchId !== batchId || progress.done < progress.total) return;
        off();
        resolve(progress);
      });
    });
  }

  beforeEach(async () => {
    savedDataHome = process.env.XDG_DATA_HOME;
    dataHome = await mkdtemp(join(tmpdir(), 'shingle-xdg-'));
    process.env.XDG_DATA_HOME = dataHome;
    tree = await createTempTree({ 'Docs/a.txt': text, 'Docs/b.txt': text, 'Docs/old/c.txt': text, 'Docs/x.txt': other, 'Docs/y.txt': other });
    // a.txt is the newest copy.
    await utimes(tree.path('Docs/b.txt'), new Date(2020, 0, 1), new Date(2020, 0, 1));
    await utimes(tree.path('Docs/old/c.txt'), new Date(2019, 0, 1), new Date(2019, 0, 1));
    await utimes(tree.path('Docs/y.txt'), new Date(2019, 0, 1), new Date(2019, 0, 1));
    dataDir = await createDataDir();
    service = openService(dataDir.path, host);
    await scanFolders(service, host, [tree.path('Docs')]);
  });

  afterEach(async () => {
    await service.dispose();
    if (savedDataHome === undefined) delete process.env.XDG_DATA_HOME;
    else process.env.XDG_DATA_HOME = savedDataHome;
    await Promise.all([tree.remove(), dataDir.remove(), rm(dataHome, { recursive: true, force: true })]);
  });

  it('previews what a keep rule would remove, sparing reference folders', async () => {
    const preview = await service.previewActions({ rules: ['newest'], useMarks: false, action: 'trash' });
    expect(preview.files).toBe(3);
    expect(preview.clusters).toBe(2);
    expect(preview.bytes).toBe(2 * Buffer.byteLength(text) + Buffer.byteLength(other));
    expect(preview.items?.map((i) => i.path).sort()).toEqual([tree.path('Docs/b.txt'), tree.path('Docs/old/c.txt'), tree.path('Docs/y.txt')]);

    host.nextPick = [tree.path('Docs/old')];
    await service.chooseFolders({ purpose: 'referenceRoots' });
    const spared = await service.previewActions({ rules: ['newest'], useMarks: false, action: 'trash' });
    expect(spared.files).toBe(2);
    expect(spared.refused).toEqual([expect.objectContaining({ path: tree.path('Docs/old/c.txt'), reason: 'in a reference folder' })]);
  });

  it('lets the marks override the rules and limits the scope to the clusters asked for', async () => {
    const { clusters } = await service.listClusters({ offset: 0, limit: 10, sort: 'path' });
    const texts = clusters.find((c) => c.files.length === 3)!;
    const bAt = texts.files.findIndex((f) => f.path.endsWith('b.txt'));
    await service.setMark({ clusterId: texts.id, fileIndex: bAt, mark: 'keep' });
    const preview = await service.previewActions({ clusterIds: [texts.id], rules: ['newest'], useMarks: true, action: 'delete' });
    expect(preview.items?.map((i) => i.path)).toEqual([tree.path('Docs/old/c.txt')]);
    await expect(service.previewActions({ rules: [], useMarks: false, action: 'trash' })).rejects.toThrow(/keep rule/);
  });

  it('trashes the files in the background, reports each step, and undo puts them back', async () => {
    const progress: EventPayload<'actionProgress'>[] = [];
    service.on('actionProgress', (p) => progress.push(p));
    const { batchId } = await service.applyActions({ rules: ['newest'], useMarks: false, action: 'trash' });
    const last = await finished(batchId);
    expect(last).toEqual({ batchId, done: 3, total: 3, failed: 0 });
    expect(progress[0]).toMatchObject({ batchId, done: 0, total: 3 });

    for (const name of ['Docs/b.txt', 'Docs/old/c.txt', 'Docs/y.txt']) await expect(stat(tree.path(name))).rejects.toThrow();
    expect(await readFile(tree.path('Docs/a.txt'), 'utf8')).toBe(text);
    expect(await readdir(join(dataHome, 'Trash', 'files'))).toHaveLength(3);
    expect(await readdir(join(dataHome, 'Trash', 'info'))).toHaveLength(3);

    const result = await service.getBatchResult({ batchId });
    expect(result).toMatchObject({ batchId, action: 'trash', running: false, undone: false });
    expect(result.steps.map((s) => s.state)).toEqual(['done', 'done', 'done']);

    const undone = await service.undoBatch({ batchId });
    expect(undone.outcomes.map((o) => o.state)).toEqual(['restored', 'restored', 'restored']);
    expect(await readFile(tree.path('Docs/old/c.txt'), 'utf8')).toBe(text);
    expect(await readFile(tree.path('Docs/y.txt'), 'utf8')).toBe(other);
    expect(await readdir(join(dataHome, 'Trash', 'files'))).toEqual([]);
    expect((await service.getBatchResult({ batchId })).undone).toBe(true);
  });

  it('refuses a file modified after the scan and reports why', async () => {
    await writeFile(tree.path('Docs/y.txt'), `${other} edited`);
    const { batchId } = await service.applyActions({ rules: ['newest'], useMarks: false, action: 'trash' });
    expect(await finished(batchId)).toMatchObject({ done: 3, total: 3, failed: 1 });
    const { steps } = await service.getBatchResult({ batchId });
    expect(steps.find((s) => s.path === tree.path('Docs/y.txt'))).toMatchObject({ state: 'refused', reason: 'the file changed since the scan' });
    expect(steps.filter((s) => s.state === 'done')).toHaveLength(2);
    expect(await readFile(tree.path('Docs/y.txt'), 'utf8')).toBe(`${other} edited`);
  });

  it('deletes permanently only when the host confirms, whatever the request says, and plans only from its own results', async () => {
    const { dispatchCommand } = await import('../../../../electron/node/service/dispatch.ts');
    await expect(dispatchCommand(service, 'applyActions', { rules: ['newest'], useMarks: false, action: 'delete', confirm: true })).rejects.toThrow(/invalid request/);
    await expect(service.applyActions({ rules: ['newest'], useMarks: false, action: 'delete' })).rejects.toThrow('Permanent deletion was not confirmed');
    expect(host.deleteConfirmations).toEqual([{ files: 3, bytes: expect.any(Number) }]);
    for (const name of ['Docs/b.txt', 'Docs/old/c.txt', 'Docs/y.txt']) await stat(tree.path(name));
    host.confirmDelete = true;
    const { batchId } = await service.applyActions({ rules: ['newest'], useMarks: false, action: 'delete' });
    expect(await finished(batchId)).toMatchObject({ done: 3, total: 3, failed: 0 });
    await expect(stat(tree.path('Docs/b.txt'))).rejects.toThrow();
    await expect(dispatchCommand(service, 'previewActions', { rules: ['newest'], useMarks: false, action: 'trash', paths: ['/etc/passwd'] })).rejects.toThrow(
      /invalid request/,
    );
  });
});
