// Issue 25 item 5, at run time: a destination folder swapped for a symbolic link after the preview
// is seen right before the file goes in. The step is refused, the file stays, nothing lands where
// the link leads, and the folders the move made for it are gone again.
import { mkdir, readdir, symlink } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import { applyPlan } from '../../../../electron/node/actions/applyPlan.ts';
import { checkPlanOnDisk } from '../../../../electron/node/actions/checkPlan.ts';
import { planActions } from '../../../../electron/node/actions/planActions.ts';
import { exists } from '../../../helpers/exists.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { clusterOf, openActionTree, reportOf } from './actionFixture.ts';
import type { ActionTree } from './actionFixture.ts';

const body = 'a report moved out of the way\n'.repeat(30);

describe('the folders a move goes into, at run time', () => {
  let opened: ActionTree;
  let tree: TempTree;
  let journal: ActionJournal;
  beforeEach(async () => {
    opened = await openActionTree({ 'docs/keep/r.txt': body, 'docs/old/deep/r.txt': body, 'theirs/.keep': '' });
    ({ tree, journal } = opened);
    await mkdir(tree.path('attic'), { mode: 0o755 });
  });
  afterEach(() => opened.close());

  it('a subfolder planted as a link after the preview: refused, nothing moved through it', async () => {
    const report = reportOf([tree.path('docs')], [await clusterOf('c1', [tree.path('docs/keep/r.txt'), tree.path('docs/old/deep/r.txt')])]);
    const plan = await checkPlanOnDisk(planActions(report, { clusters: [{ clusterId: 'c1', keep: [tree.path('docs/keep/r.txt')], act: [tree.path('docs/old/deep/r.txt')] }] }, { action: 'move', to: tree.path('attic') }));
    expect(plan.steps.map((s) => s.lands)).toEqual([tree.path('attic/old/deep/r.txt')]);
    // The preview's list says it too, on the file's row; the kept file goes nowhere.
    expect(plan.clusters[0]!.files.map((f) => [f.decision, f.lands])).toEqual([['keep', undefined], ['remove', tree.path('attic/old/deep/r.txt')]]);
    await symlink(tree.path('theirs'), tree.path('attic/old'));
    const result = await applyPlan(plan, { journal });
    expect(result.outcomes.map((o) => [o.state, o.reason])).toEqual([['refused', `the folder ${tree.path('attic/old')}, where it would be moved to, is a symbolic link`]]);
    expect(await exists(tree.path('docs/old/deep/r.txt'))).toBe(true);
    expect(await readdir(tree.path('theirs'))).toEqual(['.keep']);
  });

  it('a subfolder planted as a link in the last instant, after the journal commit: refused', async () => {
    const report = reportOf([tree.path('docs')], [await clusterOf('c1', [tree.path('docs/keep/r.txt'), tree.path('docs/old/deep/r.txt')])]);
    const plan = planActions(report, { clusters: [{ clusterId: 'c1', keep: [tree.path('docs/keep/r.txt')], act: [tree.path('docs/old/deep/r.txt')] }] }, { action: 'move', to: tree.path('attic') });
    // In the last instant, attic/old appears as a link (as if made by someone else meanwhile).
    const result = await applyPlan(plan, { journal, beforeAct: () => symlink(tree.path('theirs'), tree.path('attic/old')) });
    expect(result.outcomes.map((o) => o.state)).toEqual(['refused']);
    expect(await readdir(tree.path('theirs'))).toEqual(['.keep']);
    expect(await exists(tree.path('docs/old/deep/r.txt'))).toBe(true);
  });
});
