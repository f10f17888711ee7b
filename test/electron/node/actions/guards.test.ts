// Every guard of planActions and applyPlan, each one tried with a batch built to break it.
import { lstat, mkdtemp, readFile, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import { applyPlan } from '../../../../electron/node/actions/applyPlan.ts';
import { planActions } from '../../../../electron/node/actions/planActions.ts';
import { selectFiles } from '../../../../shared/selection/selectFiles.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { clusterOf, reportOf } from './actionFixture.ts';

const body = 'the same bytes in every copy\n'.repeat(50);

describe('action guards', () => {
  let tree: TempTree;
  let journal: ActionJournal;
  beforeEach(async () => {
    tree = await createTempTree({ 'keep/a.txt': body, 'dup/b.txt': body, 'dup/c.txt': body, 'other.txt': body });
    journal = new ActionJournal(tree.path('state/journal.sqlite'));
    process.env.XDG_DATA_HOME = tree.path('data');
  });
  afterEach(async () => {
    journal.close();
    await tree.remove();
  });

  const threeCopies = () => clusterOf('exact-1', [tree.path('keep/a.txt'), tree.path('dup/b.txt'), tree.path('dup/c.txt')]);

  it('refuses a selection that acts on every file of a cluster', async () => {
    const report = reportOf([tree.root], [await threeCopies()]);
    const all = report.clusters[0]!.files.map((f) => f.path);
    const plan = planActions(report, { clusters: [{ clusterId: 'exact-1', keep: [], act: all }] }, { action: 'delete' });
    expect(plan.steps).toEqual([]);
    expect(plan.refused.map((r) => r.reason)).toEqual(Array(3).fill('would remove every copy in the cluster'));
    // Naming a file as kept while also acting on it keeps nothing either.
    const sneaky = planActions(report, { clusters: [{ clusterId: 'exact-1', keep: [all[0]!], act: all }] }, { action: 'delete' });
    expect(sneaky.steps).toEqual([]);
  });

  it('refuses files under a reference folder and paths that are not in the report', async () => {
    const report = reportOf([tree.root], [await threeCopies()]);
    const selection = { clusters: [{ clusterId: 'exact-1', keep: [tree.path('keep/a.txt')], act: [tree.path('dup/b.txt'), tree.path('dup/c.txt'), tree.path('other.txt'), '/etc/passwd'] }] };
    const plan = planActions(report, selection, { action: 'delete', referenceRoots: [tree.path('dup/')] });
    expect(plan.steps).toEqual([]);
    expect(plan.refused.map((r) => r.reason)).toEqual([
      'not a file of this cluster in the report',
      'not a file of this cluster in the report',
      'in a reference folder',
      'in a reference folder',
    ]);
    const unknown = planActions(report, { clusters: [{ clusterId: 'nope', keep: [], act: ['/etc/passwd'] }] }, { action: 'delete' });
    expect(unknown.steps).toEqual([]);
    expect(unknown.refused[0]!.reason).toBe('not a cluster of the report');
  });

  it('never acts on a hard-link name of the kept file, in the plan or on disk', async () => {
    const cluster = await threeCopies();
    cluster.files[0]!.links = [tree.path('dup/b.txt')];
    const report = reportOf([tree.root], [cluster]);
    const plan = planActions(report, selectFiles(report, [{ kind: 'in-folder', folder: tree.path('keep') }]), { action: 'delete' });
    expect(plan.refused).toEqual([{ clusterId: 'exact-1', path: tree.path('dup/b.txt'), reason: 'another name (hard link) of a kept file' }]);
    expect(plan.steps.map((s) => s.path)).toEqual([tree.path('dup/c.txt')]);
  });

  it('refuses a file modified after the scan, or whose kept copy changed, and goes on', async () => {
    const report = reportOf([tree.root], [await threeCopies()]);
    const plan = planActions(report, selectFiles(report, [{ kind: 'in-folder', folder: tree.path('keep') }]), { action: 'delete' });
    // Same size, same mtime put back: only the hash can tell.
    const info = await lstat(tree.path('dup/b.txt'));
    await writeFile(tree.path('dup/b.txt'), body.replace('same', 'SAME'));
    await utimes(tree.path('dup/b.txt'), info.atime, info.mtime);
    const result = await applyPlan(plan, { journal });
    expect(result.outcomes).toEqual([
      { clusterId: 'exact-1', path: tree.path('dup/b.txt'), state: 'refused', reason: `its content does not match its twin ${tree.path('keep/a.txt')}` },
      { clusterId: 'exact-1', path: tree.path('dup/c.txt'), state: 'done' },
    ]);
    expect(await readFile(tree.path('dup/b.txt'), 'utf8')).toContain('SAME');

    const again = reportOf([tree.root], [await clusterOf('exact-2', [tree.path('keep/a.txt'), tree.path('other.txt')])]);
    await writeFile(tree.path('keep/a.txt'), body + 'more');
    const second = await applyPlan(planActions(again, selectFiles(again, [{ kind: 'in-folder', folder: tree.path('keep') }]), { action: 'trash' }), { journal });
    expect(second.outcomes[0]).toMatchObject({ state: 'refused', reason: `the kept copy ${tree.path('keep/a.txt')} changed since the scan` });
    expect(await readFile(tree.path('other.txt'), 'utf8')).toBe(body);
  });

  it('hardlink refuses across devices and never leaves a symlink', async () => {
    const shm = await mkdtemp(join('/dev/shm', 'shingle-'));
    try {
      const kept = join(shm, 'kept.txt');
      await writeFile(kept, body);
      if ((await lstat(kept)).dev === (await lstat(tree.root)).dev) return expect.fail('/dev/shm is not another device here');
      const report = reportOf([tree.root, shm], [await clusterOf('exact-x', [kept, tree.path('dup/b.txt')])]);
      const plan = planActions(report, selectFiles(report, [{ kind: 'in-folder', folder: shm }]), { action: 'hardlink' });
      const result = await applyPlan(plan, { journal });
      expect(result.outcomes[0]).toMatchObject({ state: 'refused', reason: 'the kept copy is on another device: a hard link is impossible' });
      const after = await lstat(tree.path('dup/b.txt'));
      expect(after.isSymbolicLink()).toBe(false);
      expect(after.isFile()).toBe(true);
      expect(await readFile(tree.path('dup/b.txt'), 'utf8')).toBe(body);
      expect((await readdir(tree.path('dup'))).sort()).toEqual(['b.txt', 'c.txt']);
    } finally {
      await rm(shm, { recursive: true, force: true });
    }
  });

  it('hardlink refuses near duplicates that are not byte-identical', async () => {
    await writeFile(tree.path('other.txt'), body + 'a little more');
    const report = reportOf([tree.root], [await clusterOf('near-1', [tree.path('keep/a.txt'), tree.path('other.txt')], 'near')]);
    const plan = planActions(report, selectFiles(report, []), { action: 'hardlink' });
    expect(plan.steps).toEqual([]);
    expect(plan.refused[0]!.reason).toMatch(/not byte-identical/);
  });

  it('contained clusters always keep their container', async () => {
    const report = reportOf([tree.root], [await clusterOf('contained-1', [tree.path('dup/c.txt'), tree.path('keep/a.txt')], 'contained')]);
    const selection = selectFiles(report, [{ kind: 'in-folder', folder: tree.path('keep') }]);
    expect(selection.clusters[0]!.keep).toEqual([tree.path('dup/c.txt')]);
    const forced = planActions(report, { clusters: [{ clusterId: 'contained-1', keep: [tree.path('keep/a.txt')], act: [tree.path('dup/c.txt')] }] }, { action: 'delete' });
    expect(forced.steps).toEqual([]);
    expect(forced.refused[0]!.reason).toBe('the container of a contained cluster is always kept');
  });
});
