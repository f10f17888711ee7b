// Duplicate folders in the app, after real scans of the user's folder: the two folder trees side
// by side with every file marked; the folder threshold set in the app used by the next scan; and
// a folder clean-up that removes only the matched files (the disk is checked afterwards).
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { editEveryNthWord, prose, renderHtml } from '../helpers/documents.ts';
import { exists } from '../helpers/exists.ts';
import { diskAgrees, planRows, useTemporaryTrash } from './cleanupSteps.ts';
import { expect, saveScreenshot, test } from './engineFixture.ts';
import type { ShingleApp } from './engineFixture.ts';
import { clusterList, reviewAfterScan, scanUserFolder } from './helpers.ts';

useTemporaryTrash();

// The README's screenshot is tracked: tests never write it, `npm run screenshot:readme` does.
const readmeScreenshot = fileURLToPath(new URL('../../assets/screenshot-duplicate-folders.png', import.meta.url));

/** The tree's entry for a file (by its name), with its mark. */
function fileEntry(side: Locator, name: string): Locator {
  return side.locator('li[data-state]').filter({ has: side.page().getByText(name, { exact: true }) });
}

function pairOf(page: Page, first: string, second: string): Locator {
  return page.getByRole('region', { name: `${second} and ${first}` });
}

test('the duplicate folders screen shows the backup beside the folder it copies, file by file', async ({ shingle }) => {
  const { page, tree } = shingle;
  await scanUserFolder(shingle);
  await page.getByRole('button', { name: 'Duplicate folders' }).click();

  const pair = pairOf(page, tree.path('Backup'), tree.path('Photos'));
  await expect(pair).toBeVisible();
  await expect(pair.getByRole('heading', { level: 2 })).toHaveText(/^100% alike · .+ in copies$/);
  // Equal in size, so the first folder is the first by name; each side is its tree.
  await expect(pair.getByRole('article')).toHaveCount(2);
  await expect(pair.getByRole('article').first()).toHaveAccessibleName(tree.path('Backup'));
  const photos = pair.getByRole('article', { name: tree.path('Photos') });
  await expect(photos.getByRole('list', { name: `Files in ${tree.path('Photos')}` })).toBeVisible();
  await expect(fileEntry(photos, 'holiday.jpg')).toContainText('Matched');
  await expect(fileEntry(pair.getByRole('article', { name: tree.path('Backup') }), 'holiday (copy).jpg')).toContainText('Matched');
  await expect(photos).toContainText('1 matched · 0 changed · 0 only here');
  // The report's folders and the notes share nothing: they are not listed.
  await expect(page.getByRole('region')).toHaveCount(1);

  // Turned off in the options, the next scan does not look for them, and the screen says so.
  await page.getByRole('button', { name: 'Folders & options' }).click();
  await page.getByLabel(/Find duplicate folders/).uncheck();
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page);
  await expect(clusterList(page).getByRole('option')).toHaveCount(2);
  await page.getByRole('button', { name: 'Duplicate folders' }).click();
  await expect(page.getByText('Duplicate folders are not looked for: turn them on in Folders & options, then scan.')).toBeVisible();
  await expect(page.getByRole('region')).toHaveCount(0);
});

/** Papers/ and its older copy: four copies (one as .html beside the .txt), an edited file, one file of its own on each side. */
async function writePapers(shingle: ShingleApp): Promise<void> {
  const { tree } = shingle;
  for (const [name, seed] of [['a.txt', 700], ['b.txt', 701], ['sub/c.txt', 702]] as const) {
    await tree.write(`Papers/${name}`, prose(seed));
    await tree.write(`Papers copy/${name}`, prose(seed));
  }
  await tree.write('Papers/d.html', renderHtml(prose(703), 'D'));
  await tree.write('Papers copy/d.txt', prose(703));
  await tree.write('Papers/e.txt', prose(704));
  await tree.write('Papers copy/e.txt', editEveryNthWord(prose(704), 25));
  await tree.write('Papers/own.txt', prose(705, 2, 4));
  await tree.write('Papers copy/notes.txt', prose(706, 1, 2));
}

test('a folder threshold set in the app is used by the next scan, and a folder clean-up removes only the matched files', async ({ shingle }, testInfo) => {
  const { page, tree } = shingle;
  await writePapers(shingle);
  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  // Four of six files each side have a copy in the other: 67 % alike, under the default 80 %.
  const threshold = page.getByLabel('Folders alike at least');
  await expect(threshold).toHaveValue('80');
  await threshold.fill('60');
  await expect(page.getByRole('region', { name: 'Duplicate folders' }).locator('output')).toHaveText('60%');
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page);
  await expect(clusterList(page).getByRole('option').first()).toBeVisible();
  await page.getByRole('button', { name: 'Duplicate folders' }).click();

  const [papers, copy] = [tree.path('Papers'), tree.path('Papers copy')];
  const pair = pairOf(page, papers, copy);
  await expect(pair.getByRole('heading', { level: 2 })).toHaveText(/^6\d% alike/);
  const left = pair.getByRole('article', { name: papers });
  const right = pair.getByRole('article', { name: copy });
  await expect(fileEntry(left, 'd.html')).toContainText('Matched');
  await expect(fileEntry(left, 'own.txt')).toContainText('Only here');
  await expect(fileEntry(right, 'a.txt')).toContainText('Matched');
  await expect(fileEntry(right, 'd.txt')).toContainText('Matched');
  await expect(fileEntry(right, 'e.txt')).toContainText('Changed');
  await expect(fileEntry(right, 'notes.txt')).toContainText('Only here');
  await expect(fileEntry(right, 'c.txt')).toContainText('Matched');
  await expect(right.getByRole('button', { name: /sub\// })).toHaveAttribute('aria-expanded', 'true');
  await saveScreenshot(page, testInfo, 'duplicate-folders');
  if (process.env.SHINGLE_README_SCREENSHOT === '1') await page.screenshot({ path: readmeScreenshot });

  // One clean-up for the pair, saying which folder's copies go: the second's by default, either on choice.
  await expect(pair.getByRole('button', { name: /^Clean up/ })).toHaveCount(1);
  const goes = pair.getByLabel('Remove the copies in');
  await goes.selectOption({ label: 'Papers/' });
  await expect(pair.getByRole('button', { name: /^Clean up/ })).toHaveText('Clean up Papers/, keep Papers copy/…');
  await goes.selectOption({ label: 'Papers copy/' });
  await pair.getByRole('button', { name: 'Clean up Papers copy/, keep Papers/…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clean up duplicates' });
  await expect(dialog).toContainText(`Folder clean-up: the copies in ${copy}/ of files in ${papers}/`);
  const rows = await planRows(dialog);
  const decisionOf = (name: string) => rows.filter((row) => row.path === tree.path(name)).map((row) => row.decision);
  for (const name of ['a.txt', 'b.txt', 'sub/c.txt', 'd.txt']) expect(decisionOf(`Papers copy/${name}`)).toEqual(['remove']);
  // The rest of the folder is listed as staying, with why; the twins in Papers/ stay.
  expect(decisionOf('Papers copy/e.txt')).toEqual(['keep']);
  expect(decisionOf('Papers copy/notes.txt')).toEqual(['keep']);
  await expect(dialog.getByRole('row').filter({ hasText: 'notes.txt' })).toContainText('only in this folder');
  await expect(dialog.getByRole('row').filter({ hasText: 'e.txt' })).toContainText('an edited version');
  expect(rows.filter((row) => row.path.startsWith(`${papers}/`)).every((row) => row.decision === 'keep')).toBe(true);
  await expect(dialog.getByTestId('cleanup-files')).toHaveText('4');
  await expect(dialog.getByTestId('cleanup-staying')).toHaveText('2 files with no copy in the other folder, listed last');
  await saveScreenshot(page, testInfo, 'folder-cleanup-preview');

  await dialog.getByRole('button', { name: 'Move 4 files to the trash' }).click();
  await expect(dialog.getByRole('status').first()).toContainText('Moved to the trash: 4 files');
  expect(await diskAgrees(rows)).toEqual([]);
  for (const name of ['Papers/a.txt', 'Papers/b.txt', 'Papers/sub/c.txt', 'Papers/d.html', 'Papers/e.txt', 'Papers/own.txt', 'Papers copy/e.txt', 'Papers copy/notes.txt']) {
    expect(await exists(tree.path(name)), name).toBe(true);
  }
  for (const name of ['a.txt', 'b.txt', 'sub/c.txt', 'd.txt']) expect(await exists(tree.path(`Papers copy/${name}`)), name).toBe(false);

  // Back on the folders: the copy holds only what stays, and says a new scan would compare afresh.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(pair.getByRole('note')).toContainText(`4 files of ${copy}/ matched at the scan are no longer`);
  await expect(fileEntry(right, 'a.txt')).toHaveCount(0);
  await expect(fileEntry(right, 'notes.txt')).toContainText('Only here');
  await expect(fileEntry(left, 'a.txt')).toContainText('Only here');
  // Back to the screen later: the pairs and their files load again.
  await page.getByRole('button', { name: 'Review' }).click();
  await page.getByRole('button', { name: 'Duplicate folders' }).click();
  await expect(fileEntry(right, 'notes.txt')).toContainText('Only here');
  await expect(fileEntry(left, 'own.txt')).toContainText('Only here');
});
