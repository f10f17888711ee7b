// Issue 25 item 1, in the engine: a reference folder is a folder, not a text. Named through a
// link to one of its parents, it still protects its files in the preview's look at the disk and,
// for a plan that never went through that look, in the run's last checks. The mount cases are in
// test/electron/node/cli/applyFolderNames.test.ts.
import { readFile, symlink } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import { applyPlan } from '../../../../electron/node/actions/applyPlan.ts';
import { checkPlanOnDisk } from '../../../../electron/node/actions/checkPlan.ts';
import { folderSet, namesInReport } from '../../../../electron/node/actions/folderIdentity.ts';
import { planActions } from '../../../../electron/node/actions/planActions.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { clusterOf, openActionTree, reportOf } from './actionFixture.ts';
import type { ActionTree } from './actionFixture.ts';

const body = 'the only copy that must stay\n'.repeat(40);

describe('folders by identity', () => {
  let opened: ActionTree;
  let tree: TempTree;
  let journal: ActionJournal;
  beforeEach(async () => {
    opened = await openActionTree({ 'data/ref/f.txt': body, 'data/work/f.txt': body });
    ({ tree, journal } = opened);
    // Another name for data: what the text of a path cannot tell from another folder.
    await symlink(tree.path('data'), tree.path('alias'));
  });
  afterEach(() => opened.close());

  const plan = async () => {
    const report = reportOf([tree.path('data')], [await clusterOf('c1', [tree.path('data/work/f.txt'), tree.path('data/ref/f.txt')])]);
    return planActions(report, { clusters: [{ clusterId: 'c1', keep: [tree.path('data/work/f.txt')], act: [tree.path('data/ref/f.txt')] }] }, { action: 'delete', referenceRoots: [tree.path('alias/ref')] });
  };

  it('a reference folder by another name: the preview refuses its file, saying which folder', async () => {
    const planned = await plan();
    // The text rule alone lets it through; the look at the disk does not.
    expect(planned.steps).toHaveLength(1);
    const checked = await checkPlanOnDisk(planned);
    expect(checked.steps).toEqual([]);
    expect(checked.refused.map((r) => r.reason)).toEqual([`in a reference folder, ${tree.path('alias/ref')} (here named ${tree.path('data/ref')})`]);
  });

  it('a plan that skipped the preview: the run refuses the file next to the action, nothing deleted', async () => {
    const result = await applyPlan(await plan(), { journal });
    expect(result.outcomes.map((o) => [o.state, o.reason])).toEqual([['refused', `it is in a reference folder, ${tree.path('alias/ref')} (here named ${tree.path('data/ref')})`]]);
    expect(await readFile(tree.path('data/ref/f.txt'), 'utf8')).toBe(body);
  });

  it('answers inside by identity, the text as a fast path, and outside for a sibling', async () => {
    const set = await folderSet([tree.path('alias/ref')]);
    expect(await set.holding(tree.path('alias/ref/f.txt'))).toEqual({ folder: tree.path('alias/ref'), as: tree.path('alias/ref') });
    expect(await set.holding(tree.path('data/ref/f.txt'))).toEqual({ folder: tree.path('alias/ref'), as: tree.path('data/ref') });
    // Not there yet (a move target): its existing folders count.
    expect(await set.holding(tree.path('data/ref/new/deeper/g.txt'))).toEqual({ folder: tree.path('alias/ref'), as: tree.path('data/ref') });
    expect(await set.holding(tree.path('data/work/f.txt'))).toBeUndefined();
    expect(await set.holding(tree.path('data/refs/f.txt'))).toBeUndefined();
  });

  it("finds the names a report's paths use for a folder", async () => {
    const paths = [tree.path('data/ref/f.txt'), tree.path('data/work/f.txt')];
    expect(await namesInReport(tree.path('alias/ref'), paths)).toEqual([tree.path('alias/ref'), tree.path('data/ref')]);
    expect(await namesInReport(tree.path('alias'), paths)).toEqual([tree.path('alias'), tree.path('data')]);
  });
});
