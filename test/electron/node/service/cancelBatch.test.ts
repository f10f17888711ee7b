// A clean-up in the app can be cancelled: cancelBatch stops it before its next file and answers
// once it has stopped; the files not reached stay where they are, and what was done can be undone.
import { readdir } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { openActionService } from './actionServiceFixture.ts';
import type { ActionService } from './actionServiceFixture.ts';

const PAIRS = 30;

describe('cancelling a clean-up in the app', () => {
  let tree: TempTree;
  let opened: ActionService;
  let service: EngineService;

  beforeEach(async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < PAIRS; i++) files[`Docs/${i}/a.txt`] = files[`Docs/${i}/b.txt`] = prose(100 + i);
    tree = await createTempTree(files);
    opened = await openActionService(tree.path('Docs'));
    ({ service } = opened);
  });

  afterEach(async () => {
    await opened.close();
    await tree.remove();
  });

  const left = async () => {
    let files = 0;
    for (let i = 0; i < PAIRS; i++) files += (await readdir(tree.path(`Docs/${i}`))).length;
    return files;
  };

  it('stops before the next file; the rest is untouched, and undo restores what was done', async () => {
    const { planId, totals } = await service.previewActions({ rules: ['shortest-path'], useMarks: false, action: 'trash' });
    expect(totals.files).toBe(PAIRS);
    const { batchId } = await service.applyActions({ planId });
    // Asked at once: the batch has not finished its first file yet (each takes disk reads).
    await service.cancelBatch({ batchId });
    const result = await service.getBatchResult({ batchId });
    expect(result.running).toBe(false);
    const done = result.steps.filter((s) => s.state === 'done').length;
    expect(done).toBeLessThan(PAIRS);
    expect(result.steps.filter((s) => s.state !== 'done').every((s) => s.state === 'pending')).toBe(true);
    expect((await service.listBatches({}))[0]).toMatchObject({ batchId, state: 'cancelled', files: done });
    expect(await left()).toBe(2 * PAIRS - done);
    await service.undoBatch({ batchId });
    expect(await left()).toBe(2 * PAIRS);
  });

  it('refuses to cancel a batch there is not; one that has ended is stopped already', async () => {
    await expect(service.cancelBatch({ batchId: 7 })).rejects.toThrow('no batch 7');
    const { planId } = await service.previewActions({ rules: ['shortest-path'], useMarks: false, action: 'trash' });
    const { batchId } = await service.applyActions({ planId });
    await service.cancelBatch({ batchId });
    // A Stop clicked again, or just as the last file went: answered, nothing more done.
    await service.cancelBatch({ batchId });
    expect((await service.getBatchResult({ batchId })).running).toBe(false);
  });
});
