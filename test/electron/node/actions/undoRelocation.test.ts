// Undo of a move or a trash puts back only the file the clean-up moved: whatever is found at the
// recorded destination later (another document, a file with the same size and mtime) stays where
// it is. A step killed while copying across devices leaves the original and a copy: undo removes
// the copy, which is Shingle's own, and says there was nothing to restore.
import { copyFile, lstat, readdir, readFile, rename, truncate, utimes, writeFile } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import { applyPlan } from '../../../../electron/node/actions/applyPlan.ts';
import { planActions } from '../../../../electron/node/actions/planActions.ts';
import type { ActionKind } from '../../../../electron/node/actions/planActions.ts';
import { undoBatch } from '../../../../electron/node/actions/undoBatch.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { clusterOf, openActionTree, reportOf } from './actionFixture.ts';
import type { ActionTree } from './actionFixture.ts';

const body = 'the same four paragraphs\n'.repeat(30);

describe('undo of a move or a trash', () => {
  let opened: ActionTree;
  let tree: TempTree;
  let journal: ActionJournal;
  beforeEach(async () => {
    opened = await openActionTree({ 'docs/a.txt': body, 'docs/b.txt': body });
    ({ tree, journal } = opened);
  });
  afterEach(() => opened.close());

  /** Moves or trashes docs/b.txt, keeping docs/a.txt; returns the batch and where b went. */
  async function relocate(action: Extract<ActionKind, 'move' | 'trash'>): Promise<{ batchId: number; destination: string }> {
    const [a, b] = [tree.path('docs/a.txt'), tree.path('docs/b.txt')];
    const report = reportOf([tree.path('docs')], [await clusterOf('c1', [a, b])]);
    const options = action === 'move' ? { action, to: tree.path('attic') } : { action };
    const plan = planActions(report, { clusters: [{ clusterId: 'c1', keep: [a], act: [b] }] }, options);
    const result = await applyPlan(plan, { journal });
    expect(result.outcomes.map((o) => o.state)).toEqual(['done']);
    return { batchId: result.batchId, destination: journal.steps(result.batchId)[0]!.destination! };
  }

  const notMoved = (destination: string) => ({ path: tree.path('docs/b.txt'), state: 'refused', reason: `${destination} is not the file this clean-up moved; left as it is` });

  for (const action of ['move', 'trash'] as const) {
    it(`${action}: leaves another document found at the destination where it is`, async () => {
      const { batchId, destination } = await relocate(action);
      // The moved copy is taken elsewhere; later an unrelated note gets its name.
      await rename(destination, tree.path('elsewhere.txt'));
      await writeFile(destination, 'a private note, never in the batch');
      const { outcomes } = await undoBatch(journal, batchId);
      expect(outcomes).toEqual([notMoved(destination)]);
      expect(await readFile(destination, 'utf8')).toBe('a private note, never in the batch');
      expect(await readdir(tree.path('docs'))).toEqual(['a.txt']);
    });

    it(`${action}: leaves a file with the moved one's size and mtime, but another inode, where it is`, async () => {
      const { batchId, destination } = await relocate(action);
      const moved = await readFile(destination);
      await rename(destination, tree.path('elsewhere.txt'));
      await writeFile(destination, Buffer.alloc(moved.length, 'x'));
      const { atime, mtime } = await lstat(tree.path('elsewhere.txt'));
      await utimes(destination, atime, mtime);
      expect((await undoBatch(journal, batchId)).outcomes).toEqual([notMoved(destination)]);
      expect(await readdir(tree.path('docs'))).toEqual(['a.txt']);
    });

    it(`${action}: restores the file it moved`, async () => {
      const { batchId } = await relocate(action);
      expect((await undoBatch(journal, batchId)).outcomes.map((o) => o.state)).toEqual(['restored']);
      expect(await readFile(tree.path('docs/b.txt'), 'utf8')).toBe(body);
    });
  }

  it('a journal from before identities were recorded gets the column, and its undo checks size and mtime', async () => {
    const { batchId, destination } = await relocate('move');
    journal.close();
    // The journal as an earlier release wrote it: no moved_id column.
    const old = new DatabaseSync(tree.path('state/journal.sqlite'));
    old.exec('ALTER TABLE steps DROP COLUMN moved_id');
    old.close();
    journal = opened.journal = new ActionJournal(tree.path('state/journal.sqlite'));
    expect(journal.steps(batchId)[0]!.movedId).toBeNull();
    await rename(destination, tree.path('elsewhere.txt'));
    await writeFile(destination, 'another document');
    expect((await undoBatch(journal, batchId)).outcomes).toEqual([notMoved(destination)]);
    await rename(tree.path('elsewhere.txt'), destination);
    expect((await undoBatch(journal, batchId)).outcomes.map((o) => o.state)).toEqual(['restored']);
    expect(await readFile(tree.path('docs/b.txt'), 'utf8')).toBe(body);
  });

  describe('a step killed while copying across devices (original and copy both there)', () => {
    /** The state a kill leaves between the copy and the original's unlink: the step 'started'. */
    async function killedMidCopy(): Promise<{ batchId: number; destination: string }> {
      const moved = await relocate('move');
      await copyFile(moved.destination, tree.path('docs/b.txt'));
      const planned = new Date(journal.steps(moved.batchId)[0]!.mtime);
      await utimes(tree.path('docs/b.txt'), planned, planned);
      const db = new DatabaseSync(tree.path('state/journal.sqlite'));
      db.exec("UPDATE steps SET state = 'started'; UPDATE batches SET state = 'running'");
      db.close();
      return moved;
    }

    it('removes the whole copy and has nothing to restore', async () => {
      const { batchId } = await killedMidCopy();
      expect((await undoBatch(journal, batchId)).outcomes).toEqual([{ path: tree.path('docs/b.txt'), state: 'nothing-to-do', reason: 'it never left its path (the run stopped while copying it); the copy it had begun was removed' }]);
      expect(await readdir(tree.path('attic'))).toEqual([]);
      expect(await readFile(tree.path('docs/b.txt'), 'utf8')).toBe(body);
      expect(journal.batch(batchId)!.undoneMs).not.toBeNull();
    });

    it('removes a copy cut short', async () => {
      const { batchId, destination } = await killedMidCopy();
      await truncate(destination, 100);
      expect((await undoBatch(journal, batchId)).outcomes.map((o) => o.state)).toEqual(['nothing-to-do']);
      expect(await readdir(tree.path('attic'))).toEqual([]);
    });

    for (const [what, bytes] of [['other bytes', 'other words'], ['more than the original', `${body}and more`]]) {
      it(`leaves both when the destination holds ${what}`, async () => {
        const { batchId, destination } = await killedMidCopy();
        await writeFile(destination, bytes!);
        const { outcomes } = await undoBatch(journal, batchId);
        expect(outcomes).toEqual([{ path: tree.path('docs/b.txt'), state: 'refused', reason: `it is still at its path, and ${destination} is not a copy of it; both left as they are` }]);
        expect(await readFile(destination, 'utf8')).toBe(bytes);
        expect(await readFile(tree.path('docs/b.txt'), 'utf8')).toBe(body);
      });
    }
  });

  it('a step that acted and then failed its check stays undoable: the file in the trash comes back', async () => {
    const [a, b] = [tree.path('docs/a.txt'), tree.path('docs/b.txt')];
    const report = reportOf([tree.path('docs')], [await clusterOf('c1', [a, b])]);
    const plan = planActions(report, { clusters: [{ clusterId: 'c1', keep: [a], act: [b] }] }, { action: 'trash' });
    // Right after the move, another program writes a new file at the path.
    const result = await applyPlan(plan, { journal, afterAct: async (step) => writeFile(step.path, 'a new note') });
    expect(result.outcomes).toEqual([{ clusterId: 'c1', path: b, state: 'done', reason: 'it went to the trash, but then a file is at its path again' }]);
    expect(journal.steps(result.batchId)[0]!.state).toBe('done');
    expect(journal.batches()[0]!.undoable).toBe(true);
    // The new note is never overwritten; once it is gone, undo brings the trashed file back.
    expect((await undoBatch(journal, result.batchId)).outcomes.map((o) => o.state)).toEqual(['refused']);
    expect(await readFile(b, 'utf8')).toBe('a new note');
    await rename(b, tree.path('note.txt'));
    expect((await undoBatch(journal, result.batchId)).outcomes.map((o) => o.state)).toEqual(['restored']);
    expect(await readFile(b, 'utf8')).toBe(body);
  });
});
