// The move under trash and move: folders whose names are not UTF-8 are made under their real
// bytes, and a step that cannot remove the original (a folder the user may not write to) takes
// back the second name it made, so the file is left under its one name, not also in the trash or
// under --to. That case runs the batch as an unprivileged user when the tests run as root.
import { spawn } from 'node:child_process';
import { chmodSync, chownSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeFsName } from '../../../../shared/fsName.ts';
import { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import { applyPlan } from '../../../../electron/node/actions/applyPlan.ts';
import { planActions } from '../../../../electron/node/actions/planActions.ts';
import type { ActionPlan } from '../../../../electron/node/actions/planActions.ts';
import { undoBatch } from '../../../../electron/node/actions/undoBatch.ts';
import { runningAsRoot, UNPRIVILEGED_ID } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { clusterOf, reportOf } from './actionFixture.ts';

const body = 'one text in two places\n'.repeat(20);
const applyChild = fileURLToPath(new URL('./applyChild.ts', import.meta.url));

describe('moving files for trash and move', () => {
  let tree: TempTree;
  let savedDataHome: string | undefined;
  beforeEach(async () => {
    tree = await createTempTree();
    savedDataHome = process.env.XDG_DATA_HOME;
    process.env.XDG_DATA_HOME = tree.path('data');
  });
  afterEach(async () => {
    if (savedDataHome === undefined) delete process.env.XDG_DATA_HOME;
    else process.env.XDG_DATA_HOME = savedDataHome;
    await tree.remove();
  });

  describe('a folder named in Latin-1 ("caf\\xe9", not UTF-8)', () => {
    const names = (folder: string | Buffer) => readdirSync(folder, { encoding: 'buffer' }).map((name) => name.toString('hex'));
    const cafe = Buffer.from('caf\xe9', 'latin1');

    async function oddFolderPlan(options: { action: 'move'; to: string } | { action: 'trash' }): Promise<ActionPlan> {
      const folder = Buffer.concat([Buffer.from(`${tree.path('docs')}/`), cafe]);
      mkdirSync(folder, { recursive: true });
      const [a, b] = ['a.txt', 'b.txt'].map((name) => Buffer.concat([folder, Buffer.from(`/${name}`)]));
      for (const path of [a!, b!]) writeFileSync(path, body);
      const [keep, act] = [decodeFsName(a!), decodeFsName(b!)];
      // As the scan reports them: paths with the odd byte escaped, stats from the real bytes.
      const files = [a!, b!].map((path) => ({ path: decodeFsName(path), size: lstatSync(path).size, mtime: lstatSync(path).mtimeMs }));
      const report = reportOf([tree.path('docs')], [{ id: 'c1', kind: 'exact', similarity: 1, reclaimable: body.length, files }]);
      return planActions(report, { clusters: [{ clusterId: 'c1', keep: [keep], act: [act] }] }, options);
    }

    it('move puts the file under --to in a folder of the same bytes, and undo brings it back', async () => {
      const journal = new ActionJournal(tree.path('state/journal.sqlite'));
      try {
        const result = await applyPlan(await oddFolderPlan({ action: 'move', to: tree.path('attic') }), { journal });
        expect(result.outcomes.map((o) => [o.state, o.reason])).toEqual([['done', undefined]]);
        expect(names(tree.path('attic'))).toEqual([cafe.toString('hex')]);
        expect((await undoBatch(journal, result.batchId)).outcomes.map((o) => o.state)).toEqual(['restored']);
      } finally {
        journal.close();
      }
      expect(names(tree.path('docs'))).toEqual([cafe.toString('hex')]);
      expect(names(Buffer.concat([Buffer.from(`${tree.path('docs')}/`), cafe])).sort()).toEqual(['a.txt', 'b.txt'].map((n) => Buffer.from(n).toString('hex')));
    });

    it('undo of a trash makes no look-alike folder beside it', async () => {
      const journal = new ActionJournal(tree.path('state/journal.sqlite'));
      try {
        const result = await applyPlan(await oddFolderPlan({ action: 'trash' }), { journal });
        expect(result.outcomes.map((o) => o.state)).toEqual(['done']);
        expect((await undoBatch(journal, result.batchId)).outcomes.map((o) => o.state)).toEqual(['restored']);
      } finally {
        journal.close();
      }
      expect(names(tree.path('docs'))).toEqual([cafe.toString('hex')]);
    });
  });

  describe('an original in a folder the user may not write to', () => {
    /** Runs the plan in a child process as the unprivileged user (when root); the journal's steps. */
    async function applyAsUser(plan: ActionPlan): Promise<{ state: string; reason: string | null }[]> {
      const planPath = tree.path('user/plan.json');
      writeFileSync(planPath, JSON.stringify(plan));
      const journalPath = tree.path('user/journal.sqlite');
      const drop = runningAsRoot ? { uid: UNPRIVILEGED_ID, gid: UNPRIVILEGED_ID } : {};
      const env = { ...process.env, XDG_DATA_HOME: tree.path('user/data'), TMPDIR: tree.path('user/tmp') };
      const child = spawn(process.execPath, [applyChild, planPath, journalPath], { env, stdio: ['ignore', 'ignore', 'pipe'], ...drop });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('close', resolve));
      expect(code, stderr).toBe(0);
      const journal = new ActionJournal(journalPath);
      try {
        return journal.steps(journal.batches()[0]!.batchId).map(({ state, reason }) => ({ state, reason }));
      } finally {
        journal.close();
      }
    }

    async function lockedOriginalPlan(options: { action: 'move'; to: string } | { action: 'trash' }): Promise<ActionPlan> {
      const kept = await tree.write('docs/a.txt', body);
      const original = await tree.write('docs/locked/b.txt', body);
      // The user's own: the folders they write to, and the file (a hard link to it needs that).
      for (const folder of ['user', 'user/data', 'user/tmp', 'attic']) mkdirSync(tree.path(folder), { recursive: true });
      if (runningAsRoot) for (const path of [tree.path('user'), tree.path('user/data'), tree.path('user/tmp'), tree.path('attic'), original]) chownSync(path, UNPRIVILEGED_ID, UNPRIVILEGED_ID);
      // Passable for that user down to the files; the original's folder is not theirs to write.
      for (let dir = tree.root; runningAsRoot && dir !== dirname(dir); dir = dirname(dir)) {
        if ((lstatSync(dir).mode & 0o011) !== 0o011) chmodSync(dir, lstatSync(dir).mode | 0o011);
      }
      chmodSync(tree.path('docs'), 0o755);
      chmodSync(tree.path('docs/locked'), 0o555);
      const report = reportOf([tree.path('docs')], [await clusterOf('c1', [kept, original])]);
      return planActions(report, { clusters: [{ clusterId: 'c1', keep: [kept], act: [original] }] }, options);
    }

    afterEach(() => chmodSync(tree.path('docs/locked'), 0o755));

    it('trash: the step fails, and the file is not left in the trash as well', async () => {
      const steps = await applyAsUser(await lockedOriginalPlan({ action: 'trash' }));
      expect(steps).toEqual([{ state: 'failed', reason: expect.stringMatching(/^EACCES: permission denied, unlink/) }]);
      expect(readdirSync(tree.path('docs/locked'))).toEqual(['b.txt']);
      expect(readdirSync(tree.path('user/data/Trash/files'))).toEqual([]);
      expect(readdirSync(tree.path('user/data/Trash/info'))).toEqual([]);
    });

    it('move: the step fails, and neither the file nor the folder made for it is left under --to', async () => {
      const steps = await applyAsUser(await lockedOriginalPlan({ action: 'move', to: tree.path('attic') }));
      expect(steps).toEqual([{ state: 'failed', reason: expect.stringMatching(/^EACCES: permission denied, unlink/) }]);
      expect(readdirSync(tree.path('docs/locked'))).toEqual(['b.txt']);
      expect(readdirSync(tree.path('attic'))).toEqual([]);
    });
  });
});
