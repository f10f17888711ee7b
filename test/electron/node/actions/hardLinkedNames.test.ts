// A duplicate with other names (hard links) in the scanned folders: removing one name frees
// nothing and the copy stays under the others. It is refused with that reason, so the preview,
// the totals and the History say what the run really does.
import { link, lstat, readdir, utimes } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import { applyPlan } from '../../../../electron/node/actions/applyPlan.ts';
import { checkPlanOnDisk } from '../../../../electron/node/actions/checkPlan.ts';
import { planActions, planTotals } from '../../../../electron/node/actions/planActions.ts';
import { selectFiles } from '../../../../shared/selection/selectFiles.ts';
import type { ScanReport } from '../../../../shared/report.ts';
import { runCli } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const body = 'x'.repeat(100_000);

describe('a duplicate with other names (hard links)', () => {
  let tree: TempTree;
  let report: ScanReport;
  let linked: string;
  beforeEach(async () => {
    tree = await createTempTree({ 'root/k.txt': body, 'root/x.txt': body, 'root/other.txt': 'unrelated\n' });
    await link(tree.path('root/x.txt'), tree.path('root/x-other-name.txt'));
    await utimes(tree.path('root/k.txt'), new Date(2020, 0, 1), new Date(2020, 0, 1));
    const scan = await runCli(['scan', tree.path('root'), '--json', '--no-near', '--no-index']);
    expect(scan.code, scan.stderr).toBe(0);
    report = JSON.parse(scan.stdout) as ScanReport;
    await tree.write('report.json', scan.stdout);
    // The scan lists the file once, under one of its names, with the other in `links`.
    const [cluster] = report.clusters;
    const withLinks = cluster!.files.find((f) => f.links?.length);
    expect(withLinks?.links).toHaveLength(1);
    linked = withLinks!.path;
  });
  afterEach(() => tree.remove());

  it('is refused with why, and the totals and the History count nothing freed', async () => {
    const plan = await checkPlanOnDisk(planActions(report, selectFiles(report, [{ kind: 'oldest' }]), { action: 'delete' }));
    const other = linked === tree.path('root/x.txt') ? tree.path('root/x-other-name.txt') : tree.path('root/x.txt');
    expect(plan.clusters[0]!.files.find((f) => f.path === linked)).toMatchObject({
      decision: 'refused',
      reason: `its other name (hard link) ${other} would stay: acting on this one frees nothing`,
    });
    expect(planTotals(plan)).toEqual({ files: 0, bytes: 0, clusters: 0, refused: 1 });
    const journal = new ActionJournal(tree.path('state/journal.sqlite'));
    try {
      await applyPlan(plan, { journal });
      expect(journal.batches().map((b) => b.bytes)).toEqual([0]);
    } finally {
      journal.close();
    }
    expect((await readdir(tree.path('root'))).sort()).toEqual(['k.txt', 'other.txt', 'x-other-name.txt', 'x.txt']);
    expect((await lstat(tree.path('root/x.txt'))).nlink).toBe(2);
  });

  it('shows the refusal in the CLI plan, which deletes nothing', async () => {
    const result = await runCli(['apply', tree.path('report.json'), '--keep', 'oldest', '--action', 'delete', '--yes', '--journal', tree.path('state/journal.sqlite')]);
    expect(result.stderr).toContain(`skipped ${linked}: its other name (hard link) `);
    expect(result.stdout).toBe('Nothing to delete; 1 not done.\n');
    expect(result.code).toBe(1);
    expect((await readdir(tree.path('root'))).sort()).toEqual(['k.txt', 'other.txt', 'x-other-name.txt', 'x.txt']);
  });

  it('is refused when its other name is outside the scanned folders, which the report does not list', async () => {
    await tree.write('backup/.keep', '');
    await link(tree.path('root/k.txt'), tree.path('backup/k.txt'));
    const scan = await runCli(['scan', tree.path('root'), '--json', '--no-near', '--no-index']);
    const outside = JSON.parse(scan.stdout) as ScanReport;
    // k.txt is the oldest: keep the newest, so k.txt is the one acted on.
    const plan = await checkPlanOnDisk(planActions(outside, selectFiles(outside, [{ kind: 'newest' }]), { action: 'trash' }));
    expect(plan.refused).toContainEqual({
      clusterId: outside.clusters[0]!.id,
      path: tree.path('root/k.txt'),
      reason: 'it has another name (hard link) the scan did not list, which would stay: acting on this one frees nothing',
    });
    expect(plan.steps.map((s) => s.path)).not.toContain(tree.path('root/k.txt'));
    expect(planTotals(plan).bytes).toBe(0);
  });
});
