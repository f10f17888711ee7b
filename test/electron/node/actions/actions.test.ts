// The actions on real files: trash into a freedesktop trash in a temp XDG_DATA_HOME, move,
// hardlink, delete; undo of each; and a batch killed with SIGKILL half-way.
import { spawn } from 'node:child_process';
import { lstat, readFile, readdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import { applyPlan } from '../../../../electron/node/actions/applyPlan.ts';
import { planActions } from '../../../../electron/node/actions/planActions.ts';
import type { ActionKind } from '../../../../electron/node/actions/planActions.ts';
import { undoBatch } from '../../../../electron/node/actions/undoBatch.ts';
import { selectFiles } from '../../../../shared/selection/selectFiles.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { clusterOf, reportOf } from './actionFixture.ts';
import { decodeFsName } from '../../../../shared/fsName.ts';
import { exists } from '../../../helpers/exists.ts';

const body = 'a document kept in two places\n'.repeat(40);

describe('actions and undo', () => {
  let tree: TempTree;
  let journal: ActionJournal;
  beforeEach(async () => {
    tree = await createTempTree({ 'keep/a.txt': body, 'dup/b.txt': body, 'dup/sub/c.txt': body });
    journal = new ActionJournal(tree.path('state/journal.sqlite'));
    process.env.XDG_DATA_HOME = tree.path('data');
  });
  afterEach(async () => {
    journal.close();
    await tree.remove();
  });

  async function run(action: ActionKind, to?: string) {
    const report = reportOf([tree.root], [await clusterOf('exact-1', [tree.path('keep/a.txt'), tree.path('dup/b.txt'), tree.path('dup/sub/c.txt')])]);
    const plan = planActions(report, selectFiles(report, [{ kind: 'in-folder', folder: tree.path('keep') }]), { action, ...(to ? { to } : {}) });
    return applyPlan(plan, { journal });
  }

  it('trash moves files into the freedesktop trash with a .trashinfo, and undo puts them back', async () => {
    const result = await run('trash');
    expect(result.outcomes.map((o) => o.state)).toEqual(['done', 'done']);
    expect(await exists(tree.path('dup/b.txt'))).toBe(false);
    const trashed = await readdir(tree.path('data/Trash/files'));
    expect(trashed).toHaveLength(2);
    const infos = await Promise.all((await readdir(tree.path('data/Trash/info'))).map((n) => readFile(tree.path(`data/Trash/info/${n}`), 'utf8')));
    expect(infos.map((i) => /Path=(.*)/.exec(i)![1]).sort()).toEqual([tree.path('dup/b.txt'), tree.path('dup/sub/c.txt')].sort());
    for (const name of trashed) expect(await readFile(tree.path(`data/Trash/files/${name}`), 'utf8')).toBe(body);

    const undone = await undoBatch(journal);
    expect(undone.outcomes.map((o) => o.state)).toEqual(['restored', 'restored']);
    expect(await readFile(tree.path('dup/b.txt'), 'utf8')).toBe(body);
    expect(await readFile(tree.path('dup/sub/c.txt'), 'utf8')).toBe(body);
    expect(await readdir(tree.path('data/Trash/files'))).toEqual([]);
    expect(await readdir(tree.path('data/Trash/info'))).toEqual([]);
  });

  it('trashes and restores a name that is not UTF-8', async () => {
    const rawName = Buffer.concat([Buffer.from(tree.path('dup/')), Buffer.from([0x6e, 0xff, 0x2e, 0x74])]);
    await writeFile(rawName, body);
    const path = decodeFsName(rawName);
    const report = reportOf([tree.root], [await clusterOf('exact-1', [tree.path('keep/a.txt')])]);
    const info = await lstat(rawName);
    report.clusters[0]!.files.push({ path, size: info.size, mtime: info.mtimeMs });
    const plan = planActions(report, selectFiles(report, [{ kind: 'in-folder', folder: tree.path('keep') }]), { action: 'trash' });
    expect((await applyPlan(plan, { journal })).outcomes.map((o) => o.state)).toEqual(['done']);
    expect(await exists(rawName)).toBe(false);
    const [infoName] = await readdir(tree.path('data/Trash/info'));
    expect(await readFile(tree.path(`data/Trash/info/${infoName}`), 'utf8')).toContain(`Path=${tree.path('dup/')}n%FF.t\n`);
    expect((await undoBatch(journal)).outcomes.map((o) => o.state)).toEqual(['restored']);
    expect(await readFile(rawName, 'utf8')).toBe(body);
  });

  it('undo refuses to overwrite a new file at the original path', async () => {
    await run('trash');
    await writeFile(tree.path('dup/b.txt'), 'something new');
    const undone = await undoBatch(journal);
    const refused = undone.outcomes.find((o) => o.path === tree.path('dup/b.txt'))!;
    expect(refused).toMatchObject({ state: 'refused', reason: 'something new is at the original path; left as it is' });
    expect(await readFile(tree.path('dup/b.txt'), 'utf8')).toBe('something new');
    expect(await readFile(tree.path('dup/sub/c.txt'), 'utf8')).toBe(body);
    expect(await readdir(tree.path('data/Trash/files'))).toHaveLength(1);
  });

  it('move keeps the place below the root, never overwrites, and undoes', async () => {
    // Outside the scanned folder (planActions refuses a target inside it).
    const attic = await createTempTree({ 'moved/dup/b.txt': 'already here' });
    try {
      const result = await run('move', attic.path('moved'));
      expect(result.outcomes.map((o) => o.state)).toEqual(['done', 'done']);
      expect(await readFile(attic.path('moved/dup/b.txt'), 'utf8')).toBe('already here');
      expect(await readFile(attic.path('moved/dup/b (2).txt'), 'utf8')).toBe(body);
      expect(await readFile(attic.path('moved/dup/sub/c.txt'), 'utf8')).toBe(body);
      await undoBatch(journal);
      expect(await readFile(tree.path('dup/b.txt'), 'utf8')).toBe(body);
      expect(await exists(attic.path('moved/dup/b (2).txt'))).toBe(false);
    } finally {
      await attic.remove();
    }
  });

  it('hardlink makes the duplicates names of the kept inode; undo gives them their own again', async () => {
    const mtime = (await lstat(tree.path('dup/b.txt'))).mtimeMs;
    const result = await run('hardlink');
    expect(result.outcomes.map((o) => o.state)).toEqual(['done', 'done']);
    const kept = await lstat(tree.path('keep/a.txt'));
    expect((await lstat(tree.path('dup/b.txt'))).ino).toBe(kept.ino);
    expect(kept.nlink).toBe(3);
    expect((await readdir(tree.path('dup'))).sort()).toEqual(['b.txt', 'sub']);
    await undoBatch(journal);
    const restored = await lstat(tree.path('dup/b.txt'));
    expect(restored.ino).not.toBe(kept.ino);
    expect(Math.abs(restored.mtimeMs - mtime)).toBeLessThanOrEqual(1);
    expect(await readFile(tree.path('dup/b.txt'), 'utf8')).toBe(body);
  });

  it('delete removes for good and undo says it cannot restore', async () => {
    await run('delete');
    expect(await exists(tree.path('dup/b.txt'))).toBe(false);
    const undone = await undoBatch(journal);
    expect(undone.outcomes.every((o) => o.state === 'refused' && o.reason === 'deleted permanently: it cannot be restored')).toBe(true);
  });
});

describe('a batch killed with SIGKILL', () => {
  it('leaves a journal that says exactly which steps completed; undo restores them', async () => {
    const tree = await createTempTree({ 'keep.txt': body });
    process.env.XDG_DATA_HOME = tree.path('data');
    const paths = [];
    for (let i = 0; i < 400; i++) paths.push(await tree.write(`dup/${i}.txt`, body));
    const report = reportOf([tree.root], [await clusterOf('exact-1', [tree.path('keep.txt'), ...paths])]);
    const plan = planActions(report, selectFiles(report, [{ kind: 'shortest-path' }]), { action: 'trash' });
    expect(plan.steps).toHaveLength(400);
    await writeFile(tree.path('plan.json'), JSON.stringify(plan));
    const journalPath = tree.path('journal.sqlite');
    const child = spawn(process.execPath, [fileURLToPath(new URL('./applyChild.ts', import.meta.url)), tree.path('plan.json'), journalPath], {
      env: { ...process.env, XDG_DATA_HOME: tree.path('data') },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // Waits for some progress, then kills without warning.
    for (;;) {
      await new Promise((r) => setTimeout(r, 5));
      if (!(await exists(tree.path('data/Trash/files')))) continue;
      if ((await readdir(tree.path('data/Trash/files'))).length >= 40) break;
    }
    child.kill('SIGKILL');
    await exited;

    const journal = new ActionJournal(journalPath);
    try {
      const steps = journal.steps(journal.batches()[0]!.batchId);
      expect(steps).toHaveLength(400);
      const done = steps.filter((s) => s.state === 'done');
      const pending = steps.filter((s) => s.state === 'pending');
      const started = steps.filter((s) => s.state === 'started');
      expect(done.length).toBeGreaterThanOrEqual(39);
      expect(pending.length).toBeGreaterThan(0);
      expect(started.length).toBeLessThanOrEqual(1);
      expect(done.length + pending.length + started.length).toBe(400);
      for (const step of done) {
        expect(await exists(step.path)).toBe(false);
        expect(await readFile(step.destination!, 'utf8')).toBe(body);
      }
      for (const step of pending) expect(await exists(step.path)).toBe(true);
      // A step caught mid-way is at its path, in the trash, or (between link and unlink) both.
      for (const step of started) expect((await exists(step.path)) || (await exists(step.destination!))).toBe(true);

      const undone = await undoBatch(journal);
      expect(undone.outcomes.filter((o) => o.state === 'refused')).toEqual([]);
      for (const path of paths) expect(await readFile(path, 'utf8')).toBe(body);
      expect(await readdir(tree.path('data/Trash/files'))).toEqual([]);
      expect(await readdir(tree.path('data/Trash/info'))).toEqual([]);
    } finally {
      journal.close();
      await tree.remove();
    }
  });
});
