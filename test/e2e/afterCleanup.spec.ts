// After the app's own clean-up or undo, the screen shows the result in one update: the cleaned
// cluster leaves the list and the next one opens, the counts go straight to their final figures,
// and "These files changed on disk" is never said of what the app itself did. Every rendered
// count is recorded by a MutationObserver in the page, so a figure shown for a moment is caught.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test } from './engineFixture.ts';
import { clusterList, scanUserFolder } from './helpers.ts';
import { trashSelectedCluster, useTemporaryTrash } from './cleanupSteps.ts';

useTemporaryTrash();

const CHANGED_ON_DISK = 'These files changed on disk';

/** From now on, records each distinct text the list's figures show and whether the disk notice appears. */
async function recordScreen(page: Page): Promise<void> {
  await page.evaluate((notice) => {
    const seen: string[] = [];
    const state = { seen, notice: false };
    const look = () => {
      const summary = document.querySelector('.list-summary')?.textContent ?? '';
      const chips = [...document.querySelectorAll('.chip-count')].map((chip) => chip.textContent).join(',');
      const text = `${summary} | ${chips}`;
      if (seen.at(-1) !== text) seen.push(text);
      if (document.body.textContent?.includes(notice)) state.notice = true;
    };
    look();
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
    (window as unknown as { __screen: typeof state }).__screen = state;
  }, CHANGED_ON_DISK);
}

function recorded(page: Page): Promise<{ seen: string[]; notice: boolean }> {
  return page.evaluate(() => (window as unknown as { __screen: { seen: string[]; notice: boolean } }).__screen);
}

/** The open cluster's heading. */
function openTitle(page: Page) {
  return page.locator('#cluster-title');
}

test('after a clean-up the cleaned cluster is gone and the next one is open, in one update', async ({ shingle }, testInfo) => {
  const { page } = shingle;
  await scanUserFolder(shingle);
  await clusterList(page).getByRole('option').filter({ hasText: 'Exact' }).click();
  await expect(openTitle(page)).toContainText('Byte-identical');
  await recordScreen(page);

  await trashSelectedCluster(page);
  await saveScreenshot(page, testInfo, 'after-cleanup-dialog');
  await page.getByRole('dialog', { name: 'Clean up duplicates' }).getByRole('button', { name: 'Close' }).click();

  await expect(clusterList(page).getByRole('option')).toHaveCount(1);
  // The next cluster is open, and selected in the list.
  await expect(openTitle(page)).not.toContainText('Byte-identical');
  await expect(clusterList(page).getByRole('option', { selected: true })).toHaveCount(1);
  await expect(page.getByText(CHANGED_ON_DISK)).toHaveCount(0);
  await saveScreenshot(page, testInfo, 'after-cleanup-screen');
  const { seen, notice } = await recorded(page);
  expect(notice).toBe(false);
  // From 2 clusters straight to 1: no figure in between.
  expect(seen.map((text) => text.split(' ')[0])).toEqual(['2', '1']);
});

test('after an undo the counts go straight to the final numbers', async ({ shingle }) => {
  const { page } = shingle;
  await scanUserFolder(shingle);
  await clusterList(page).getByRole('option').filter({ hasText: 'Exact' }).click();
  await trashSelectedCluster(page);
  await page.getByRole('dialog', { name: 'Clean up duplicates' }).getByRole('button', { name: 'Close' }).click();
  await expect(clusterList(page).getByRole('option')).toHaveCount(1);

  await recordScreen(page);
  await page.getByRole('button', { name: 'Undo last clean-up' }).click();
  await expect(clusterList(page).getByRole('option')).toHaveCount(2);
  // A copy made after the undo: once the watcher shows it, it has also seen the files come
  // back (it takes changes in order), and any figure it showed in between was recorded.
  await shingle.tree.write('Notes/todo (copy).txt', await readFile(shingle.tree.path('Notes/todo.txt')));
  await expect(clusterList(page).getByRole('option')).toHaveCount(3);
  const { seen, notice } = await recorded(page);
  expect(notice).toBe(false);
  expect(seen.map((text) => text.split(' ')[0])).toEqual(['1', '2', '3']);
});
