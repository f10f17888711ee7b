// Issue 25 item 2: no bytes destroyed before they are verified. Between the last check and the
// act the journal commits (an fsync); a test steps into that window (applyPlan's beforeAct) and
// edits the file, or saves over it as editors do. Each time the file, with its edit, is still
// there afterwards, the step is refused and no set-aside folder is left behind.
import { appendFile, lstat, readFile, readdir, rename, utimes, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import { applyPlan } from '../../../../electron/node/actions/applyPlan.ts';
import { planActions } from '../../../../electron/node/actions/planActions.ts';
import type { ActionKind, PlannedStep } from '../../../../electron/node/actions/planActions.ts';
import { undoBatch } from '../../../../electron/node/actions/undoBatch.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { clusterOf, reportOf } from './actionFixture.ts';

const body = 'a document kept in two places\n'.repeat(40);

/** Saves new bytes over `path` as editors do: a new file renamed over it. */
async function saveOver(path: string, content: string): Promise<void> {
  await writeFile(`${path}.saving`, content);
  await rename(`${path}.saving`, path);
}

/** Same size, mtime put back: only the content hash can tell. */
async function rewriteInPlace(path: string): Promise<void> {
  const before = await lstat(path);
  await writeFile(path, body.replace('document', 'DOCUMENT'));
  await utimes(path, before.atime, before.mtime);
}

describe('the last instant before a file is touched', () => {
  let tree: TempTree;
  let journal: ActionJournal;
  let savedDataHome: string | undefined;
  beforeEach(async () => {
    tree = await createTempTree({ 'keep/a.txt': body, 'dup/b.txt': body });
    journal = new ActionJournal(tree.path('state/journal.sqlite'));
    savedDataHome = process.env.XDG_DATA_HOME;
    process.env.XDG_DATA_HOME = tree.path('data');
  });
  afterEach(async () => {
    journal.close();
    if (savedDataHome === undefined) delete process.env.XDG_DATA_HOME;
    else process.env.XDG_DATA_HOME = savedDataHome;
    await tree.remove();
  });

  async function runWith(action: ActionKind, beforeAct: (step: PlannedStep) => Promise<void>) {
    const [a, b] = [tree.path('keep/a.txt'), tree.path('dup/b.txt')];
    const report = reportOf([tree.root], [await clusterOf('c1', [a, b])]);
    const plan = planActions(report, { clusters: [{ clusterId: 'c1', keep: [a], act: [b] }] }, { action });
    return applyPlan(plan, { journal, beforeAct });
  }

  const edits = {
    'appended to': (path: string) => appendFile(path, 'NEW WORK\n'),
    'saved over by an editor': (path: string) => saveOver(path, `${body}NEW WORK\n`),
    'rewritten in place with its size and mtime kept': rewriteInPlace,
  };

  for (const action of ['delete', 'hardlink', 'trash'] as const) {
    for (const [how, edit] of Object.entries(edits)) {
      it(`${action}: a file ${how} in the last instant is put back, with its edit`, async () => {
        const before = await readFile(tree.path('dup/b.txt'), 'utf8');
        const result = await runWith(action, (step) => edit(step.path));
        expect(result.outcomes).toHaveLength(1);
        expect(result.outcomes[0]!.state, result.outcomes[0]!.reason).toBe('refused');
        expect(result.outcomes[0]!.reason).toMatch(/at the last moment: it was (put back|taken back out of the trash), untouched$/);
        const after = await readFile(tree.path('dup/b.txt'), 'utf8');
        expect(after).not.toBe(before);
        expect(after).toMatch(/NEW WORK|DOCUMENT/);
        // Its own inode, not a link to the kept copy; nothing left aside, nothing in the trash.
        expect((await lstat(tree.path('dup/b.txt'))).nlink).toBe(1);
        expect(await readdir(tree.path('dup'))).toEqual(['b.txt']);
        if (action === 'trash') expect(await readdir(tree.path('data/Trash/files'))).toEqual([]);
        expect(await readFile(tree.path('keep/a.txt'), 'utf8')).toBe(body);
      });
    }
  }

  it('hardlink: a kept copy saved over in the last instant is not linked to; the duplicate keeps its bytes', async () => {
    const result = await runWith('hardlink', (step) => saveOver(step.kept.path, `${body}THE NEW VERSION\n`));
    expect(result.outcomes[0]!.state).toBe('refused');
    expect(result.outcomes[0]!.reason).toBe(`the kept copy ${tree.path('keep/a.txt')} changed at the last moment: it was put back, untouched`);
    expect(await readFile(tree.path('dup/b.txt'), 'utf8')).toBe(body);
    expect(await readFile(tree.path('keep/a.txt'), 'utf8')).toMatch(/THE NEW VERSION/);
    const [a, b] = await Promise.all([lstat(tree.path('keep/a.txt')), lstat(tree.path('dup/b.txt'))]);
    expect(a.ino).not.toBe(b.ino);
    expect(await readdir(tree.path('dup'))).toEqual(['b.txt']);
  });

  for (const action of ['hardlink', 'delete'] as const) {
    it(`${action}: with nothing changed, is done and leaves no set-aside folder`, async () => {
      const seen: string[] = [];
      const result = await runWith(action, async (step) => void seen.push(step.path));
      expect(seen).toEqual([tree.path('dup/b.txt')]);
      expect(result.outcomes.map((o) => o.state)).toEqual(['done']);
      expect(await readdir(tree.path('dup'))).toEqual(action === 'hardlink' ? ['b.txt'] : []);
    });
  }

  it('a step killed while its file was set aside is recognised by undo, which puts the file back', async () => {
    const b = tree.path('dup/b.txt');
    // Stands for a kill -9 right after the move aside: the step's journal row and the disk as the run left them.
    let aside = '';
    const result = await runWith('delete', async () => {
      const [step] = journal.steps(journal.runningBatchIds()[0]!);
      aside = step!.destination!;
      await rename(b, aside);
      throw new Error('killed');
    });
    expect(result.outcomes[0]!.state).toBe('failed');
    journal.markStep(result.batchId, 0, 'started');
    expect(aside).toMatch(/\/dup\/\.shingle-set-aside-[0-9a-f-]+\/file$/);
    const undone = await undoBatch(journal, result.batchId);
    expect(undone.outcomes).toEqual([{ path: b, state: 'restored' }]);
    expect(await readFile(b, 'utf8')).toBe(body);
    expect(await readdir(tree.path('dup'))).toEqual(['b.txt']);
  });
});
