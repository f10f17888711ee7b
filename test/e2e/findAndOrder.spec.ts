// Find and order in the list, against the real engine: the path search reads a substring, a
// wildcard pattern or a /regular expression/ (an invalid one says why in one line and the list
// keeps the last search that ran), the sort orders by files and by date, and "Remove from
// results" takes the open cluster out of the list and its counts at once, touching no file and
// keeping no dismissal.
import { utimes } from 'node:fs/promises';
import { expect, saveScreenshot, test } from './engineFixture.ts';
import { clusterList, scanUserFolder } from './helpers.ts';
import { exists } from '../helpers/exists.ts';

test('search by wildcard and regular expression; an invalid pattern says why', async ({ shingle }, testInfo) => {
  const { page } = shingle;
  await scanUserFolder(shingle);
  const options = clusterList(page).getByRole('option');
  const search = page.getByRole('searchbox', { name: 'Search paths' });
  const mode = page.getByTestId('search-mode');

  await search.fill('*.jpg');
  await expect(mode).toHaveText('Wildcard');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('holiday');

  // ** crosses folders, * stays within a name: Reports/*.pdf finds the report, Backup/*.pdf nothing.
  await search.fill('Reports/*.pdf');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('annual-report');
  await search.fill('Backup/*.pdf');
  await expect(page.getByText('No clusters match.')).toBeVisible();

  await search.fill('/holiday \\(copy\\)\\.jpg$/');
  await expect(mode).toHaveText('Regex');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('holiday');

  await search.fill('/annual-report(/');
  await expect(page.getByRole('alert')).toHaveText(/^Not a valid regular expression: /);
  await expect(search).toHaveAttribute('aria-invalid', 'true');
  // The list keeps the last search the engine could run.
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('holiday');
  await saveScreenshot(page, testInfo, 'search-invalid');

  // A catastrophic pattern runs (in linear time) and simply finds nothing.
  await search.fill('/(a+)+$/');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('No clusters match.')).toBeVisible();

  await search.fill('annual');
  await expect(mode).toHaveCount(0);
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('annual-report');
  await search.fill('');
  await expect(options).toHaveCount(2);
});

test('sort by files and by date', async ({ shingle }) => {
  const { page, tree } = shingle;
  // The photos are the newest files, the reports and draft years older.
  const old = new Date('2019-03-01T12:00:00Z');
  for (const name of ['Reports/annual-report.txt', 'Reports/annual-report.html', 'Reports/annual-report.pdf', 'Drafts/annual-report-edited.txt']) await utimes(tree.path(name), old, old);
  await scanUserFolder(shingle);
  const options = clusterList(page).getByRole('option');
  const sort = page.getByRole('combobox', { name: 'Sort' });

  await sort.selectOption({ label: 'Most files first' });
  await expect(options.first()).toContainText('4 files');
  await expect(options.nth(1)).toContainText('2 files');
  await sort.selectOption({ label: 'Newest first' });
  await expect(options.first()).toContainText('holiday');
  await expect(options.nth(1)).toContainText('annual-report');
  await expect(sort.locator('option')).toHaveText(['Most space first', 'Most similar first', 'Most files first', 'By path', 'By folder', 'Newest first']);
});

test('remove from results: the cluster leaves the list and its counts at once; no file is touched, nothing is dismissed', async ({ shingle }) => {
  const { page, tree } = shingle;
  await scanUserFolder(shingle);
  const options = clusterList(page).getByRole('option');
  await expect(page.locator('.list-summary')).toContainText('2 clusters');
  await options.filter({ hasText: 'holiday' }).click();
  const head = page.locator('.cluster-head');
  await expect(head.getByRole('button', { name: 'Not duplicates' })).toBeVisible();
  await head.getByRole('button', { name: 'Remove from results' }).click();

  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('annual-report');
  await expect(page.locator('.list-summary')).toContainText('1 cluster');
  await expect(page.getByRole('button', { name: /^Exact/ })).toContainText('0');
  // The next cluster takes the place of the one removed.
  await expect(page.locator('#cluster-title')).toContainText('4 files');
  expect(await exists(tree.path('Photos/holiday.jpg'))).toBe(true);
  expect(await exists(tree.path('Backup/holiday (copy).jpg'))).toBe(true);
  expect(await shingle.service.listDismissed({})).toEqual([]);
});
