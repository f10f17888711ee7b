// The clean-up dialog tells the truth: its scope counts follow the list as it is (also a search
// cleared just before opening it), the folder a keep rule offers first holds copies of the most
// clusters (never a folder every file is in), and a declined permanent delete is said inside the
// dialog, with no error banner behind it.
import { readFile } from 'node:fs/promises';
import { expect, test } from './engineFixture.ts';
import { clusterList, scanUserFolder } from './helpers.ts';
import { openCleanup, useTemporaryTrash } from './cleanupSteps.ts';
import { exists } from '../helpers/exists.ts';

useTemporaryTrash();

test('the scope counts follow the list: a search cleared just before opening', async ({ shingle }) => {
  const { page } = shingle;
  await scanUserFolder(shingle);
  const search = page.getByLabel('Search paths');
  await search.fill('holiday');
  await expect(clusterList(page).getByRole('option')).toHaveCount(1);
  // Cleared, and the dialog opened before the list has followed.
  await search.fill('');
  const dialog = await openCleanup(page);
  await expect(dialog.getByLabel(/The clusters the list shows/)).toBeChecked();
  await expect(dialog.getByText(/^The clusters the list shows/)).toHaveText('The clusters the list shows (2 clusters)');
  await expect(dialog.getByText(/^All clusters/)).toHaveText('All clusters (2 clusters)');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('cleanup-clusters')).toContainText('2 in scope');
});

test("the folder rule offers the folders holding copies, most clusters first, never one every file is in", async ({ shingle }) => {
  const { page, tree } = shingle;
  // Photos holds copies of two clusters: the photo, and now the report.
  await tree.write('Photos/annual-report.txt', await readFile(tree.path('Reports/annual-report.txt')));
  await scanUserFolder(shingle);
  const dialog = await openCleanup(page);
  await dialog.getByLabel(/My keep\/delete marks/).uncheck();
  await dialog.getByLabel('Which copy stays').selectOption('in');
  const folder = dialog.getByRole('combobox', { name: /^Folder/ });
  await expect(folder).toHaveValue(tree.path('Photos'));
  const offered = await folder.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(offered[0]).toBe(tree.path('Photos'));
  // The scanned folder holds every file of every cluster: it decides nothing.
  expect(offered).not.toContain(tree.root);
  expect(offered).toEqual(expect.arrayContaining([tree.path('Backup'), tree.path('Reports'), tree.path('Drafts')]));
  await expect(folder.locator('option').first()).toHaveText(/Photos \(2 clusters\)$/);
  // The engine takes it: the copies in Photos stay.
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const stays = dialog.getByRole('row').filter({ hasText: 'holiday.jpg' });
  await expect(stays.first()).toHaveAttribute('data-decision', 'keep');
});

test('a declined permanent delete is said inside the dialog, and nothing else', async ({ shingle }) => {
  const { page, tree, host } = shingle;
  await scanUserFolder(shingle);
  host.confirmDelete = false;
  const dialog = await openCleanup(page);
  await dialog.getByLabel(/My keep\/delete marks/).uncheck();
  await dialog.getByLabel('Which copy stays').selectOption('shortest-path');
  await dialog.getByLabel('Delete permanently').check();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await dialog.getByLabel(/cannot be restored/).check();
  await dialog.getByRole('button', { name: /files? permanently/ }).click();
  await expect(dialog.getByRole('status')).toHaveText('You did not confirm the permanent deletion: nothing was deleted.');
  expect(host.deleteConfirmations).toHaveLength(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Still the preview, to confirm again or go back; every file is there.
  await expect(dialog.getByRole('button', { name: /files? permanently/ })).toBeVisible();
  expect(await exists(tree.path('Backup/holiday (copy).jpg'))).toBe(true);
});
