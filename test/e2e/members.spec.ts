// The files of a cluster told apart at a glance, on a tree with the same names in different
// folders: the folder beside every name in every view (list, member table, side-by-side cards),
// the member table (the default for exact and large clusters, sorting with byte copies kept with
// their text, picking files to compare, the keys on its rows), and at 1024 px and 200 % zoom
// nothing cut: names cut at segment boundaries only, no control clipped.
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, saveScreenshot, test } from './engineFixture.ts';
import { clusterList, textsLoaded } from './helpers.ts';
import { overflowingContent } from './layoutChecks.ts';
import { APACHE, scanSameNames } from './sameNames.ts';

// The README's screenshot of the member table is tracked: tests never write it; `npm run
// screenshot:readme` runs this spec with SHINGLE_README_SCREENSHOT=1 to refresh it on purpose.
const readmeScreenshot = fileURLToPath(new URL('../../assets/screenshot-member-table.png', import.meta.url));

const PANELS = '.cluster-pane, .cluster-head, .members-bar, .member-table, .comparison-toolbar, .file-card, .app-header';

function memberTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Files of this cluster' });
}

function memberRows(page: Page): Locator {
  return memberTable(page).locator('[role="row"][data-file-index]');
}

/** The rows' accessible names (the file named with the folders that tell it apart), top to bottom. */
function rowLabels(page: Page): Promise<(string | null)[]> {
  return memberRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));
}

async function openCluster(page: Page, text: string): Promise<void> {
  await clusterList(page).getByRole('option').filter({ hasText: text }).first().click();
}

/**
 * Every name and folder shown cut: its shown parts, and whether each starts and ends on a segment
 * boundary of the whole name (so no word is cut).
 */
function cutNames(page: Page): Promise<{ whole: string; shown: string; atBoundaries: boolean }[]> {
  return page.evaluate(() => {
    const separator = /[\s/\\\-_.,;:()[\]{}+~]/;
    return [...document.querySelectorAll('.middle-name')].flatMap((element) => {
      const whole = element.querySelector('.visually-hidden')?.textContent;
      const shown = element.querySelector('[aria-hidden="true"]')?.textContent;
      if (!whole || !shown) return [];
      const [head = '', tail = ''] = shown.split('…');
      const boundaryAt = (i: number) => i === 0 || i === whole.length || separator.test(whole[i - 1]!) || separator.test(whole[i]!);
      const atBoundaries = whole.startsWith(head) && whole.endsWith(tail) && boundaryAt(head.length) && boundaryAt(whole.length - tail.length);
      return [{ whole, shown, atBoundaries }];
    });
  });
}

test('three copies with one name: the folder in the list, the table, the marks and the summary, and the table sorts', async ({ shingle }, testInfo) => {
  const { page } = shingle;
  await scanSameNames(shingle);
  const row = clusterList(page).getByRole('option').filter({ hasText: APACHE });
  await expect(row).toContainText('Backup, Documents, Downloads');
  await row.click();

  // An exact cluster opens on the table: one row per copy, each with its folder.
  await expect(memberRows(page)).toHaveCount(3);
  await expect(memberRows(page).locator('.cell-folder')).toHaveText(['Backup', 'Documents', 'Downloads']);
  await expect(memberRows(page).locator('.cell-similarity')).toHaveText(['identical', 'identical', 'identical']);
  await expect(memberRows(page).locator('.cell-same').nth(1)).toHaveText('Same bytes asBackup');

  // Sorting by folder: the header says which way, the rows follow.
  const folderHeader = memberTable(page).getByRole('columnheader', { name: 'Folder' });
  await expect(folderHeader).toHaveAttribute('aria-sort', 'none');
  await folderHeader.getByRole('button').click();
  await expect(folderHeader).toHaveAttribute('aria-sort', 'ascending');
  expect(await rowLabels(page)).toEqual(['Backup/Apache-2.0.txt', 'Documents/Apache-2.0.txt', 'Downloads/Apache-2.0.txt']);
  await folderHeader.getByRole('button').click();
  await expect(folderHeader).toHaveAttribute('aria-sort', 'descending');
  expect(await rowLabels(page)).toEqual(['Downloads/Apache-2.0.txt', 'Documents/Apache-2.0.txt', 'Backup/Apache-2.0.txt']);

  // The keys walk the rows as they are shown, and mark the focused one.
  await memberRows(page).first().click();
  await expect(memberRows(page).first()).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('l');
  await expect(memberTable(page).getByRole('row', { name: 'Documents/Apache-2.0.txt' })).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('D');
  await expect(page.getByRole('group', { name: 'Mark Documents/Apache-2.0.txt' }).getByRole('button', { name: 'Keep' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('group', { name: 'Mark Backup/Apache-2.0.txt' }).getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-pressed', 'true');
  // Which copy stays is said with its folder.
  await expect(page.getByTestId('which-stays')).toContainText('this copy stays: Documents/Apache-2.0.txt; 2 copies go');
  // Sorted by mark: the kept copy first.
  await memberTable(page).getByRole('columnheader', { name: 'Mark' }).getByRole('button').click();
  expect((await rowLabels(page))[0]).toBe('Documents/Apache-2.0.txt');
  await saveScreenshot(page, testInfo, 'exact-table');
});

test('a cluster of more than four files opens on the table, copies with their text, and compares the files picked', async ({ shingle }, testInfo) => {
  const { page } = shingle;
  await scanSameNames(shingle);
  await openCluster(page, 'GFDL');
  await expect(page.getByRole('heading', { name: 'Similar documents · 5 files' })).toBeVisible();
  await expect(memberRows(page)).toHaveCount(5);
  await expect(page.getByRole('article')).toHaveCount(0);
  const table = memberTable(page);
  // The two GFDL-1.2.txt by their folders, the backup a copy of the older one in Documents; no
  // figure of 100 % where the texts differ.
  await expect(table.getByRole('row', { name: 'Documents-2023/Licenses/GFDL-1.2.txt' }).locator('.cell-same')).toContainText('Same bytes as');
  await expect(table.getByRole('row', { name: 'Documents-2023/Licenses/GFDL-1.2.txt' }).locator('.cell-same')).toContainText('Documents/Licenses');
  await expect(table.getByRole('row', { name: 'GFDL.html' }).locator('.cell-similarity')).toHaveText('identical');
  await expect(table.getByRole('row', { name: 'Documents/Licenses/GFDL-1.2.txt' }).locator('.cell-similarity')).toHaveText(/^≈?\d\d?%$/);
  await expect(table).not.toContainText('100%');

  // Sorted by size, smallest first: the smallest file's text leads, its byte copy and its other
  // form with it; the edited version and its copy after.
  await table.getByRole('columnheader', { name: 'Size' }).getByRole('button').click();
  expect(await rowLabels(page)).toEqual(['GFDL.txt', 'GFDL (1).txt', 'GFDL.html', 'Documents/Licenses/GFDL-1.2.txt', 'Documents-2023/Licenses/GFDL-1.2.txt']);
  await saveScreenshot(page, testInfo, 'near-table');
  if (process.env.SHINGLE_README_SCREENSHOT === '1') await page.screenshot({ path: readmeScreenshot });

  // Side by side without a pick: the most different pair, each card with its folder.
  await page.getByRole('button', { name: 'Side by side' }).click();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('article', { name: 'GFDL.txt' }).locator('.file-folder')).toHaveText('inDocuments');
  await expect(page.getByRole('article', { name: 'Documents/Licenses/GFDL-1.2.txt' }).locator('.file-folder')).toHaveText('inDocuments/Licenses');
  await textsLoaded(page);

  // Back to the table: tick three, compare them; a fifth cannot be ticked.
  await page.getByRole('button', { name: 'All 5 files' }).click();
  for (const label of ['GFDL.txt', 'Documents/Licenses/GFDL-1.2.txt', 'Documents-2023/Licenses/GFDL-1.2.txt', 'GFDL (1).txt']) await table.getByRole('checkbox', { name: `Compare ${label}` }).check();
  await expect(table.getByRole('checkbox', { name: 'Compare GFDL.html' })).toBeDisabled();
  await table.getByRole('checkbox', { name: 'Compare GFDL (1).txt' }).uncheck();
  await page.getByRole('button', { name: 'Compare the ticked files' }).click();
  await expect(page.getByRole('article')).toHaveCount(3);
  for (const label of ['GFDL.txt', 'Documents/Licenses/GFDL-1.2.txt', 'Documents-2023/Licenses/GFDL-1.2.txt']) await expect(page.getByRole('article', { name: label })).toBeVisible();
  await textsLoaded(page);
  await saveScreenshot(page, testInfo, 'picked-side-by-side');
});

test('at 1024 px and at 200 % zoom nothing is clipped, and names are cut only between words', async ({ shingle }, testInfo) => {
  const { page } = shingle;
  await scanSameNames(shingle);
  for (const [width, height] of [
    [1024, 700],
    [512, 350],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const cluster of [APACHE, 'GFDL', 'annual-report']) {
      await openCluster(page, cluster);
      await expect(page.locator('.cluster-head')).toBeVisible();
      if (cluster === 'annual-report') await textsLoaded(page);
      expect(await overflowingContent(page, PANELS), `${cluster} at ${width} px`).toEqual([]);
      // At 1024 px the title keeps one line of its own, and the cluster's two buttons share the
      // figures' line, never a line of their own under the title.
      if (width === 1024) {
        const centre = async (locator: Locator) => {
          const box = (await locator.boundingBox())!;
          return box.y + box.height / 2;
        };
        const title = (await page.locator('#cluster-title').boundingBox())!;
        const lineHeight = await page.locator('#cluster-title').evaluate((h2) => parseFloat(getComputedStyle(h2).lineHeight));
        expect(title.height, `${cluster}: the title on one line`).toBeLessThan(lineHeight * 1.5);
        const figures = await centre(page.locator('.cluster-figures'));
        for (const name of ['Not duplicates', 'Remove from results']) expect(Math.abs((await centre(page.getByRole('button', { name }))) - figures), `${cluster}: ${name} beside the figures`).toBeLessThan(lineHeight / 2);
      }
      // The focused row's actions all in the table.
      if (cluster !== 'annual-report') {
        const table = (await memberTable(page).boundingBox())!;
        const button = (await page.getByRole('button', { name: /is not a duplicate$/ }).boundingBox())!;
        expect(button.x + button.width).toBeLessThanOrEqual(table.x + table.width);
      }
      await saveScreenshot(page, testInfo, `${cluster}-${width}`);
    }
    const cut = await cutNames(page);
    if (width === 1024) expect(cut.map((c) => c.whole)).toContain('libgnutls28-dev-copyright-notice-for-debian-packages.txt');
    expect(cut.filter((c) => !c.atBoundaries)).toEqual([]);
  }
});
