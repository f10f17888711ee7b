// Issue 25 item 6: the disk under the journal fills up in the middle of a batch. The batch stops
// at once, saying why and where, and acts on nothing it could not record; what it did is in the
// journal. The journal lies on a tmpfs of a few kilobytes (tinyDisk.ts), filled by the child
// (fullJournalChild.ts) right after its first step acted.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planActions } from '../../../../electron/node/actions/planActions.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { clusterOf, reportOf } from './actionFixture.ts';
import { onTinyDisk, tinyDiskUnavailable } from './tinyDisk.ts';

const body = 'the same bytes in every copy\n'.repeat(50);
const unavailable = tinyDiskUnavailable();
const child = fileURLToPath(new URL('./fullJournalChild.ts', import.meta.url));

describe.skipIf(unavailable !== undefined)(`a journal whose disk fills up mid-batch (${unavailable ?? 'tmpfs in a namespace'})`, () => {
  let tree: TempTree;
  beforeEach(async () => {
    tree = await createTempTree({ 'keep/a.txt': body, 'dup/b.txt': body, 'dup/c.txt': body });
    await mkdir(tree.path('disk'));
  });
  afterEach(() => tree.remove());

  it('stops before the next file, saying the disk is full', async () => {
    const [a, b, c] = ['keep/a.txt', 'dup/b.txt', 'dup/c.txt'].map((name) => tree.path(name));
    const report = reportOf([tree.root], [await clusterOf('c1', [a!, b!, c!])]);
    const plan = planActions(report, { clusters: [{ clusterId: 'c1', keep: [a!], act: [b!, c!] }] }, { action: 'trash' });
    await writeFile(tree.path('plan.json'), JSON.stringify(plan));
    const result = await onTinyDisk(tree.path('disk'), 256, '"$NODE" "$CHILD" "$PLAN" "$DISK/journal.sqlite" "$DISK/filler"', {
      NODE: process.execPath,
      CHILD: child,
      PLAN: tree.path('plan.json'),
      XDG_DATA_HOME: tree.path('data'),
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toEqual([
      `JournalWriteError: the journal ${tree.path('disk/journal.sqlite')} cannot be written: the disk is full (no space left on it): ` +
        `the clean-up stopped after ${b} (it went to the trash; the journal records it as begun); 0 files done before it`,
    ]);
    // The second file was never touched.
    expect(await readdir(tree.path('dup'))).toEqual(['c.txt']);
  });
});
