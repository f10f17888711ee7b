// The engine's clean-up holds the folder watcher (bulkActionsHold.test.ts, watchHold.test.ts say
// when and how); end to end, through the service and its real watcher, what another program
// changes during the batch is not lost: it is told after the batch's end, and nothing the watcher
// saw is told during it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../../shared/contract/engineContract.ts';
import { editEveryNthWord, prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { batchFinished, openActionService } from './actionServiceFixture.ts';
import type { ActionService } from './actionServiceFixture.ts';

const PAIRS = 30;
// A bound only so that a broken watcher fails instead of hanging.
const FOLLOW_MS = 30_000;
const memo = prose(300);

describe('a clean-up holds the folder watcher', () => {
  let tree: TempTree;
  let opened: ActionService;

  beforeEach(async () => {
    const files: Record<string, string> = { 'Docs/memo.txt': memo, 'Docs/unrelated.txt': prose(301), 'Docs/draft.txt': prose(302) };
    for (let i = 0; i < PAIRS; i++) files[`Docs/${i}/a.txt`] = files[`Docs/${i}/b.txt`] = prose(100 + i);
    tree = await createTempTree(files);
    opened = await openActionService(tree.path('Docs'));
  });

  afterEach(async () => {
    await opened.close();
    await tree.remove();
  });

  it("tells another program's edit made during the batch after the batch's end, not during it", async () => {
    const { service } = opened;
    const told: { event: 'clusterChange' | 'end'; change?: EventPayload<'clusterChanges'>['changes'][number] }[] = [];
    service.on('clusterChanges', ({ changes }) => changes.forEach((change) => told.push({ event: 'clusterChange', change })));
    // The watcher follows the disk once a change of its own shows: then the batch starts.
    await tree.write('Docs/probe.txt', editEveryNthWord(prose(302), 20));
    const isProbe = (entry: (typeof told)[number]) => entry.change?.cluster.files.some((file) => file.path.endsWith('probe.txt')) ?? false;
    await expect.poll(() => told.some(isProbe), { timeout: FOLLOW_MS, interval: 50 }).toBe(true);
    told.length = 0;

    const { planId } = await service.previewActions({ rules: ['shortest-path'], useMarks: false, action: 'trash' });
    const edited = tree.path('Docs/unrelated.txt');
    let editing: Promise<void> | undefined;
    const off = service.on('actionProgress', () => {
      // At the batch's first progress: another program saves unrelated.txt as a version of memo.txt.
      editing ??= tree.write('Docs/unrelated.txt', editEveryNthWord(memo, 20)).then(() => undefined);
    });
    const { batchId } = await service.applyActions({ planId });
    const end = batchFinished(service, batchId).then(() => told.push({ event: 'end' }));
    await end;
    off();
    await editing;
    const isEdit = (entry: (typeof told)[number]) => entry.change?.cluster.files.some((file) => file.path === edited) ?? false;
    await expect.poll(() => told.some(isEdit), { timeout: FOLLOW_MS, interval: 50 }).toBe(true);
    const endAt = told.findIndex((entry) => entry.event === 'end');
    expect(told.findIndex(isEdit)).toBeGreaterThan(endAt);
    // Nothing the watcher saw was told during the batch: only the engine's own changes, as its own.
    expect(told.slice(0, endAt).every((entry) => entry.change?.byAction === true)).toBe(true);
  });
});
