// The overview after a real scan of a home-like folder (a Backup holding a copy of Documents, a
// Downloads with copies): the folders' figures checked against the engine's clusters, a folder's
// copies marked Delete from its figures and cleaned up by those marks (the preview removes
// exactly them), the picture walked by keyboard, and screenshots at 1440 × 900 and 1024 × 700,
// light and dark, in the test results.
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { formatBytes } from '../../shared/format.ts';
import type { Cluster } from '../../shared/report.ts';
import { prose, renderHtml } from '../helpers/documents.ts';
import { planRows } from './cleanupSteps.ts';
import { expect, saveScreenshot, test } from './engineFixture.ts';
import type { ShingleApp } from './engineFixture.ts';
import { clusterList, reviewAfterScan } from './helpers.ts';
import { overflowingContent } from './layoutChecks.ts';

// The README's screenshot is tracked: tests never write it, `npm run screenshot:readme` does.
const readmeScreenshot = fileURLToPath(new URL('../../assets/screenshot-overview.png', import.meta.url));

const PANELS = '.overview-head, .overview-crumbs, .overview-side, .app-header';

/** Documents, its copy in Backup/Documents, and Downloads with a byte copy and the same text as HTML; then the Overview tab. */
async function scanHome(shingle: ShingleApp): Promise<Cluster[]> {
  const { tree, page, service } = shingle;
  const letter = prose(81);
  const budget = prose(82);
  const plan = prose(83);
  for (const folder of ['Documents', 'Backup/Documents']) {
    await tree.write(`${folder}/letter.txt`, letter);
    await tree.write(`${folder}/budget.txt`, budget);
    await tree.write(`${folder}/notes/plan.txt`, plan);
  }
  await tree.write('Downloads/letter (1).txt', letter);
  await tree.write('Downloads/budget.html', renderHtml(budget, 'Budget'));
  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page, 60_000);
  // The fixture's two clusters and these three: waited for, not timed.
  await expect(clusterList(page).getByRole('option')).toHaveCount(5, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Overview', exact: true }).click();
  return (await service.listClusters({ offset: 0, limit: 1000, sort: 'reclaimable' })).clusters;
}

/**
 * What the report says removing a folder's copies frees, for a folder none of whose clusters lie
 * wholly inside it: the size of every cluster file in it (each has a copy elsewhere that stays).
 */
function freedIn(clusters: readonly Cluster[], folder: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const cluster of clusters) {
    const inside = cluster.files.filter((file) => file.path.startsWith(`${folder}/`));
    if (inside.length === 0) continue;
    expect(inside.length, `a cluster of ${folder} has a file elsewhere`).toBeLessThan(cluster.files.length);
    bytes += inside.reduce((sum, file) => sum + file.size, 0);
    files += inside.length;
  }
  return { bytes, files };
}

/** Clicked on its label: the middle of a folder drawn with its subfolders is theirs. */
async function clickArea(page: Page, name: string): Promise<void> {
  await area(page, name).click({ position: { x: 8, y: 6 } });
}

function picture(page: Page) {
  return page.getByRole('group', { name: 'Folders by reclaimable space' });
}

/** A subfolder of the folder shown (not one drawn inside it). */
function area(page: Page, name: string) {
  return picture(page).locator('.depth-1').and(page.getByRole('button', { name: new RegExp(`^${name}: `) }));
}

test('the overview shows each folder with what removing its copies frees, and deletes the copies of one', async ({ shingle }, testInfo) => {
  const { page, tree } = shingle;
  const clusters = await scanHome(shingle);
  const table = page.getByRole('table', { name: 'Folders by reclaimable space' });
  // The whole: the clusters' reclaimable space.
  const total = clusters.reduce((sum, cluster) => sum + cluster.reclaimable, 0);
  await expect(page.locator('.overview-totals')).toContainText(`${formatBytes(total)} reclaimable`);

  for (const name of ['Backup', 'Documents', 'Downloads']) {
    const { bytes, files } = freedIn(clusters, tree.path(name));
    expect(bytes).toBeGreaterThan(0);
    await expect(area(page, name)).toHaveAccessibleName(new RegExp(`^${name}: ${formatBytes(bytes).replace('.', '\\.')} reclaimable in ${files} files`));
    await expect(table.getByRole('row', { name: new RegExp(`^${name} `) }).getByRole('cell').first()).toHaveText(formatBytes(bytes));
  }
  // Backup/Documents mirrors Documents: an arc joins their areas, and Documents' figures say so.
  await expect(picture(page).locator('.treemap-link')).not.toHaveCount(0);
  await clickArea(page, 'Documents');
  await expect(page.locator('.overview-mirrors')).toContainText('Backup/Documents — 100% alike');

  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(area(page, 'Downloads')).toBeVisible();
    expect(await overflowingContent(page, PANELS)).toEqual([]);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await saveScreenshot(page, testInfo, `overview-${width}x${height}-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  if (process.env.SHINGLE_README_SCREENSHOT === '1') await page.screenshot({ path: readmeScreenshot });

  // Downloads' copies marked Delete from its figures, then the clean-up by marks removes exactly them.
  await clickArea(page, 'Downloads');
  const figures = page.getByRole('region', { name: tree.path('Downloads') });
  await expect(figures).toContainText('Marks 2 files Delete in 2 clusters.');
  await figures.getByRole('button', { name: 'Delete every copy here' }).click();
  await expect(figures.getByRole('status')).toContainText('Marked 2 files Delete');
  await figures.getByRole('button', { name: 'Clean up…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clean up duplicates' });
  await expect(dialog.getByLabel(/My keep\/delete marks/)).toBeChecked();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const removed = (await planRows(dialog)).filter((row) => row.decision === 'remove').map((row) => row.path);
  expect(removed.sort()).toEqual([tree.path('Downloads/budget.html'), tree.path('Downloads/letter (1).txt')]);
});

test('the picture is walked by keyboard: arrows between folders, Enter in, Backspace out', async ({ shingle }) => {
  const { page, tree } = shingle;
  await scanHome(shingle);
  const areas = picture(page).locator('.treemap-area.depth-1');
  // One tab stop: the largest folder first.
  await expect(areas.first()).toHaveAttribute('tabindex', '0');
  await areas.first().focus();
  const first = await areas.first().getAttribute('aria-label');
  await page.keyboard.press('ArrowRight');
  await expect(areas.nth(1)).toBeFocused();
  await expect(areas.nth(1)).toHaveAttribute('aria-pressed', 'true');
  // The figures follow the focus.
  const second = (await areas.nth(1).getAttribute('aria-label'))!.split(':')[0]!;
  await expect(page.locator('.overview-figures-title')).toHaveText(tree.path(second));
  await page.keyboard.press('ArrowLeft');
  await expect(areas.first()).toBeFocused();
  await expect(areas.first()).toHaveAttribute('aria-label', first!);

  // Into Backup (it has a subfolder), and back out.
  const backupIndex = (await areas.evaluateAll((all) => all.map((a) => a.getAttribute('aria-label')!.split(':')[0]))).indexOf('Backup');
  for (let i = 0; i < backupIndex; i++) await page.keyboard.press('ArrowRight');
  await expect(area(page, 'Backup')).toBeFocused();
  await page.keyboard.press('Enter');
  const crumbs = page.getByRole('navigation', { name: 'Folder shown' });
  await expect(crumbs.locator('[aria-current="location"]')).toHaveText('Backup');
  // The focus follows into the new level: its largest folder, its figures beside.
  await expect(area(page, 'Documents')).toBeFocused();
  await expect(page.locator('.overview-figures-title')).toHaveText(tree.path('Backup/Documents'));
  await page.keyboard.press('Backspace');
  await expect(crumbs.locator('[aria-current="location"]')).toHaveText(tree.root);
  await expect(area(page, 'Downloads')).toBeVisible();

  // From a folder to its clusters (reached by Tab too): the review, filtered to that folder.
  await area(page, 'Downloads').focus();
  await expect(page.locator('.overview-figures-title')).toHaveText(tree.path('Downloads'));
  await page.getByRole('button', { name: 'Show its clusters' }).click();
  await expect(clusterList(page).getByRole('option')).toHaveCount(2);
  await expect(page.getByLabel('Folder', { exact: true })).toHaveValue(tree.path('Downloads'));
});
