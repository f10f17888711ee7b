// Issue 25 item 4: a hard link keeps what the person would lose. A duplicate whose owner, group
// or permissions differ from the kept copy's is refused, in the preview and at run time, saying
// which; undo puts back the journaled permissions; and a path edited after linking is not called
// restored.
import { appendFile, chmod, chown, lstat, readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import { applyPlan } from '../../../../electron/node/actions/applyPlan.ts';
import { checkPlanOnDisk } from '../../../../electron/node/actions/checkPlan.ts';
import { planActions } from '../../../../electron/node/actions/planActions.ts';
import { undoBatch } from '../../../../electron/node/actions/undoBatch.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { clusterOf, reportOf } from './actionFixture.ts';

const body = 'a spreadsheet kept twice\n'.repeat(60);
const asRoot = process.getuid?.() === 0;

describe('hard links and what they would take from the duplicate', () => {
  let tree: TempTree;
  let journal: ActionJournal;
  beforeEach(async () => {
    tree = await createTempTree({ 'keep/a.txt': body, 'dup/b.txt': body });
    await chmod(tree.path('keep/a.txt'), 0o644);
    await chmod(tree.path('dup/b.txt'), 0o644);
    journal = new ActionJournal(tree.path('state/journal.sqlite'));
  });
  afterEach(async () => {
    journal.close();
    await tree.remove();
  });

  async function hardlinkPlan() {
    const [a, b] = [tree.path('keep/a.txt'), tree.path('dup/b.txt')];
    const report = reportOf([tree.root], [await clusterOf('c1', [a, b])]);
    return planActions(report, { clusters: [{ clusterId: 'c1', keep: [a], act: [b] }] }, { action: 'hardlink' });
  }

  async function expectRefusedBoth(reason: string): Promise<void> {
    const plan = await hardlinkPlan();
    const checked = await checkPlanOnDisk(plan);
    expect(checked.steps).toEqual([]);
    expect(checked.refused.map((r) => r.reason)).toEqual([reason]);
    // The run refuses it too, whatever the preview said.
    const result = await applyPlan(plan, { journal });
    expect(result.outcomes.map((o) => [o.state, o.reason])).toEqual([['refused', reason]]);
    const [a, b] = await Promise.all([lstat(tree.path('keep/a.txt')), lstat(tree.path('dup/b.txt'))]);
    expect(b.ino).not.toBe(a.ino);
  }

  it('refuses a duplicate whose permissions differ, saying which', async () => {
    await chmod(tree.path('dup/b.txt'), 0o600);
    await expectRefusedBoth('a hard link to the kept copy would change its permissions (600 → 644)');
    expect((await lstat(tree.path('dup/b.txt'))).mode & 0o777).toBe(0o600);
  });

  it.skipIf(!asRoot)('refuses a duplicate of another owner and group, saying which (needs root to give a file away)', async () => {
    await chown(tree.path('dup/b.txt'), 1000, 1000);
    await expectRefusedBoth('a hard link to the kept copy would change its owner (1000 → 0), group (1000 → 0)');
  });

  it('undo puts back the journaled permissions after a chmod of the shared file', async () => {
    await chmod(tree.path('keep/a.txt'), 0o640);
    await chmod(tree.path('dup/b.txt'), 0o640);
    const result = await applyPlan(await hardlinkPlan(), { journal });
    expect(result.outcomes.map((o) => o.state)).toEqual(['done']);
    await chmod(tree.path('keep/a.txt'), 0o600);
    const undone = await undoBatch(journal, result.batchId);
    expect(undone.outcomes).toEqual([{ path: tree.path('dup/b.txt'), state: 'restored' }]);
    const [a, b] = await Promise.all([lstat(tree.path('keep/a.txt')), lstat(tree.path('dup/b.txt'))]);
    expect(b.ino).not.toBe(a.ino);
    expect(b.mode & 0o777).toBe(0o640);
    expect(a.mode & 0o777).toBe(0o600);
  });

  it.skipIf(!asRoot)('undo gives the copy it makes back its journaled owner and group (needs root to give a file away)', async () => {
    for (const name of ['keep/a.txt', 'dup/b.txt']) await chown(tree.path(name), 1000, 1000);
    const result = await applyPlan(await hardlinkPlan(), { journal });
    expect(result.outcomes.map((o) => o.state)).toEqual(['done']);
    const undone = await undoBatch(journal, result.batchId);
    expect(undone.outcomes).toEqual([{ path: tree.path('dup/b.txt'), state: 'restored' }]);
    const b = await lstat(tree.path('dup/b.txt'));
    expect([b.uid, b.gid, b.nlink]).toEqual([1000, 1000, 1]);
  });

  it('undo after an edit through either name says so instead of calling it restored', async () => {
    const result = await applyPlan(await hardlinkPlan(), { journal });
    expect(result.outcomes.map((o) => o.state)).toEqual(['done']);
    await appendFile(tree.path('keep/a.txt'), 'an edit made after linking\n');
    const undone = await undoBatch(journal, result.batchId);
    expect(undone.outcomes).toEqual([
      {
        path: tree.path('dup/b.txt'),
        state: 'refused',
        reason: `it was edited after it was linked (here or as ${tree.path('keep/a.txt')}: an edit to either changes both), so the bytes it had are gone; left linked`,
      },
    ]);
    expect(journal.batch(result.batchId)!.undoneMs).toBeNull();
    expect(await readFile(tree.path('dup/b.txt'), 'utf8')).toMatch(/an edit made after linking/);
  });
});
