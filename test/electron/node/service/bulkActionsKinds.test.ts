// The app's clean-up on clusters of every kind: the preview lists every file with its decision and
// what it duplicates, edited versions and excerpts only when included, and running the plan leaves
// the disk exactly as the preview said.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { createKindsTree } from '../cli/applyFixture.ts';
import { batchFinished, openActionService } from './actionServiceFixture.ts';
import type { ActionService } from './actionServiceFixture.ts';
import { exists } from '../../../helpers/exists.ts';


describe('bulk clean-up by kind', () => {
  let tree: TempTree;
  let opened: ActionService;
  let service: EngineService;

  beforeEach(async () => {
    tree = await createKindsTree();
    opened = await openActionService(tree.path('docs'));
    service = opened.service;
  });

  afterEach(async () => {
    await opened.close();
    await tree.remove();
  });

  it('keeps edited versions and excerpts unless included, and says so per file', async () => {
    const plan = await service.previewActions({ rules: ['newest'], useMarks: false, action: 'trash' });
    const files = new Map(plan.clusters.flatMap((c) => c.files).map((f) => [f.path, f]));
    expect(files.size).toBe(8);
    expect(files.get(tree.path('docs/near/copy/report.txt'))).toMatchObject({ decision: 'remove', relation: 'copy', matches: tree.path('docs/near/report.txt') });
    expect(files.get(tree.path('docs/near/report.html'))).toMatchObject({ decision: 'remove', relation: 'same-text', matches: tree.path('docs/near/report.txt') });
    expect(files.get(tree.path('docs/near/draft.txt'))).toMatchObject({ decision: 'keep', relation: 'edited', reason: expect.stringMatching(/near included/) });
    expect(files.get(tree.path('docs/contained/chapter.txt'))).toMatchObject({ decision: 'keep', relation: 'excerpt' });
    expect(files.get(tree.path('docs/contained/book.txt'))).toMatchObject({ decision: 'keep', relation: 'container' });
    expect(plan.totals).toMatchObject({ files: 3, clusters: 2, refused: 0 });
  });

  it('runs the plan with every kind included and the disk shows what the preview said', async () => {
    const plan = await service.previewActions({ rules: ['newest'], useMarks: false, action: 'trash', include: ['near', 'contained'] });
    expect(plan.include).toEqual(['contained', 'near']);
    expect(plan.totals).toMatchObject({ files: 5, clusters: 3, refused: 0 });
    const finished = batchFinished(service);
    const { batchId } = await service.applyActions({ planId: plan.planId });
    expect(await finished).toMatchObject({ batchId, failed: 0 });
    for (const file of plan.clusters.flatMap((c) => c.files)) expect(await exists(file.path), `${file.decision} ${file.path}`).toBe(file.decision === 'keep');
  });
});
