// Issue "Which copy stays", measured: on a home-like tree of 320 clusters (Documents, Downloads,
// Backup: byte copies, the same text as HTML, edited versions), a person's one intent — keep what
// is in Documents, remove the copies in Downloads and Backup, keep every edited version — from the
// results screen to a confirmed preview. Counts the person's actions (clicks, choices, keys) and
// checks the plan against the intent file by file. Printed with the load average; nothing about
// time is asserted. Run: npm run bench:review.
import { loadavg } from 'node:os';
import { relative } from 'node:path';
import type { Locator } from '@playwright/test';
import { openCleanup, useTemporaryTrash } from './cleanupSteps.ts';
import { expect, test } from './engineFixture.ts';
import { clusterList, reviewAfterScan } from './helpers.ts';
import { writeHomeTree } from './homeTree.ts';

const DOCUMENTS = 320;

useTemporaryTrash();

test('decide 320 clusters by folder: actions from the results to a confirmed preview', async ({ shingle }) => {
  test.setTimeout(600_000);
  const { page, tree, service } = shingle;
  const { intent } = await writeHomeTree(tree, DOCUMENTS);
  // The fixture's own files: its photo's copy lies in Backup (the intent removes it); the rest stays.
  intent.set('Backup/holiday (copy).jpg', 'remove');

  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page, 300_000);
  await expect(page.getByText(/^\d+ clusters?/).first()).toBeVisible({ timeout: 300_000 });
  await expect(clusterList(page).getByRole('option').first()).toBeVisible({ timeout: 300_000 });

  // Every action the person takes, counted where it happens.
  let actions = 0;
  const click = async (target: Locator) => {
    actions++;
    await target.click();
  };
  const choose = async (target: Locator, value: string) => {
    actions++;
    await target.selectOption(value);
  };

  for (const folder of ['Downloads', 'Backup']) {
    await click(page.getByRole('button', { name: 'Mark…' }));
    const dialog = page.getByRole('dialog', { name: 'Mark in bulk' });
    await choose(dialog.getByLabel('Folder', { exact: true }), tree.path(folder));
    await click(dialog.getByRole('button', { name: 'Delete every copy here' }));
    await expect(dialog).toBeHidden();
  }
  actions++;
  const cleanup = await openCleanup(page);
  await click(cleanup.getByRole('button', { name: 'Preview' }));
  await expect(cleanup.getByRole('table', { name: 'Every file in the plan' })).toBeVisible({ timeout: 120_000 });
  const shownTotals = await cleanup.getByRole('button', { name: /^Move \d+ files? to the trash$/ }).textContent();

  // The preview's plan, file by file: the same request as the dialog's (marks, no rule, trash).
  const plan = await service.previewActions({ rules: [], useMarks: true, include: [], action: 'trash' });
  const decided = new Map<string, string>();
  for (let offset = 0; offset < plan.clusterCount; offset += 500) {
    const page = offset === 0 ? plan : await service.getPlanPage({ planId: plan.planId, offset, limit: 500 });
    for (const cluster of page.clusters) for (const file of cluster.files) decided.set(relative(tree.root, file.path), file.decision);
  }
  const offIntent: string[] = [];
  for (const [path, fate] of intent) {
    const decision = decided.get(path) ?? 'keep';
    if ((decision === 'remove') !== (fate === 'remove')) offIntent.push(`${path}: intent ${fate}, plan ${decision}`);
  }
  for (const [path, decision] of decided) if (decision === 'remove' && !intent.has(path)) offIntent.push(`${path}: not in the intent, plan remove`);

  const figures = {
    clusters: plan.clusterCount,
    actions,
    filesToRemove: plan.totals.files,
    shownOnTheRunButton: shownTotals,
    filesOffIntent: offIntent.length,
    offIntent: offIntent.slice(0, 20),
    loadAverage: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
  console.log(JSON.stringify(figures, null, 2));
  expect(plan.totals.files).toBeGreaterThan(0);
});
