// Undo of a hard-link clean-up copies the kept bytes to a temporary name, then renames it over the
// path. Work saved to the path while the bytes were copied must survive: the step is refused and
// the temporary copy removed. The test steps in between the copy and the rename (beforeReplace).
import { appendFile, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import { applyPlan } from '../../../../electron/node/actions/applyPlan.ts';
import { planActions } from '../../../../electron/node/actions/planActions.ts';
import { undoBatch } from '../../../../electron/node/actions/undoBatch.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { clusterOf, reportOf } from './actionFixture.ts';

const body = 'a report kept twice\n'.repeat(100);

describe('undo of a hard link while the person saves to the path', () => {
  let tree: TempTree;
  let journal: ActionJournal;
  beforeEach(async () => {
    tree = await createTempTree({ 'docs/a.txt': body, 'docs/b.txt': body });
    journal = new ActionJournal(tree.path('state/journal.sqlite'));
  });
  afterEach(async () => {
    journal.close();
    await tree.remove();
  });

  async function linkCopies(): Promise<number> {
    const [a, b] = [tree.path('docs/a.txt'), tree.path('docs/b.txt')];
    const report = reportOf([tree.path('docs')], [await clusterOf('c1', [a, b])]);
    const plan = planActions(report, { clusters: [{ clusterId: 'c1', keep: [a], act: [b] }] }, { action: 'hardlink' });
    const result = await applyPlan(plan, { journal });
    expect(result.outcomes.map((o) => o.state)).toEqual(['done']);
    return result.batchId;
  }

  const saves = {
    'saved as editors do (a new file renamed over it)': async (path: string) => {
      await writeFile(`${path}.tmp`, 'NEW WORK');
      await rename(`${path}.tmp`, path);
    },
    'written in place (into the inode it shares with the kept copy)': (path: string) => appendFile(path, 'NEW WORK'),
  };

  for (const [how, save] of Object.entries(saves)) {
    it(`refuses the step and keeps the new work when the path is ${how}`, async () => {
      const batchId = await linkCopies();
      const { outcomes } = await undoBatch(journal, batchId, { beforeReplace: save });
      expect(outcomes).toEqual([{ path: tree.path('docs/b.txt'), state: 'refused', reason: 'it changed while undo copied its bytes back; left as it is' }]);
      expect(await readFile(tree.path('docs/b.txt'), 'utf8')).toMatch(/NEW WORK$/);
      // No temporary copy left behind, and the batch is not called undone.
      expect((await readdir(tree.path('docs'))).sort()).toEqual(['a.txt', 'b.txt']);
      expect(journal.batch(batchId)!.undoneMs).toBeNull();
    });
  }

  it('restores when nothing happened meanwhile', async () => {
    const batchId = await linkCopies();
    const seen: string[] = [];
    const { outcomes } = await undoBatch(journal, batchId, { beforeReplace: async (path) => void seen.push(path) });
    expect(outcomes.map((o) => o.state)).toEqual(['restored']);
    expect(seen).toEqual([tree.path('docs/b.txt')]);
    expect(await readFile(tree.path('docs/b.txt'), 'utf8')).toBe(body);
    expect((await readdir(tree.path('docs'))).sort()).toEqual(['a.txt', 'b.txt']);
  });

  it('says why there was nothing to do for a path deleted since, never that it is in place', async () => {
    const batchId = await linkCopies();
    const { unlink } = await import('node:fs/promises');
    await unlink(tree.path('docs/b.txt'));
    const { outcomes } = await undoBatch(journal, batchId);
    expect(outcomes).toEqual([{ path: tree.path('docs/b.txt'), state: 'nothing-to-do', reason: 'it no longer exists: nothing to give its own copy again' }]);
    expect(await readdir(tree.path('docs'))).toEqual(['a.txt']);
  });

  it('refuses, rather than call it done, a path still sharing its bytes once the kept copy was renamed', async () => {
    const batchId = await linkCopies();
    await rename(tree.path('docs/a.txt'), tree.path('docs/a-renamed.txt'));
    const { outcomes } = await undoBatch(journal, batchId);
    expect(outcomes).toEqual([
      { path: tree.path('docs/b.txt'), state: 'refused', reason: `it still shares its bytes with another name, and the kept copy is no longer at ${tree.path('docs/a.txt')} as that name; left as it is` },
    ]);
    expect(journal.batch(batchId)!.undoneMs).toBeNull();
  });
});
