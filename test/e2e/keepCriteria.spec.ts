// Keep criteria in order, against the real engine: the first decides which copy stays, the next
// only where it ties, the path last; beside each, how many clusters it decides, following a
// reorder; and the plan keeps the files the chain says.
import { expect, test } from './engineFixture.ts';
import { clusterList, reviewAfterScan } from './helpers.ts';
import { openCleanup, planRows, useTemporaryTrash } from './cleanupSteps.ts';
import { prose } from '../helpers/documents.ts';

useTemporaryTrash();

test('two criteria: counts per criterion, reordered by keyboard, and the plan keeps what the chain says', async ({ shingle }) => {
  const { page, tree } = shingle;
  // memo: "not in Downloads" alone decides (the copy outside is the longer path).
  await tree.write('Downloads/memo.txt', prose(501));
  await tree.write('Letters/2024/memo.txt', prose(501));
  // plan: both copies outside Downloads tie; the shorter path decides.
  await tree.write('Downloads/plan.txt', prose(502));
  await tree.write('Work/plan.txt', prose(502));
  await tree.write('Work/old/plan.txt', prose(502));
  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page);
  // The tree's report and photo, and the two above.
  await expect(clusterList(page).getByRole('option')).toHaveCount(4);

  const dialog = await openCleanup(page);
  await dialog.getByLabel(/My keep\/delete marks/).uncheck();
  await dialog.getByLabel('Which copy stays').selectOption('not-in');
  await dialog.getByRole('combobox', { name: /^Folder/ }).selectOption(tree.path('Downloads'));
  await dialog.getByRole('button', { name: 'Add a criterion for ties' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Criterion 2', exact: true })).toHaveValue('shortest-path');

  const counts = dialog.locator('.keep-criterion-count');
  const byPath = dialog.locator('.keep-criteria-path');
  // memo by the folder; plan and the photo (neither copy in Downloads) by the shorter path; the
  // report's .txt and .pdf have paths of the same length: the path decides.
  await expect(counts).toHaveText(['decides 1 cluster', 'decides 2 clusters']);
  await expect(byPath).toHaveText('The path decides 1 cluster (ties)');

  // The shortest path first: it decides every cluster it tells apart, the folder none.
  await dialog.getByRole('button', { name: 'Move criterion 2 up' }).click();
  await expect(dialog.getByLabel('Which copy stays')).toHaveValue('shortest-path');
  await expect(dialog.getByRole('combobox', { name: 'Criterion 2', exact: true })).toHaveValue('not-in');
  await expect(counts).toHaveText(['decides 3 clusters', 'decides 0 clusters']);

  // Back by keyboard: the folder first again.
  await dialog.getByRole('button', { name: 'Move criterion 2 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Which copy stays')).toHaveValue('not-in');
  await expect(counts).toHaveText(['decides 1 cluster', 'decides 2 clusters']);

  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText(`Keep a copy not in ${tree.path('Downloads')}, then shortest path`)).toBeVisible();
  const rows = await planRows(dialog);
  const kept = rows.filter((row) => row.decision === 'keep').map((row) => row.path);
  expect(kept).toEqual(expect.arrayContaining([tree.path('Letters/2024/memo.txt'), tree.path('Work/plan.txt'), tree.path('Photos/holiday.jpg')]));
  for (const gone of ['Downloads/memo.txt', 'Downloads/plan.txt', 'Work/old/plan.txt', 'Backup/holiday (copy).jpg']) {
    expect(rows.find((row) => row.path === tree.path(gone))?.decision).not.toBe('keep');
  }
});
