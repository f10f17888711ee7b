// Paths are compared as text (isWithin), so the text must name where the file really is. A report
// path with ".." in it, or a folder swapped for a symbolic link after the scan, would otherwise
// take a clean-up into a reference folder or outside the scanned ones; and undo would put a file
// back through such a link, somewhere else than where it was.
import { mkdir, readdir, rename, symlink, unlink } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import { applyPlan } from '../../../../electron/node/actions/applyPlan.ts';
import { planActions } from '../../../../electron/node/actions/planActions.ts';
import { undoBatch } from '../../../../electron/node/actions/undoBatch.ts';
import { exists } from '../../../helpers/exists.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { clusterOf, openActionTree, reportOf } from './actionFixture.ts';
import type { ActionTree } from './actionFixture.ts';

const body = 'the same bytes in both copies\n'.repeat(40);

describe('paths that do not name where the file is', () => {
  let opened: ActionTree;
  let tree: TempTree;
  let journal: ActionJournal;
  beforeEach(async () => {
    opened = await openActionTree({ 'root/a/f.txt': body, 'root/b/f.txt': body, 'outside/f.txt': body });
    ({ tree, journal } = opened);
  });
  afterEach(() => opened.close());

  const [kept, other] = [() => tree.path('root/a/f.txt'), () => tree.path('root/b/f.txt')];

  it('refuses a report path with ".." in it, which would read as inside the scanned folder', async () => {
    // The file is outside/f.txt, in a reference folder; its text starts with the scanned root.
    const dotted = `${tree.path('root')}/../outside/f.txt`;
    const cluster = await clusterOf('c1', [kept(), tree.path('outside/f.txt')]);
    cluster.files[1]!.path = dotted;
    const report = reportOf([tree.path('root')], [cluster]);
    for (const options of [{ action: 'trash' as const, referenceRoots: [tree.path('outside')] }, { action: 'move' as const, to: tree.path('attic') }]) {
      const plan = planActions(report, { clusters: [{ clusterId: 'c1', keep: [kept()], act: [dotted] }] }, options);
      expect(plan.steps).toEqual([]);
      expect(plan.refused.map((r) => r.reason)).toEqual(['not a path as a scan writes it (not absolute, or with a "." or ".." in it)']);
    }
    expect(await exists(tree.path('outside/f.txt'))).toBe(true);
  });

  it('refuses at run time a file whose folder became a link into a reference folder', async () => {
    const report = reportOf([tree.path('root')], [await clusterOf('c1', [kept(), other()])]);
    const plan = planActions(report, { clusters: [{ clusterId: 'c1', keep: [kept()], act: [other()] }] }, { action: 'trash', referenceRoots: [tree.path('ref')] });
    expect(plan.steps.map((s) => s.path)).toEqual([other()]);
    // After the preview: root/b goes into the reference folder, and a link takes its place.
    await mkdir(tree.path('ref'));
    await rename(tree.path('root/b'), tree.path('ref/b'));
    await symlink(tree.path('ref/b'), tree.path('root/b'));
    const result = await applyPlan(plan, { journal });
    expect(result.outcomes).toEqual([{ clusterId: 'c1', path: other(), state: 'refused', reason: 'the file: a folder on its path is now a link to another place' }]);
    expect(await readdir(tree.path('ref/b'))).toEqual(['f.txt']);
    // A batch that did nothing offers nothing to undo, in History or to a plain `shingle undo`.
    expect(journal.batches()[0]).toMatchObject({ files: 0, undoable: false });
    expect(journal.lastActingBatchId()).toBeUndefined();
  });

  it('puts nothing back through a folder that became a link, and takes a file put back by hand as in place', async () => {
    const report = reportOf([tree.path('root')], [await clusterOf('c1', [kept(), other()])]);
    const trash = async () => {
      const plan = planActions(report, { clusters: [{ clusterId: 'c1', keep: [kept()], act: [other()] }] }, { action: 'trash' });
      const result = await applyPlan(plan, { journal });
      expect(result.outcomes.map((o) => o.state)).toEqual(['done']);
      return { batchId: result.batchId, destination: journal.steps(result.batchId)[0]!.destination! };
    };
    const first = await trash();
    await rename(tree.path('root/b'), tree.path('moved-b'));
    await symlink(tree.path('outside'), tree.path('root/b'));
    const refused = await undoBatch(journal, first.batchId);
    expect(refused.outcomes).toEqual([{ path: other(), state: 'refused', reason: `a folder on its path is now a link to another place; left at ${first.destination}` }]);
    expect(await readdir(tree.path('outside'))).toEqual(['f.txt']);
    expect(await exists(first.destination)).toBe(true);

    // The person takes it out of the trash by hand, into its folder again: undo has nothing to do.
    await unlink(tree.path('root/b'));
    await rename(tree.path('moved-b'), tree.path('root/b'));
    await rename(first.destination, other());
    const info = journal.steps(first.batchId)[0]!.trashInfo!;
    expect(await exists(info)).toBe(true);
    const undone = await undoBatch(journal, first.batchId);
    expect(undone.outcomes).toEqual([{ path: other(), state: 'nothing-to-do', reason: 'already back at its path' }]);
    expect(journal.batch(first.batchId)!.undoneMs).not.toBeNull();
    // Its stale entry in the trash's info folder goes too.
    expect(await exists(info)).toBe(false);
  });
});
