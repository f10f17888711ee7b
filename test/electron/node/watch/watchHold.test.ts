// The engine's own clean-up holds the watcher: its files leave for seconds, and the watcher must
// not analyse the folders meanwhile (that took the CPU the batch needed). Nothing is lost: what
// another program changes during the hold is analysed, with the batch's own changes, once after it.
import { unlink, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createChangeHold } from '../../../../electron/node/watch/changeQueue.ts';
import { editEveryNthWord, prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { pathsOf, shownWith, startWatch } from './watchFixture.ts';
import type { WatchRun } from './watchFixture.ts';

// A bound only so that a broken watcher fails instead of hanging, not a speed figure.
const WAIT_MS = 30_000;
const contract = prose(1);
const notes = prose(7);

describe('a watch held during the engine\'s own batch', () => {
  let tree: TempTree | undefined;
  let run: WatchRun | undefined;
  afterEach(async () => {
    await run?.stop();
    await tree?.remove();
    run = tree = undefined;
  });

  it('analyses nothing while held, then the batch\'s files and another program\'s edit together, once', async () => {
    tree = await createTempTree({ 'a.txt': contract, 'a-copy.txt': contract, 'b.txt': notes, 'b-copy.txt': notes, 'c.txt': prose(9) });
    const hold = createChangeHold();
    const batches: ReadonlySet<string>[] = [];
    run = startWatch([tree.root], {}, { hold, onBatch: (paths) => batches.push(new Set(paths)) });
    await run.ready;
    expect(run.shown.size).toBe(2);

    const release = hold.hold();
    const due = hold.whenDue();
    // The batch's own removals, and meanwhile another program's edit making c.txt a copy of a.txt's text.
    await unlink(tree.path('a-copy.txt'));
    await unlink(tree.path('b-copy.txt'));
    await writeFile(tree.path('c.txt'), editEveryNthWord(contract, 20));
    await due;
    expect(batches).toEqual([]);
    expect(run.shown.size).toBe(2);

    release();
    const c = tree.path('c.txt');
    await run.until(() => shownWith(run!, c) !== undefined && shownWith(run!, tree!.path('b.txt')) === undefined, WAIT_MS, 'the edit is shown, the removals applied');
    expect(pathsOf(shownWith(run, c))).toEqual([tree.path('a.txt'), c]);
    expect(batches).toHaveLength(1);
    expect([...batches[0]!].sort()).toEqual([tree.path('a-copy.txt'), tree.path('b-copy.txt'), c].sort());
  });

  it('holds until every hold is released, and a release twice counts once', async () => {
    tree = await createTempTree({ 'a.txt': contract, 'b.txt': notes });
    const hold = createChangeHold();
    const batches: ReadonlySet<string>[] = [];
    run = startWatch([tree.root], {}, { hold, onBatch: (paths) => batches.push(new Set(paths)) });
    await run.ready;
    const first = hold.hold();
    const second = hold.hold();
    await writeFile(tree.path('b.txt'), contract);
    await hold.whenDue();
    first();
    first();
    expect(hold.held).toBe(true);
    // Falls due again only because the events are still held: a release would have taken them.
    await writeFile(tree.path('a.txt'), editEveryNthWord(contract, 20));
    await hold.whenDue();
    expect(batches).toEqual([]);
    second();
    await run.until(() => run!.shown.size === 1, WAIT_MS, 'the two files form a cluster');
    expect(batches.length).toBeGreaterThan(0);
  });
});
