// The main path through the app: add a folder, scan, find the report's versions, read their
// differences, mark files, and find the marks again after the app restarts.
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { ScanProgress } from '../../shared/scanOptions.ts';
import { EDITED_WORD, REPLACED_WORDS } from './documentTree.ts';
import { expect, saveScreenshot, test } from './engineFixture.ts';
import { clusterList, reviewAfterScan, textsLoaded } from './helpers.ts';

// The README's screenshot is tracked: tests never write it. `npm run screenshot:readme` runs this
// test with SHINGLE_README_SCREENSHOT=1 to refresh it on purpose.
const readmeScreenshot = fileURLToPath(new URL('../../assets/screenshot-cluster-view.png', import.meta.url));

async function markedWords(page: Page, column: string, kind: 'added' | 'removed'): Promise<string[]> {
  const marks = page.getByRole('article', { name: column, exact: true }).locator(`mark.diff-${kind}`);
  return (await marks.allTextContents()).map((text) => text.trim());
}

test('add a folder, scan, compare a near cluster, mark files, and keep the marks after a restart', async ({ shingle }, testInfo) => {
  const { page } = shingle;
  await shingle.open();

  // Setup: no folders yet; the picker adds the user's folder.
  await expect(page.getByRole('heading', { name: 'What should Shingle look through?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start scan' })).toBeDisabled();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  const roots = page.getByRole('list', { name: 'Folders to scan' });
  await expect(roots.getByRole('listitem')).toHaveText([new RegExp(shingle.tree.root)]);
  await expect(page.getByLabel('Similarity at least')).toHaveValue('50');
  await saveScreenshot(page, testInfo, '1-setup');

  // Scan: the progress screen shows the scan's real progress. Once a quarter of the documents
  // have been read, the events after it are held back until the screen has been looked at, as
  // if the scan were slower.
  let midScan = false;
  shingle.holdEvents((event, payload) => {
    if (midScan) return true;
    const progress = payload as ScanProgress;
    if (event === 'scanProgress' && progress.phase === 'extract' && progress.filesToDo > 0 && progress.filesDone >= progress.filesToDo / 4) midScan = true;
    return event === 'scanState' && !(payload as { running: boolean }).running;
  });
  await page.getByRole('button', { name: 'Start scan' }).click();
  const progress = page.getByRole('progressbar');
  await expect(progress).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel scan' })).toBeVisible();
  await expect.poll(() => shingle.events.some((e) => e.event === 'scanState' && !(e.payload as { running: boolean }).running)).toBe(true);
  await expect(page.locator('.progress-figures')).toContainText(/Files\s*\d+/);
  await expect(page.locator('.progress-figures')).not.toContainText('0 found');
  await saveScreenshot(page, testInfo, '2-scan-progress');
  await shingle.releaseEvents();
  await reviewAfterScan(page);

  // Review: the clusters, the largest saving first, with counts and the total at the top.
  const list = clusterList(page);
  await expect(list.getByRole('option')).toHaveCount(2);
  await expect(page.locator('.list-summary')).toContainText(/2\s*clusters/);
  await expect(page.getByRole('button', { name: /^Exact/ })).toContainText('1');
  await expect(page.getByRole('button', { name: /^Near/ })).toContainText('1');
  await saveScreenshot(page, testInfo, '3-cluster-list');

  // The near cluster: four files side by side, compared word by word with the first.
  await list.getByRole('option').filter({ hasText: 'Near' }).click();
  await expect(page.getByRole('heading', { name: 'Similar documents · 4 files' })).toBeVisible();
  const near = (await shingle.service.listClusters({ offset: 0, limit: 10, sort: 'reclaimable', kinds: ['near'] })).clusters[0]!;
  const names = near.files.map((f) => f.path.split('/').at(-1)!);
  // Named by the original, the oldest file of the most complete version, which the others are measured to.
  expect(names).toEqual(['annual-report.txt', 'annual-report.html', 'annual-report.pdf', 'annual-report-edited.txt']);
  await expect(page.getByRole('article')).toHaveCount(4);
  await expect(page.locator('.difference-status')).toHaveText(`${REPLACED_WORDS.length} differences`);

  // The edited words are highlighted: in the edited copy what it alone has, in the original
  // exactly the words that were replaced.
  await page.getByRole('article', { name: 'annual-report-edited.txt' }).click();
  await expect(page.getByRole('article', { name: 'annual-report-edited.txt' })).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => markedWords(page, 'annual-report.txt', 'removed')).toEqual(REPLACED_WORDS);
  const added = await markedWords(page, 'annual-report-edited.txt', 'added');
  expect(added).toHaveLength(REPLACED_WORDS.length);
  expect(new Set(added)).toEqual(new Set([EDITED_WORD]));
  // HTML is shown as its text, never as markup.
  await expect(page.getByRole('region', { name: 'Text of annual-report.html' })).not.toContainText('<p>');

  // Next difference: button, then key; both columns move to it.
  await page.getByRole('button', { name: /Next difference/ }).click();
  await expect(page.locator('.difference-status')).toHaveText(`Difference 1 of ${REPLACED_WORDS.length}`);
  await page.keyboard.press('n');
  await page.keyboard.press('n');
  await page.keyboard.press('n');
  await page.keyboard.press('n');
  await expect(page.locator('.difference-status')).toHaveText(`Difference 5 of ${REPLACED_WORDS.length}`);
  const current = page.getByRole('region', { name: 'Text of annual-report.txt' }).locator('mark.current');
  await expect(current).toHaveText(REPLACED_WORDS[4]!);
  await expect(current).toBeInViewport();
  await expect(page.getByRole('region', { name: 'Text of annual-report-edited.txt' }).locator('mark.current')).toBeInViewport();

  // Marks by keyboard: delete the edited copy (focused), undo, delete again; then keep the original.
  await expect(page.getByRole('article', { name: 'annual-report-edited.txt' })).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('d');
  const editedDelete = page.getByRole('group', { name: 'Mark annual-report-edited.txt' }).getByRole('button', { name: 'Delete' });
  await expect(editedDelete).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('u');
  await expect(editedDelete).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('d');
  await expect(editedDelete).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('h');
  await page.keyboard.press('h');
  await page.keyboard.press('h');
  await expect(page.getByRole('article', { name: 'annual-report.txt' })).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('s');
  // And by mouse: the PDF is deleted too.
  await page.getByRole('group', { name: 'Mark annual-report.pdf' }).getByRole('button', { name: 'Delete' }).click();
  // The edited version stays while edited versions are left out of the clean-up: the row says so.
  await expect(list.getByRole('option', { selected: true })).toContainText('1 to delete · 1 stays');
  await expect.poll(async () => (await shingle.service.getMarks({}))[near.id]).toEqual({
    [near.files[0]!.path]: 'keep',
    [near.files[2]!.path]: 'delete',
    [near.files[3]!.path]: 'delete',
  });
  await page.keyboard.press('n');
  await textsLoaded(page);
  await saveScreenshot(page, testInfo, '4-cluster-view');
  if (process.env.SHINGLE_README_SCREENSHOT === '1') await page.screenshot({ path: readmeScreenshot });

  // Restart: a new engine on the same data folder; the app reopens on the results, marks kept.
  await shingle.restart();
  await expect(list.getByRole('option')).toHaveCount(2);
  await list.getByRole('option').filter({ hasText: 'Near' }).click();
  await expect(page.getByRole('group', { name: 'Mark annual-report-edited.txt' }).getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('group', { name: 'Mark annual-report.txt' }).getByRole('button', { name: 'Keep' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('group', { name: 'Mark annual-report.pdf' }).getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('group', { name: 'Mark annual-report.html' }).getByRole('button', { name: 'Keep' })).toHaveAttribute('aria-pressed', 'false');
  await saveScreenshot(page, testInfo, '5-after-restart');
});
