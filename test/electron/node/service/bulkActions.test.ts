// Bulk clean-up through the service: a preview counts what keep rules (or marks) would remove,
// applying trashes the files into the freedesktop trash (here a temporary XDG_DATA_HOME), undo
// puts them back, and a file changed since the scan is refused and reported.
import { link, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../../shared/contract/engineContract.ts';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { batchFinished, openActionService } from './actionServiceFixture.ts';
import type { ActionService } from './actionServiceFixture.ts';
import { createFakeHost, fileRef } from './serviceFixture.ts';

const text = prose(31);

/** The files a plan's first page removes. */
function removed(plan: { clusters: { files: { path: string; decision: string }[] }[] }): string[] {
  return plan.clusters.flatMap((c) => c.files.filter((f) => f.decision === 'remove').map((f) => f.path)).sort();
}
const other = prose(32);

describe('bulk clean-up', () => {
  let tree: TempTree;
  let opened: ActionService;
  let service: EngineService;
  let dataHome: string;
  const host = createFakeHost();
  const finished = (batchId: number) => batchFinished(service, batchId);

  beforeEach(async () => {
    tree = await createTempTree({ 'Docs/a.txt': text, 'Docs/b.txt': text, 'Docs/old/c.txt': text, 'Docs/x.txt': other, 'Docs/y.txt': other });
    // a.txt is the newest copy.
    await utimes(tree.path('Docs/b.txt'), new Date(2020, 0, 1), new Date(2020, 0, 1));
    await utimes(tree.path('Docs/old/c.txt'), new Date(2019, 0, 1), new Date(2019, 0, 1));
    await utimes(tree.path('Docs/y.txt'), new Date(2019, 0, 1), new Date(2019, 0, 1));
    opened = await openActionService(tree.path('Docs'), host);
    ({ service, dataHome } = opened);
  });

  afterEach(async () => {
    await opened.close();
    await tree.remove();
  });

  it('previews what a keep rule would remove, sparing reference folders', async () => {
    const preview = await service.previewActions({ rules: ['newest'], useMarks: false, action: 'trash' });
    expect(preview.totals).toEqual({ files: 3, clusters: 2, bytes: 2 * Buffer.byteLength(text) + Buffer.byteLength(other), refused: 0 });
    expect(removed(preview)).toEqual([tree.path('Docs/b.txt'), tree.path('Docs/old/c.txt'), tree.path('Docs/y.txt')]);
    // Every file of every cluster in scope is listed, the kept ones too, each with what it duplicates.
    expect(preview.clusterCount).toBe(2);
    const texts = preview.clusters.find((c) => c.files.length === 3)!;
    expect(texts.files.map((f) => [f.path, f.decision, f.relation, f.matches])).toEqual([
      [tree.path('Docs/a.txt'), 'keep', 'kept', undefined],
      [tree.path('Docs/b.txt'), 'remove', 'copy', tree.path('Docs/a.txt')],
      [tree.path('Docs/old/c.txt'), 'remove', 'copy', tree.path('Docs/a.txt')],
    ]);

    host.nextPick = [tree.path('Docs/old')];
    await service.chooseFolders({ purpose: 'referenceRoots' });
    const spared = await service.previewActions({ rules: ['newest'], useMarks: false, action: 'trash' });
    expect(spared.totals).toMatchObject({ files: 2, refused: 1 });
    const refused = spared.clusters.flatMap((c) => c.files).filter((f) => f.decision === 'refused');
    expect(refused).toEqual([expect.objectContaining({ path: tree.path('Docs/old/c.txt'), reason: 'in a reference folder' })]);
  });

  it("takes a keep rule's folder only from the folders to scan, the reference folders and those holding copies", async () => {
    const refusal = /^the folder of a keep rule must be a folder to scan, a reference folder or one holding copies, not /;
    for (const rule of [`in:${tree.path('Docs/none')}`, 'not-in:/etc', 'in:relative/folder']) {
      await expect(service.previewActions({ rules: [rule], useMarks: false, action: 'trash' }), rule).rejects.toThrow(refusal);
    }
    await expect(service.previewActions({ rules: [`in:${tree.path('Docs')}`], useMarks: false, action: 'trash' })).resolves.toMatchObject({ clusterCount: 2 });
    // A folder holding a copy (as listClusterFolders offers it): its copy is the one kept.
    const kept = await service.previewActions({ rules: [`in:${tree.path('Docs/old')}`], useMarks: false, action: 'trash' });
    expect(removed(kept)).toEqual(expect.arrayContaining([tree.path('Docs/a.txt'), tree.path('Docs/b.txt')]));
    expect(removed(kept)).not.toContain(tree.path('Docs/old/c.txt'));
  });

  it('lets the marks decide a marked cluster, the rules the others, within the clusters asked for', async () => {
    const { clusters } = await service.listClusters({ offset: 0, limit: 10, sort: 'path' });
    const texts = clusters.find((c) => c.files.length === 3)!;
    const bAt = texts.files.findIndex((f) => f.path.endsWith('b.txt'));
    await service.setMark({ ...fileRef(texts, bAt), mark: 'keep' });
    const preview = await service.previewActions({ clusterIds: [texts.id], rules: ['newest'], useMarks: true, action: 'delete' });
    // b.txt is marked keep: the rule (newest, a.txt) does not decide this cluster, the mark does.
    expect(removed(preview)).toEqual([tree.path('Docs/a.txt'), tree.path('Docs/old/c.txt')]);
    expect(preview.clusterCount).toBe(1);
    await expect(service.previewActions({ rules: [], useMarks: false, action: 'trash' })).rejects.toThrow(/keep rule/);
  });

  it('trashes the files in the background, reports each step, and undo puts them back', async () => {
    const progress: EventPayload<'actionProgress'>[] = [];
    service.on('actionProgress', (p) => progress.push(p));
    const { planId } = await service.previewActions({ rules: ['newest'], useMarks: false, action: 'trash' });
    const { batchId } = await service.applyActions({ planId });
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
    expect(await service.listBatches({})).toEqual([
      { batchId, startedAt: expect.any(Number), action: 'trash', files: 3, bytes: 2 * Buffer.byteLength(text) + Buffer.byteLength(other), planned: 3, state: 'done', undone: true, undoable: false },
    ]);
    // A plan runs once.
    await expect(service.applyActions({ planId })).rejects.toThrow(/no longer available/);
  });

  it('refuses in the preview a file modified after the scan', async () => {
    // Written through a second name outside the scanned folder: the folder watcher hears nothing
    // (inotify reports a write in the folder of the name used), so the results still list y.txt as
    // the scan saw it and only the preview's own look at the disk can notice the change.
    await link(tree.path('Docs/y.txt'), tree.path('elsewhere-y.txt'));
    await writeFile(tree.path('elsewhere-y.txt'), `${other} edited`);
    const preview = await service.previewActions({ rules: ['newest'], useMarks: false, action: 'trash' });
    expect(preview.totals).toMatchObject({ files: 2, refused: 1 });
    const y = preview.clusters.flatMap((c) => c.files).find((f) => f.path === tree.path('Docs/y.txt'));
    expect(y).toMatchObject({ decision: 'refused', reason: 'the file changed since the scan' });
  });

  it('refuses a file modified after the preview and goes on with the rest', async () => {
    const { planId } = await service.previewActions({ rules: ['newest'], useMarks: false, action: 'trash' });
    await writeFile(tree.path('Docs/y.txt'), `${other} edited`);
    const { batchId } = await service.applyActions({ planId });
    expect(await finished(batchId)).toMatchObject({ done: 3, total: 3, failed: 1 });
    const { steps } = await service.getBatchResult({ batchId });
    expect(steps.find((s) => s.path === tree.path('Docs/y.txt'))).toMatchObject({ state: 'refused', reason: 'the file changed since the scan' });
    expect(steps.filter((s) => s.state === 'done')).toHaveLength(2);
    expect(await readFile(tree.path('Docs/y.txt'), 'utf8')).toBe(`${other} edited`);
  });

  it('deletes permanently only when the host confirms, whatever the request says', async () => {
    const plan = () => service.previewActions({ rules: ['newest'], useMarks: false, action: 'delete' });
    host.deleteConfirmations.length = 0;
    await expect(service.applyActions({ planId: (await plan()).planId })).rejects.toThrow(/not confirmed/);
    expect(host.deleteConfirmations).toEqual([{ files: 3, bytes: 2 * Buffer.byteLength(text) + Buffer.byteLength(other), clusters: 2, refused: 0 }]);
    for (const name of ['Docs/b.txt', 'Docs/old/c.txt', 'Docs/y.txt']) await stat(tree.path(name));
    host.confirmDelete = true;
    try {
      const { batchId } = await service.applyActions({ planId: (await plan()).planId });
      expect(await finished(batchId)).toMatchObject({ done: 3, total: 3, failed: 0 });
      await expect(stat(tree.path('Docs/b.txt'))).rejects.toThrow();
    } finally {
      host.confirmDelete = false;
    }
  });

  it('asks once when a permanent deletion is applied twice at once (a double click); the second is refused', async () => {
    const { planId } = await service.previewActions({ rules: ['newest'], useMarks: false, action: 'delete' });
    let answer: (yes: boolean) => void = () => undefined;
    const asked: unknown[] = [];
    const confirm = host.confirmPermanentDelete;
    host.confirmPermanentDelete = (summary) => {
      asked.push(summary);
      return new Promise((resolve) => (answer = resolve));
    };
    try {
      const first = service.applyActions({ planId });
      const second = service.applyActions({ planId });
      await expect(second).rejects.toThrow(/already starting \(waiting for its confirmation\)/);
      answer(true);
      const { batchId } = await first;
      expect(await finished(batchId)).toMatchObject({ done: 3, total: 3, failed: 0 });
      expect(asked).toHaveLength(1);
      // The plan ran once: a third apply finds it used.
      await expect(service.applyActions({ planId })).rejects.toThrow(/no longer available/);
      expect((await service.listBatches({})).filter((b) => b.action === 'delete')).toHaveLength(1);
    } finally {
      host.confirmPermanentDelete = confirm;
    }
  });

  it('runs only a stored plan, and plans only from its own results', async () => {
    const { dispatchCommand } = await import('../../../../electron/node/service/dispatch.ts');
    await expect(dispatchCommand(service, 'applyActions', { rules: ['newest'], useMarks: false, action: 'trash' })).rejects.toThrow(/invalid request/);
    await expect(dispatchCommand(service, 'applyActions', { planId: 'made-up' })).rejects.toThrow(/no longer available/);
    const { planId } = await service.previewActions({ rules: ['newest'], useMarks: false, action: 'delete' });
    await expect(dispatchCommand(service, 'applyActions', { planId, confirm: true })).rejects.toThrow(/invalid request/);
    await expect(dispatchCommand(service, 'previewActions', { rules: ['newest'], useMarks: false, action: 'trash', paths: ['/etc/passwd'] })).rejects.toThrow(
      /invalid request/,
    );
  });
});
