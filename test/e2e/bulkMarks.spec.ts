// Deciding in bulk against the real engine, on a home-like tree (Documents, Downloads, Backup):
// a folder's copies marked Delete across every cluster with the count shown first and the last
// copy of a cluster kept; mark all / invert / none within the list's filter, one keeper per
// cluster; each bulk mark undone by one `u`; and a Delete mark that will not act (an edited
// version while edited versions are left out) said on the spot and in the counts.
import type { Page } from '@playwright/test';
import type { EngineApi } from '../../shared/contract/engineContract.ts';
import { displayPath } from '../../shared/fsName.ts';
import { editEveryNthWord, prose } from '../helpers/documents.ts';
import type { TempTree } from '../helpers/tempTree.ts';
import { openCleanup } from './cleanupSteps.ts';
import { expect, test } from './engineFixture.ts';
import type { ShingleApp } from './engineFixture.ts';
import { clusterList, reviewAfterScan, shoot } from './helpers.ts';

/** Six clusters: the fixture's two (Reports, Photos/Backup) and four across Documents, Downloads and Backup. */
async function scanHomeTree(shingle: ShingleApp): Promise<void> {
  const { tree, page } = shingle;
  const licence = prose(71);
  const contract = prose(74);
  await tree.write('Documents/Licenses/Apache-2.0.txt', licence);
  await tree.write('Downloads/Apache-2.0.txt', licence);
  await tree.write('Backup/Documents-2023/Licenses/Apache-2.0.txt', licence);
  await tree.write('Documents/budget.txt', prose(72));
  await tree.write('Downloads/budget (1).txt', prose(72));
  await tree.write('Downloads/manual.txt', prose(73));
  await tree.write('Backup/manual.txt', prose(73));
  await tree.write('Documents/contract.txt', contract);
  await tree.write('Downloads/contract-edited.txt', editEveryNthWord(contract, 25));
  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page, 60_000);
  // A scan of some 420 files on a machine shared with other runs: waited for, not timed.
  await expect(clusterList(page).getByRole('option')).toHaveCount(6, { timeout: 60_000 });
}

/** The engine's marks, by path relative to the tree. */
async function marksOf(service: EngineApi, tree: TempTree): Promise<Record<string, string>> {
  const all = await service.getMarks({});
  return Object.fromEntries(Object.values(all).flatMap((byPath) => Object.entries(byPath).map(([path, mark]) => [path.slice(tree.root.length + 1), mark])));
}

/** The list's folder filter set to one of the folders the engine listed (they load as the field takes focus). */
async function filterByFolder(page: Page, folder: string): Promise<void> {
  const field = page.getByLabel('Folder', { exact: true });
  await field.focus();
  await expect(page.locator('#cluster-folders option')).not.toHaveCount(0);
  await field.fill(folder ? displayPath(folder) : '');
}

async function openMarkDialog(page: Page) {
  await page.getByRole('button', { name: 'Mark…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark in bulk' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("a folder's copies marked Delete across clusters, counted first, the last copy kept; each undone by one u", async ({ shingle }) => {
  const { page, tree, service } = shingle;
  await scanHomeTree(shingle);
  const counts = page.getByRole('status', { name: 'Marks' });
  await expect(counts).toHaveText('No file marked Delete');

  let dialog = await openMarkDialog(page);
  await dialog.getByLabel('Folder', { exact: true }).selectOption(tree.path('Downloads'));
  const deleteHere = dialog.locator('.marks-folder-action').filter({ hasText: 'Delete every copy here' });
  await expect(deleteHere).toContainText('Marks 4 files Delete in 4 clusters.');
  await expect(dialog.locator('.marks-folder-action').filter({ hasText: 'Keep every copy here' })).toContainText('Marks 4 files Keep in 4 clusters.');
  await shoot(page, 'mark-dialog-folder');
  await deleteHere.getByRole('button', { name: 'Delete every copy here' }).click();
  await expect(dialog).toBeHidden();
  const downloads = {
    'Downloads/Apache-2.0.txt': 'delete',
    'Downloads/budget (1).txt': 'delete',
    'Downloads/manual.txt': 'delete',
    'Downloads/contract-edited.txt': 'delete',
  };
  await expect.poll(() => marksOf(service, tree)).toEqual(downloads);
  // The edited contract stays unless edited versions are included: the counts say so.
  await expect(counts).toHaveText('4 marked Delete · 3 will go · 1 need Edited versions');

  // Backup: the manual's only other copy is marked Delete in Downloads, so Backup's stays, marked Keep.
  dialog = await openMarkDialog(page);
  await dialog.getByLabel('Folder', { exact: true }).selectOption(tree.path('Backup'));
  await expect(dialog.locator('.marks-folder-action').filter({ hasText: 'Delete every copy here' })).toContainText(
    'Marks 2 files Delete in 3 clusters. One cluster has every file here or marked Delete: one file of it stays, marked Keep.',
  );
  await dialog.getByRole('button', { name: 'Delete every copy here' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(() => marksOf(service, tree))
    .toEqual({ ...downloads, 'Backup/Documents-2023/Licenses/Apache-2.0.txt': 'delete', 'Backup/manual.txt': 'keep', 'Backup/holiday (copy).jpg': 'delete' });
  await expect(counts).toHaveText('6 marked Delete · 5 will go · 1 need Edited versions');
  await shoot(page, 'mark-counts');

  // One u undoes the whole Backup step, a second the Downloads one.
  await page.keyboard.press('u');
  await expect.poll(() => marksOf(service, tree)).toEqual(downloads);
  await page.keyboard.press('u');
  await expect.poll(() => marksOf(service, tree)).toEqual({});
  await expect(counts).toHaveText('No file marked Delete');
});

test('mark all, invert and none act on the clusters of the filter only, one keeper each, each undone by one u', async ({ shingle }) => {
  const { page, tree, service } = shingle;
  await scanHomeTree(shingle);
  // The folder filter: the clusters with a file in Documents (the licence, the budget, the contract).
  await filterByFolder(page, tree.path('Documents'));
  await expect(clusterList(page).getByRole('option')).toHaveCount(3);

  let dialog = await openMarkDialog(page);
  await shoot(page, 'mark-dialog-filter');
  await dialog.getByRole('button', { name: 'Mark 3 clusters in this filter: Delete all but one' }).click();
  await expect(dialog).toBeHidden();
  const all = {
    'Backup/Documents-2023/Licenses/Apache-2.0.txt': 'keep',
    'Documents/Licenses/Apache-2.0.txt': 'delete',
    'Downloads/Apache-2.0.txt': 'delete',
    'Documents/budget.txt': 'keep',
    'Downloads/budget (1).txt': 'delete',
    'Documents/contract.txt': 'keep',
    'Downloads/contract-edited.txt': 'delete',
  };
  await expect.poll(() => marksOf(service, tree)).toEqual(all);

  dialog = await openMarkDialog(page);
  await dialog.getByRole('button', { name: 'Invert the marks of 3 clusters in this filter' }).click();
  await expect(dialog).toBeHidden();
  const inverted = Object.fromEntries(Object.entries(all).map(([path, mark]) => [path, mark === 'keep' ? 'delete' : 'keep']));
  await expect.poll(() => marksOf(service, tree)).toEqual(inverted);

  await page.keyboard.press('u');
  await expect.poll(() => marksOf(service, tree)).toEqual(all);

  // A mark outside the filter is left alone by "none".
  await filterByFolder(page, '');
  await expect(clusterList(page).getByRole('option')).toHaveCount(6);
  await clusterList(page).getByRole('option').filter({ hasText: 'manual.txt' }).click();
  await page.getByRole('group', { name: 'Mark Backup/manual.txt', exact: true }).getByRole('button', { name: 'Keep' }).click();
  await filterByFolder(page, tree.path('Documents'));
  await expect(clusterList(page).getByRole('option')).toHaveCount(3);
  dialog = await openMarkDialog(page);
  await dialog.getByRole('button', { name: 'Clear the marks of 3 clusters in this filter' }).click();
  await expect.poll(() => marksOf(service, tree)).toEqual({ 'Backup/manual.txt': 'keep' });
});

test('a Delete mark on an edited version says at once that it stays, and the counts follow the clean-up’s choice', async ({ shingle }) => {
  const { page } = shingle;
  await scanHomeTree(shingle);
  await clusterList(page).getByRole('option').filter({ hasText: 'contract' }).click();
  await page.getByRole('group', { name: 'Mark contract-edited.txt' }).first().getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('.mark-note')).toHaveText(/contract-edited\.txt is an edited version: it stays unless “Edited versions” is ticked in the clean-up\./);
  const counts = page.getByRole('status', { name: 'Marks' });
  await expect(counts).toHaveText('1 marked Delete · 0 will go · 1 need Edited versions');
  await shoot(page, 'mark-note');

  const cleanup = await openCleanup(page);
  await cleanup.getByLabel(/Edited versions/).check();
  await cleanup.getByRole('button', { name: 'Close' }).click();
  await expect(counts).toHaveText('1 marked Delete · 1 will go');
  // The note spoke of edited versions left out: it goes once they are in.
  await expect(page.locator('.mark-note')).toHaveCount(0);
});

test('mark all keeps the file the clean-up’s keep criteria keep, and each row counts only the Delete marks that act', async ({ shingle }) => {
  const { page, tree, service } = shingle;
  await scanHomeTree(shingle);
  await filterByFolder(page, tree.path('Documents'));
  await expect(clusterList(page).getByRole('option')).toHaveCount(3);
  // The criterion: keep the copy in Documents (the licence's first file is Backup's).
  const cleanup = await openCleanup(page);
  await cleanup.getByLabel('In clusters I have not marked').selectOption('in');
  await cleanup.getByRole('combobox', { name: /^Folder/ }).selectOption(tree.path('Documents'));
  await cleanup.getByRole('button', { name: 'Close' }).click();

  const dialog = await openMarkDialog(page);
  await dialog.getByRole('button', { name: 'Mark 3 clusters in this filter: Delete all but one' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(() => marksOf(service, tree))
    .toEqual({
      'Documents/Licenses/Apache-2.0.txt': 'keep',
      'Downloads/Apache-2.0.txt': 'delete',
      'Backup/Documents-2023/Licenses/Apache-2.0.txt': 'delete',
      'Documents/budget.txt': 'keep',
      'Downloads/budget (1).txt': 'delete',
      'Documents/contract.txt': 'keep',
      'Downloads/contract-edited.txt': 'delete',
    });

  // The rows count as the counts line does: the edited contract stays while edited versions are left out.
  const row = (name: string) => clusterList(page).getByRole('option').filter({ hasText: name }).locator('.row-marks');
  await expect(row('Apache-2.0.txt')).toHaveText('2 to delete');
  await expect(row('contract')).toHaveText('1 marked, stays');
  await expect(page.getByRole('status', { name: 'Marks' })).toHaveText('4 marked Delete · 3 will go · 1 need Edited versions');
  await shoot(page, 'mark-all-by-criteria');
  const again = await openCleanup(page);
  await again.getByLabel(/Edited versions/).check();
  await again.getByRole('button', { name: 'Close' }).click();
  await expect(row('contract')).toHaveText('1 to delete');
});
