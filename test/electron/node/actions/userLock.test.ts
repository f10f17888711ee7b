// Clean-ups recorded in different journals (`shingle apply --journal`, the app with another data
// folder) still run one at a time: the per-user lock. Two batches with opposite keep choices, one
// keeping a and removing b, the other keeping b and removing a, must never remove both.
import { chmodSync, chownSync, existsSync, mkdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { readdir, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import { startBatch } from '../../../../electron/node/actions/applyPlan.ts';
import { JournalBusyError, lockJournal, userLockDirs } from '../../../../electron/node/actions/journalLock.ts';
import { planActions } from '../../../../electron/node/actions/planActions.ts';
import { runCli, runningAsRoot, UNPRIVILEGED_ID } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { clusterOf, reportOf } from './actionFixture.ts';

const PAIRS = 20;

describe('one clean-up at a time per user, whatever the journal', () => {
  let tree: TempTree;
  beforeEach(async () => {
    tree = await createTempTree();
  });
  afterEach(() => tree.remove());

  /** PAIRS pairs of identical files, a older than b in each, and the path of their scan's report. */
  async function pairsReport(): Promise<string> {
    for (let i = 0; i < PAIRS; i++) {
      await tree.write(`pairs/${i}/a.txt`, `pair ${i}\n`);
      await tree.write(`pairs/${i}/b.txt`, `pair ${i}\n`);
      await utimes(tree.path(`pairs/${i}/a.txt`), 1_000_000, 1_000_000);
    }
    const scan = await runCli(['scan', tree.path('pairs'), '--json', '--no-index', '--no-near']);
    expect(scan.code, scan.stderr).toBe(0);
    return tree.write('pairs.json', scan.stdout);
  }

  async function expectOneCopyEach(results: Array<{ stderr: string }>): Promise<void> {
    for (let i = 0; i < PAIRS; i++) expect((await readdir(tree.path(`pairs/${i}`))).length, `pair ${i}: ${results.map((r) => r.stderr).join(' | ')}`).toBe(1);
  }

  it('refuses in one line a shingle apply with another journal while the app runs a batch, and both copies stay', async () => {
    const a = await tree.write('docs/one/a.txt', 'the same words\n');
    const b = await tree.write('docs/two/b.txt', 'the same words\n');
    const report = reportOf([tree.path('docs')], [await clusterOf('c1', [a, b])]);
    const reportPath = await tree.write('report.json', JSON.stringify(report));
    // The app's batch keeps a and removes b; it holds its locks from start to end.
    const journal = new ActionJournal(tree.path('app-data/journal.sqlite'));
    try {
      const plan = planActions(report, { clusters: [{ clusterId: 'c1', keep: [a], act: [b] }] }, { action: 'delete' });
      const batch = startBatch(plan, journal);
      // Meanwhile a shell, with a journal elsewhere, keeps b and removes a.
      const cli = await runCli(['apply', reportPath, '--keep', `in:${tree.path('docs/two')}`, '--action', 'delete', '--yes', '--journal', tree.path('shell-data/journal.sqlite')]);
      expect(cli.code, cli.stderr).toBe(1);
      expect(cli.stderr).toMatch(/^shingle apply: another clean-up or undo is running \(.*\n$/);
      expect(existsSync(a) && existsSync(b)).toBe(true);
      const result = await batch.run();
      expect(result.outcomes.map((o) => o.state)).toEqual(['done']);
    } finally {
      journal.close();
    }
    expect([existsSync(a), existsSync(b)]).toEqual([true, false]);
  });

  it('two applies with opposite keep rules and different journals, at once, leave one copy of every pair', async () => {
    const reportPath = await pairsReport();
    const results = await Promise.all(
      ['oldest', 'newest'].map((rule) => runCli(['apply', reportPath, '--keep', rule, '--action', 'delete', '--yes', '--journal', tree.path(`journal-${rule}/journal.sqlite`)])),
    );
    await expectOneCopyEach(results);
  });

  it('two applies with opposite keep rules, each with its own temporary folder, leave one copy of every pair', async () => {
    const reportPath = await pairsReport();
    // As the app and a shell whose TMPDIR differ: each finds its own lock folder there, and both
    // must still meet in the system's one.
    const results = await Promise.all(
      ['oldest', 'newest'].map((rule) => {
        const tmp = tree.path(`tmp-${rule}`);
        mkdirSync(tmp);
        return runCli(['apply', reportPath, '--keep', rule, '--action', 'delete', '--yes', '--journal', tree.path(`journal-${rule}/journal.sqlite`)], { env: { TMPDIR: tmp } });
      }),
    );
    await expectOneCopyEach(results);
    expect(results.filter((result) => result.code === 0).length).toBeGreaterThanOrEqual(1);
  });

  it('refuses while another journal holds the user lock, and gives it once released', () => {
    const held = lockJournal(tree.path('one/journal.sqlite'));
    expect(() => lockJournal(tree.path('two/journal.sqlite'))).toThrow(/^another clean-up or undo is running \(/);
    held.release();
    lockJournal(tree.path('two/journal.sqlite')).release();
  });

  it('takes no lock through a symlink or in a folder others may write to', () => {
    const [dir] = userLockDirs() as [string];
    rmSync(dir, { recursive: true, force: true });
    const elsewhere = tree.path('elsewhere');
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, dir);
    try {
      expect(() => lockJournal(tree.path('j/journal.sqlite'))).toThrow(JournalBusyError);
      expect(() => lockJournal(tree.path('j/journal.sqlite'))).toThrow(/is not a folder of this user's alone/);
      expect(existsSync(join(elsewhere, 'clean-up.lock'))).toBe(false);
    } finally {
      unlinkSync(dir);
    }
    mkdirSync(dir, { mode: 0o700 });
    chmodSync(dir, 0o777);
    expect(() => lockJournal(tree.path('j/journal.sqlite'))).toThrow(/is not a folder of this user's alone/);
    chmodSync(dir, 0o700);
    lockJournal(tree.path('j/journal.sqlite')).release();
  });

  it.skipIf(!runningAsRoot)('takes no lock in a folder of another user at its name (needs root to make one)', () => {
    const [dir] = userLockDirs() as [string];
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { mode: 0o700 });
    chownSync(dir, UNPRIVILEGED_ID, UNPRIVILEGED_ID);
    expect(() => lockJournal(tree.path('j/journal.sqlite'))).toThrow(/is not a folder of this user's alone/);
    chownSync(dir, 0, 0);
    lockJournal(tree.path('j/journal.sqlite')).release();
  });

  describe('the two lock folders: the fixed one and TMPDIR', () => {
    const saved = { root: process.env.SHINGLE_TEST_LOCK_ROOT, tmp: process.env.TMPDIR };
    afterEach(() => {
      for (const [name, value] of [['SHINGLE_TEST_LOCK_ROOT', saved.root], ['TMPDIR', saved.tmp]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });

    it('locks one folder named two ways once (TMPDIR=/private/tmp, a short Windows name), and still refuses a second batch', () => {
      mkdirSync(tree.path('fixed'));
      symlinkSync(tree.path('fixed'), tree.path('alias'));
      process.env.SHINGLE_TEST_LOCK_ROOT = tree.path('fixed');
      process.env.TMPDIR = tree.path('alias');
      const held = lockJournal(tree.path('one/journal.sqlite'));
      expect(() => lockJournal(tree.path('two/journal.sqlite'))).toThrow(/^another clean-up or undo is running \(/);
      held.release();
      lockJournal(tree.path('two/journal.sqlite')).release();
    });

    it('refuses, saying why, rather than pass over a fixed folder someone else could tamper with', () => {
      process.env.SHINGLE_TEST_LOCK_ROOT = tree.path('fixed');
      process.env.TMPDIR = tree.path('tmp');
      mkdirSync(tree.path('tmp'));
      const [fixedDir] = userLockDirs() as [string];
      mkdirSync(fixedDir, { recursive: true, mode: 0o700 });
      chmodSync(fixedDir, 0o777);
      // Passed over, two clean-ups whose TMPDIR differ would each run.
      expect(() => lockJournal(tree.path('one/journal.sqlite'))).toThrow(/is not a folder of this user's alone/);
      chmodSync(fixedDir, 0o700);
      lockJournal(tree.path('one/journal.sqlite')).release();
    });

    it('locks in TMPDIR alone where the fixed folder cannot be made (a file in the way, a read-only /tmp)', () => {
      writeFileSync(tree.path('blocked'), 'a file where the fixed root should be');
      process.env.SHINGLE_TEST_LOCK_ROOT = tree.path('blocked/root');
      process.env.TMPDIR = tree.path('tmp');
      mkdirSync(tree.path('tmp'));
      const held = lockJournal(tree.path('one/journal.sqlite'));
      expect(() => lockJournal(tree.path('two/journal.sqlite'))).toThrow(/^another clean-up or undo is running \(/);
      held.release();
    });

    it('makes a fixed folder whose parent is missing, as a process whose TMPDIR it is would', () => {
      process.env.SHINGLE_TEST_LOCK_ROOT = tree.path('missing/root');
      process.env.TMPDIR = tree.path('tmp');
      mkdirSync(tree.path('tmp'));
      const held = lockJournal(tree.path('one/journal.sqlite'));
      // The other process: its TMPDIR is the fixed root itself.
      process.env.TMPDIR = tree.path('missing/root');
      expect(() => lockJournal(tree.path('two/journal.sqlite'))).toThrow(/^another clean-up or undo is running \(/);
      held.release();
    });
  });
});
