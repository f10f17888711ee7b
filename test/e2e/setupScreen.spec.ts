// The way into a scan: "Start scan" in sight in a 1440 × 900 window however long the options,
// and a progress card that keeps its height while its figures change.
import { expect, saveScreenshot, test } from './engineFixture.ts';
import { clusterList, dropItems, reviewAfterScan } from './helpers.ts';

test('"Start scan" is in view without scrolling, and the progress card does not jump', async ({ shingle }, testInfo) => {
  const { page } = shingle;
  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  await expect(page.getByRole('list', { name: 'Folders to scan' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Start scan' })).toBeInViewport();
  // A longer list of folders and reference folders pushes the options down: the button stays.
  await dropItems(page, page.getByRole('region', { name: 'Reference folders' }), ['Reports', 'Drafts', 'Photos', 'Backup', 'Notes']);
  await expect(page.getByRole('list', { name: 'Reference folders' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Start scan' })).toBeInViewport();
  await saveScreenshot(page, testInfo, 'setup-1440x900');

  // Every height the progress card takes, from the moment it appears.
  await page.evaluate(() => {
    const heights: number[] = [];
    (window as unknown as { cardHeights: number[] }).cardHeights = heights;
    const watch = new ResizeObserver((entries) => entries.forEach((entry) => heights.push(Math.round(entry.borderBoxSize[0]!.blockSize))));
    new MutationObserver(() => {
      const card = document.querySelector('.progress-card');
      if (card && !card.hasAttribute('data-watched')) {
        card.setAttribute('data-watched', '');
        watch.observe(card);
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  let progressEvents = 0;
  shingle.holdEvents((event) => {
    if (event === 'scanProgress') progressEvents++;
    return false;
  });
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page);
  await expect(clusterList(page).getByRole('option')).toHaveCount(2);
  expect(progressEvents).toBeGreaterThan(1);
  // 0 is the card leaving the page when the scan ends.
  const heights = (await page.evaluate(() => (window as unknown as { cardHeights: number[] }).cardHeights)).filter((h) => h > 0);
  expect(heights.length).toBeGreaterThan(0);
  expect(new Set(heights).size, `card heights ${heights.join(', ')}`).toBe(1);
});

test('"Across folders only" shows just the clusters with files in two of the folders', async ({ shingle }) => {
  const { page } = shingle;
  await shingle.open();
  // Reports holds the report as .txt, .html and .pdf (a cluster within one folder); the photo
  // and its copy are in Photos and Backup (a cluster across two).
  await dropItems(page, page.getByRole('region', { name: 'Folders to scan' }), ['Reports', 'Photos', 'Backup']);
  await expect(page.getByRole('list', { name: 'Folders to scan' }).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('checkbox', { name: /Across folders only/ }).check();
  await expect.poll(async () => (await shingle.service.getSettings({})).across).toBe(true);
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page);
  const list = clusterList(page);
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option')).toContainText('holiday');

  // Off again, the cluster within Reports is back.
  await page.getByRole('button', { name: 'Folders & options' }).click();
  await page.getByRole('checkbox', { name: /Across folders only/ }).uncheck();
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page);
  await expect(list.getByRole('option')).toHaveCount(2);
  await expect(list.getByRole('option').filter({ hasText: 'Near' })).toContainText('annual-report');
});
