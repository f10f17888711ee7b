// Hard link and move in the app's clean-up: the same plan and guards as the CLI's (planActions),
// the move's folder only from the host's picker, and undo putting every file back. And "Remove
// from results": the cluster leaves the results and counts at once, nothing on disk changes, no
// dismissal is kept, and the next scan shows it again.
import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { exists } from '../../../helpers/exists.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { createKindsTree } from '../cli/applyFixture.ts';
import { batchFinished, openActionService } from './actionServiceFixture.ts';
import type { ActionService } from './actionServiceFixture.ts';
import { createFakeHost, nextScanState } from './serviceFixture.ts';

describe('hard link, move and remove from results in the app', () => {
  const host = createFakeHost();
  let tree: TempTree;
  let opened: ActionService;
  let service: EngineService;
  let elsewhere: string;

  beforeEach(async () => {
    tree = await createKindsTree();
    elsewhere = await mkdtemp(join(tmpdir(), 'shingle-move-to-'));
    host.nextMoveTarget = null;
    opened = await openActionService(tree.path('docs'), host);
    service = opened.service;
  });

  afterEach(async () => {
    await opened.close();
    await Promise.all([tree.remove(), rm(elsewhere, { recursive: true, force: true })]);
  });

  async function run(planId: string): Promise<number> {
    const finished = batchFinished(service);
    const { batchId } = await service.applyActions({ planId });
    expect(await finished).toMatchObject({ batchId, failed: 0 });
    return batchId;
  }

  it('moves only to the folder the picker produced, keeping each file its place, and undo brings them back', async () => {
    await expect(service.previewActions({ rules: ['newest'], useMarks: false, action: 'move' })).rejects.toThrow(/choose the folder to move the files to/);
    // A cancelled picker chooses nothing; a folder inside the scanned one is refused by the plan's guard.
    expect(await service.chooseMoveTarget({})).toEqual({ folder: null });
    host.nextMoveTarget = tree.path('docs/exact');
    await service.chooseMoveTarget({});
    await expect(service.previewActions({ rules: ['newest'], useMarks: false, action: 'move' })).rejects.toThrow(/inside a scanned folder/);

    // Only an existing folder is taken, whatever the picker says.
    host.nextMoveTarget = join(elsewhere, 'not there');
    await expect(service.chooseMoveTarget({})).rejects.toThrow(/no existing folder/);
    host.nextMoveTarget = elsewhere;
    expect(await service.chooseMoveTarget({})).toEqual({ folder: elsewhere });
    const plan = await service.previewActions({ rules: ['newest'], useMarks: false, action: 'move' });
    expect(plan).toMatchObject({ action: 'move', moveTo: elsewhere, totals: { files: 3, refused: 0 } });
    const moving = plan.clusters.flatMap((c) => c.files).filter((f) => f.decision === 'remove').map((f) => f.path);
    expect(moving.sort()).toEqual([tree.path('docs/exact/b.txt'), tree.path('docs/near/copy/report.txt'), tree.path('docs/near/report.html')].sort());

    const batchId = await run(plan.planId);
    for (const path of moving) expect(await exists(path), path).toBe(false);
    expect((await readdir(elsewhere, { recursive: true })).sort()).toEqual(['exact', 'exact/b.txt', 'near', 'near/copy', 'near/copy/report.txt', 'near/report.html']);

    const undone = await service.undoBatch({ batchId });
    expect(undone.outcomes.map((o) => o.state)).toEqual(['restored', 'restored', 'restored']);
    for (const path of moving) expect(await exists(path), path).toBe(true);
  });

  it('hard-links byte copies only, and undo gives each its own bytes again', async () => {
    const plan = await service.previewActions({ rules: ['newest'], useMarks: false, action: 'hardlink' });
    expect(plan.action).toBe('hardlink');
    const decided = new Map(plan.clusters.flatMap((c) => c.files).map((f) => [f.path, f]));
    expect(decided.get(tree.path('docs/exact/b.txt'))).toMatchObject({ decision: 'remove' });
    expect(decided.get(tree.path('docs/near/copy/report.txt'))).toMatchObject({ decision: 'remove', relation: 'copy' });
    // The same text in HTML is not the same bytes: a link would lose its content.
    expect(decided.get(tree.path('docs/near/report.html'))?.decision).not.toBe('remove');

    const batchId = await run(plan.planId);
    const [kept, linked] = await Promise.all([lstat(tree.path('docs/exact/a.txt')), lstat(tree.path('docs/exact/b.txt'))]);
    expect(linked.ino).toBe(kept.ino);
    await service.undoBatch({ batchId });
    const [keptAfter, restored] = await Promise.all([lstat(tree.path('docs/exact/a.txt')), lstat(tree.path('docs/exact/b.txt'))]);
    expect(restored.ino).not.toBe(keptAfter.ino);
  });

  it('removes a cluster from these results only: no file touched, nothing dismissed, back after a scan', async () => {
    const before = await service.listClusters({ offset: 0, limit: 100, sort: 'path' });
    const cluster = before.clusters.find((c) => c.kind === 'exact')!;
    await expect(service.removeFromResults({ clusterId: cluster.id, paths: [cluster.files[0]!.path] })).rejects.toThrow(/changed since it was shown/);
    await service.removeFromResults({ clusterId: cluster.id, paths: cluster.files.map((f) => f.path) });

    const after = await service.listClusters({ offset: 0, limit: 100, sort: 'path' });
    expect(after.total).toBe(before.total - 1);
    expect(after.counts.exact).toBe(before.counts.exact - 1);
    expect(after.totalReclaimable).toBe(before.totalReclaimable - cluster.reclaimable);
    expect(after.clusters.map((c) => c.id)).not.toContain(cluster.id);
    for (const file of cluster.files) expect(await exists(file.path)).toBe(true);
    expect(await service.listDismissed({})).toEqual([]);

    const finished = nextScanState(service, (state) => !state.running);
    await service.startScan({});
    await finished;
    expect((await service.listClusters({ offset: 0, limit: 100, sort: 'path' })).clusters.map((c) => c.id)).toContain(cluster.id);
  });
});
