// The other screens and paths: exact duplicates, filters and search, keyboard navigation,
// opening files, dropped folders, reference folders, and the looks at 200 % zoom and in dark mode.
import { join } from 'node:path';
import { expect, saveScreenshot, test } from './engineFixture.ts';
import { clusterList, dropItems, scanUserFolder, textsLoaded, reviewAfterScan } from './helpers.ts';
import { overflowingContent } from './layoutChecks.ts';

test('byte-identical copies are summarised and can be opened, revealed, searched and filtered', async ({ shingle }, testInfo) => {
  const { page, tree, host } = shingle;
  await scanUserFolder(shingle);
  const list = clusterList(page);

  // The largest saving comes first and opens by itself: the photo and its copy.
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Byte-identical copies · 2 files' })).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('table')).toContainText('holiday (copy).jpg');
  await saveScreenshot(page, testInfo, 'exact-cluster');

  // The focused row shows its file's actions.
  await page.getByRole('row', { name: 'holiday.jpg', exact: true }).locator('.cell-name').click();
  await page.getByRole('button', { name: 'Show holiday.jpg in its folder' }).click();
  await expect.poll(() => host.revealed).toEqual([tree.path('Photos/holiday.jpg')]);
  // A photo is not a document Shingle reads: it is revealed, never opened (issue 11, item 10).
  await expect(page.getByRole('button', { name: 'Open holiday.jpg' })).toHaveCount(0);
  expect(host.opened).toEqual([]);

  // j and k move through the list.
  await page.keyboard.press('j');
  await expect(page.getByRole('heading', { name: 'Similar documents · 4 files' })).toBeVisible();
  await page.keyboard.press('k');
  await expect(page.getByRole('heading', { name: 'Byte-identical copies · 2 files' })).toBeVisible();

  // Search by path ("/" goes to the search field).
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search paths' })).toBeFocused();
  await page.keyboard.type('DRAFTS');
  await expect(list.getByRole('option')).toHaveCount(1);
  // The cluster holding the draft, named by the original it was edited from.
  await expect(list.getByRole('option')).toContainText(/annual-report\.txt.*Drafts/);
  await expect(page.locator('.list-summary')).toContainText(/1\s*cluster\b/);
  await page.getByRole('searchbox', { name: 'Search paths' }).fill('');
  await expect(list.getByRole('option')).toHaveCount(2);

  // Kinds and formats: a chip shows only what it names; "All" is everything again.
  const kinds = page.getByRole('group', { name: 'Kinds' });
  await kinds.getByRole('button', { name: /^Exact/ }).click();
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option')).toContainText('Exact');
  await expect(kinds.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
  await kinds.getByRole('button', { name: /^Near/ }).click();
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option')).toContainText('Near');
  await kinds.getByRole('button', { name: 'All' }).click();
  await expect(list.getByRole('option')).toHaveCount(2);
  await expect(kinds.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  const formats = page.getByRole('group', { name: 'Formats' });
  await formats.getByRole('button', { name: 'HTML', exact: true }).click();
  await expect(formats.getByRole('button', { name: 'HTML', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option')).toContainText('Near');
  await saveScreenshot(page, testInfo, 'filtered-list');
  await formats.getByRole('button', { name: 'All' }).click();
  await expect(list.getByRole('option')).toHaveCount(2);

  // The folder filter offers the folders that hold clustered files (and the scanned folder
  // above them), not folders without any.
  const folder = page.getByRole('combobox', { name: 'Folder' });
  await folder.focus();
  const offered = page.locator('#cluster-folders option');
  await expect.poll(() => offered.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(
    [tree.root, ...['Backup', 'Drafts', 'Photos', 'Reports'].map((name) => join(tree.root, name))].sort(),
  );
  await folder.fill(join(tree.root, 'Backup'));
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option')).toContainText('holiday');
  await folder.fill('');
  await expect(list.getByRole('option')).toHaveCount(2);
  await folder.blur();

  // The list of shortcuts.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Keep file, delete the others');
  await saveScreenshot(page, testInfo, 'shortcuts');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});

test('folders can be dropped, and files in reference folders are never marked for deletion', async ({ shingle }, testInfo) => {
  const { page, tree } = shingle;
  await shingle.open();

  const references = page.getByRole('region', { name: 'Reference folders' });
  await dropItems(page, references, ['Backup']);
  await expect(page.getByRole('list', { name: 'Reference folders' }).getByRole('listitem')).toHaveText([new RegExp(join(tree.root, 'Backup'))]);
  await dropItems(page, references, ['Missing']);
  await expect(page.getByRole('alert')).toHaveText(/Not added, as they are not folders: Missing/);
  await page.getByRole('button', { name: 'Dismiss' }).click();

  await page.getByRole('button', { name: 'Add folders…' }).click();
  await saveScreenshot(page, testInfo, 'setup-with-reference-folder');
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page);
  await expect(clusterList(page).getByRole('option')).toHaveCount(2);

  const copy = page.getByRole('row', { name: /holiday \(copy\)\.jpg/ });
  await expect(copy).toContainText('reference');
  await expect(copy.getByRole('button', { name: 'Delete' })).toBeDisabled();

  // Keep the reference copy: "D" marks the others for deletion, and only those.
  await copy.click();
  await page.keyboard.press('D');
  await expect(copy.getByRole('button', { name: 'Keep' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('row', { name: /holiday\.jpg/ }).getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-pressed', 'true');
  // The reference copy itself cannot be marked for deletion, not even by key.
  await page.keyboard.press('d');
  await expect(page.getByRole('alert')).toHaveText(/reference folder/);
  await expect(copy.getByRole('button', { name: 'Keep' })).toHaveAttribute('aria-pressed', 'true');
  await saveScreenshot(page, testInfo, 'reference-folder-marks');
});

test.describe('at 200 % zoom', () => {
  // A 1440 × 900 window at 200 %: half the CSS pixels, twice the device pixels.
  test.use({ viewport: { width: 720, height: 450 }, deviceScaleFactor: 2 });

  test('every screen fits the width and the cluster view stays usable', async ({ shingle }, testInfo) => {
    const { page } = shingle;
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await shingle.open();
    await page.getByRole('button', { name: 'Add folders…' }).click();
    expect(await pageWidth()).toBeLessThanOrEqual(0);
    await saveScreenshot(page, testInfo, 'setup-200');

    await page.getByRole('button', { name: 'Start scan' }).click();
    await reviewAfterScan(page);
    await expect(clusterList(page).getByRole('option')).toHaveCount(2);
    await clusterList(page).getByRole('option').filter({ hasText: 'Near' }).click();
    await expect(page.getByRole('heading', { name: 'Similar documents · 4 files' })).toBeVisible();
    await textsLoaded(page);
    await page.getByRole('button', { name: /Next difference/ }).click();
    // In the first column, the original the others are compared with.
    await expect(page.getByRole('region', { name: 'Text of annual-report.txt' }).locator('mark.current')).toBeInViewport();
    expect(await pageWidth()).toBeLessThanOrEqual(0);
    // Nothing sticks out of its panel, with the file cards folded or open.
    const panels = '.cluster-pane, .cluster-head, .comparison-toolbar, .file-card, .app-header';
    expect(await overflowingContent(page, panels)).toEqual([]);
    await page.getByRole('checkbox', { name: 'File details' }).setChecked(true);
    expect(await overflowingContent(page, panels)).toEqual([]);
    await saveScreenshot(page, testInfo, 'cluster-view-200');
  });
});

test.describe('in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('follows the system theme', async ({ shingle }, testInfo) => {
    const { page } = shingle;
    await scanUserFolder(shingle);
    await clusterList(page).getByRole('option').filter({ hasText: 'Near' }).click();
    await textsLoaded(page);
    await page.getByRole('button', { name: /Next difference/ }).click();
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe('rgb(19, 21, 25)');
    await saveScreenshot(page, testInfo, 'cluster-view-dark');
  });
});
