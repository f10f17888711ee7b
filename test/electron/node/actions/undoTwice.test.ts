// Two undos of one batch at once (two windows, the app and `shingle undo`): exactly one restores,
// the other is refused in one clear line, and nothing is lost or restored twice. The "already
// undone" check is made under the journal's lock, so an undo that just finished is always seen.
import { readdir, readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import { applyPlan } from '../../../../electron/node/actions/applyPlan.ts';
import { planActions } from '../../../../electron/node/actions/planActions.ts';
import { undoBatch } from '../../../../electron/node/actions/undoBatch.ts';
import { selectFiles } from '../../../../shared/selection/selectFiles.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { clusterOf, reportOf } from './actionFixture.ts';

const body = 'a document kept in two places\n'.repeat(40);

describe('undo of one batch twice at once', () => {
  let tree: TempTree;
  let journals: ActionJournal[];
  let savedDataHome: string | undefined;

  beforeEach(async () => {
    tree = await createTempTree({ 'keep/a.txt': body, 'dup/b.txt': body, 'dup/c.txt': body });
    // Two connections to one journal, as two processes have.
    journals = [new ActionJournal(tree.path('state/journal.sqlite')), new ActionJournal(tree.path('state/journal.sqlite'))];
    savedDataHome = process.env.XDG_DATA_HOME;
    process.env.XDG_DATA_HOME = tree.path('data');
  });

  afterEach(async () => {
    journals.forEach((journal) => journal.close());
    if (savedDataHome === undefined) delete process.env.XDG_DATA_HOME;
    else process.env.XDG_DATA_HOME = savedDataHome;
    await tree.remove();
  });

  async function trashCopies(): Promise<number> {
    const report = reportOf([tree.root], [await clusterOf('exact-1', [tree.path('keep/a.txt'), tree.path('dup/b.txt'), tree.path('dup/c.txt')])]);
    const plan = planActions(report, selectFiles(report, [{ kind: 'in-folder', folder: tree.path('keep') }]), { action: 'trash' });
    const { batchId } = await applyPlan(plan, { journal: journals[0]! });
    expect(await readdir(tree.path('dup'))).toEqual([]);
    return batchId;
  }

  it('restores once; the other undo is refused and the files are back exactly once', async () => {
    const batchId = await trashCopies();
    const [a, b] = await Promise.allSettled([undoBatch(journals[0]!, batchId), undoBatch(journals[1]!, batchId)]);
    const settled = [a!, b!];
    const restored = settled.filter((r) => r.status === 'fulfilled');
    const refused = settled.filter((r) => r.status === 'rejected');
    expect(restored).toHaveLength(1);
    expect(restored[0]!.value.outcomes.map((o) => o.state)).toEqual(['restored', 'restored']);
    expect(refused).toHaveLength(1);
    expect(String(refused[0]!.reason)).toMatch(/another clean-up or undo is running on this journal/);
    expect((await readdir(tree.path('dup'))).sort()).toEqual(['b.txt', 'c.txt']);
    for (const name of ['dup/b.txt', 'dup/c.txt']) expect(await readFile(tree.path(name), 'utf8')).toBe(body);
    expect(await readdir(tree.path('data/Trash/files'))).toEqual([]);
    // Asked again afterwards, from either side: already undone, nothing touched.
    for (const journal of journals) await expect(undoBatch(journal, batchId)).rejects.toThrow(`batch ${batchId} was already undone`);
    expect((await readdir(tree.path('dup'))).sort()).toEqual(['b.txt', 'c.txt']);
  });

  it('reads the batch only while it holds the lock', async () => {
    const batchId = await trashCopies();
    const journal = journals[1]!;
    let held = false;
    const reads: boolean[] = [];
    const watched = new Proxy(journal, {
      get(target, property) {
        if (property === 'lock') {
          return () => {
            const lock = target.lock();
            held = true;
            return { release: () => ((held = false), lock.release()) };
          };
        }
        if (property === 'batch' || property === 'lastActingBatchId') {
          return (...args: unknown[]) => {
            reads.push(held);
            return (target[property] as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    await undoBatch(watched, batchId);
    await undoBatch(watched).catch(() => undefined);
    expect(reads.length).toBeGreaterThanOrEqual(3);
    expect(reads.every((insideLock) => insideLock)).toBe(true);
  });
});
