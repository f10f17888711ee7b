// The clean-up dialog against the real engine: the person's marks decide by default and a rule
// only the clusters they did not mark; the scope follows the list's filter; every choice
// survives Back and reopening; the preview lists every file, and after the run the disk shows
// exactly what it said, file by file; edited versions stay unless the person opts in.
import { expect, saveScreenshot, test } from './engineFixture.ts';
import { clusterList, scanUserFolder } from './helpers.ts';
import { exists } from '../helpers/exists.ts';
import { diskAgrees, openCleanup, planRows, useTemporaryTrash } from './cleanupSteps.ts';

useTemporaryTrash();

test('marks decide by default; the preview lists every file and the disk agrees with it afterwards', async ({ shingle }, testInfo) => {
  const { page, tree } = shingle;
  await scanUserFolder(shingle);
  // Against what any rule would choose: keep the copy in Backup, delete the one in Photos.
  await clusterList(page).getByRole('option').filter({ hasText: 'Exact' }).click();
  await page.getByRole('row', { name: /holiday \(copy\)\.jpg/ }).getByRole('button', { name: 'Keep' }).click();
  await page.getByRole('row', { name: /holiday\.jpg/ }).getByRole('button', { name: 'Delete' }).click();
  // The exact cluster says which copy stays, as the clean-up will decide it.
  await expect(page.getByTestId('which-stays')).toContainText('this copy stays: holiday (copy).jpg');

  const dialog = await openCleanup(page);
  await expect(dialog.getByLabel(/My keep\/delete marks/)).toBeChecked();
  await expect(dialog.getByLabel('In clusters I have not marked')).toHaveValue('none');
  await expect(dialog).toContainText('a keep rule only decides the clusters you have not marked');
  await expect(dialog.getByLabel(/The clusters the list shows \(2 clusters\)/)).toBeChecked();
  await expect(dialog.getByLabel(/Edited versions/)).not.toBeChecked();
  await expect(dialog.getByLabel(/Excerpts/)).not.toBeChecked();
  // Unmarked clusters by format: the PDF stays, the same text as .txt and .html goes.
  await dialog.getByLabel('In clusters I have not marked').selectOption('format');
  await dialog.getByRole('button', { name: 'Preview' }).click();

  const rows = await planRows(dialog);
  const decisionOf = (name: string) => rows.find((row) => row.path === tree.path(name))?.decision;
  expect(rows).toHaveLength(6);
  expect(decisionOf('Photos/holiday.jpg')).toBe('remove');
  expect(decisionOf('Backup/holiday (copy).jpg')).toBe('keep');
  expect(decisionOf('Reports/annual-report.pdf')).toBe('keep');
  expect(decisionOf('Reports/annual-report.txt')).toBe('remove');
  expect(decisionOf('Reports/annual-report.html')).toBe('remove');
  // Not opted in: the edited version is listed as such and stays.
  expect(decisionOf('Drafts/annual-report-edited.txt')).toBe('keep');
  const edited = dialog.getByRole('row').filter({ hasText: 'annual-report-edited.txt' });
  await expect(edited).toContainText(/edited version/i);
  // Its figure is to the file it names, the kept PDF, whose whole path the cell's title gives.
  await expect(edited).toContainText('of annual-report.pdf');
  await expect(edited.getByRole('cell').nth(1)).toHaveAttribute('title', /^(at least )?\d+% similar to .*Reports\/annual-report\.pdf$/);
  await expect(dialog.getByTestId('cleanup-files')).toHaveText('3');
  await saveScreenshot(page, testInfo, 'cleanup-preview');

  await dialog.getByRole('button', { name: 'Move 3 files to the trash' }).click();
  await expect(dialog.getByRole('status').first()).toContainText('Moved to the trash: 3 files');
  expect(await diskAgrees(rows)).toEqual([]);
  // The exact cluster is gone; the near one holds what stays.
  await expect(clusterList(page).getByRole('option')).toHaveCount(1);
  await expect(clusterList(page).getByRole('option')).toContainText('2 files');
});

test('edited versions go only when the person opts in', async ({ shingle }) => {
  const { page, tree } = shingle;
  await scanUserFolder(shingle);
  const dialog = await openCleanup(page);
  await dialog.getByLabel(/My keep\/delete marks/).uncheck();
  await dialog.getByLabel('Which copy stays').selectOption('format');
  await dialog.getByLabel(/Edited versions/).check();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const rows = await planRows(dialog);
  expect(rows.find((row) => row.path === tree.path('Drafts/annual-report-edited.txt'))?.decision).toBe('remove');
  await expect(dialog).toContainText('edited versions');
  await dialog.getByRole('button', { name: /Move \d+ files to the trash/ }).click();
  await expect(dialog.getByRole('status').first()).toContainText('Moved to the trash');
  expect(await diskAgrees(rows)).toEqual([]);
  expect(await exists(tree.path('Reports/annual-report.pdf'))).toBe(true);
});

test('the scope follows the filter, and every choice survives Back and reopening', async ({ shingle }) => {
  const { page, tree } = shingle;
  await scanUserFolder(shingle);
  await page.getByLabel('Search paths').fill('holiday');
  await expect(clusterList(page).getByRole('option')).toHaveCount(1);

  let dialog = await openCleanup(page);
  await expect(dialog.getByLabel(/The clusters the list shows \(1 cluster\)/)).toBeChecked();
  await expect(dialog.getByLabel(/All clusters \(2 clusters\)/)).not.toBeChecked();
  await dialog.getByLabel(/My keep\/delete marks/).uncheck();
  await dialog.getByLabel('Which copy stays').selectOption('shortest-path');
  await dialog.getByLabel(/Excerpts/).check();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('cleanup-clusters')).toContainText('1 in scope');
  expect((await planRows(dialog)).map((row) => row.path).sort()).toEqual([tree.path('Backup/holiday (copy).jpg'), tree.path('Photos/holiday.jpg')]);

  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByLabel('Which copy stays')).toHaveValue('shortest-path');
  await expect(dialog.getByLabel(/The clusters the list shows/)).toBeChecked();
  await expect(dialog.getByLabel(/Excerpts/)).toBeChecked();
  await expect(dialog.getByLabel(/My keep\/delete marks/)).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Close' }).click();

  dialog = await openCleanup(page);
  await expect(dialog.getByLabel('Which copy stays')).toHaveValue('shortest-path');
  await expect(dialog.getByLabel(/Excerpts/)).toBeChecked();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  // Still only what the list shows: the near cluster was never chosen.
  await expect(dialog.getByTestId('cleanup-clusters')).toContainText('1 in scope');
  await dialog.getByRole('button', { name: 'Back' }).click();
  await dialog.getByLabel(/All clusters/).check();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('cleanup-clusters')).toContainText('2 in scope');
});

test('a permanent delete asks twice', async ({ shingle }) => {
  const { page } = shingle;
  await scanUserFolder(shingle);
  const dialog = await openCleanup(page);
  await dialog.getByLabel(/My keep\/delete marks/).uncheck();
  await dialog.getByLabel('Delete permanently').check();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const confirm = dialog.getByRole('button', { name: /files? permanently/ });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/cannot be restored/).check();
  await expect(confirm).toBeEnabled();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByLabel('Delete permanently')).toBeChecked();
});
