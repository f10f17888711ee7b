// The results follow the disk while the app is open: a document saved in an editor shows its new
// text in the open cluster within seconds, and a deleted file leaves its cluster (and the focus,
// if it had it), or takes the cluster with it, without a new scan.
import { appendFile, rm } from 'node:fs/promises';
import { expect, saveScreenshot, test } from './engineFixture.ts';
import { clusterList, scanUserFolder, textsLoaded } from './helpers.ts';

const ADDED_SENTENCE = 'The lighthouse keeper signed the revised logbook on Sunday.';
/** A change on disk must show within this (the engine usually takes about a second). */
const FOLLOW_MS = 10_000;

test('a file edited on disk updates the open cluster', async ({ shingle }, testInfo) => {
  const { page, tree } = shingle;
  await scanUserFolder(shingle);
  const list = clusterList(page);
  await list.getByRole('option').filter({ hasText: 'Near' }).click();
  await expect(page.getByRole('heading', { name: 'Similar documents · 4 files' })).toBeVisible();
  await textsLoaded(page);
  const original = page.getByRole('region', { name: 'Text of annual-report.txt' });
  await expect(original).not.toContainText(ADDED_SENTENCE);
  await page.getByRole('group', { name: 'Mark annual-report.txt' }).getByRole('button', { name: 'Keep' }).click();

  // A sentence added in an editor: the open view reads the file again.
  await appendFile(tree.path('Reports/annual-report.txt'), `\n\n${ADDED_SENTENCE}\n`);
  await expect(original).toContainText(ADDED_SENTENCE, { timeout: FOLLOW_MS });
  await expect(page.getByRole('heading', { name: 'Similar documents · 4 files' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'edited-on-disk');

  // A member deleted: the cluster, open and in the list, goes on without it, and the mark made
  // on a file still in it stays. It had the focus: the focus leaves with it, so a key meant for
  // it marks no other file.
  await page.getByRole('region', { name: 'Text of annual-report.pdf' }).click();
  await expect(page.getByRole('article', { name: 'annual-report.pdf' })).toHaveAttribute('aria-current', 'true');
  await rm(tree.path('Reports/annual-report.pdf'));
  await expect(page.getByRole('heading', { name: 'Similar documents · 3 files' })).toBeVisible({ timeout: FOLLOW_MS });
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(list.getByRole('option', { selected: true })).toContainText('3 files');
  await expect(original).toContainText(ADDED_SENTENCE);
  await expect(page.getByRole('group', { name: 'Mark annual-report.txt' }).getByRole('button', { name: 'Keep' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('article[aria-current]')).toHaveCount(0);
  // Keys are handled in order: once `l` has focused a file, `d` has done whatever it did.
  await page.keyboard.press('d');
  await page.keyboard.press('l');
  await expect(page.locator('article[aria-current]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Delete', pressed: true })).toHaveCount(0);

  // The last copy of the photo deleted: its cluster leaves the list.
  await rm(tree.path('Backup/holiday (copy).jpg'));
  await expect(list.getByRole('option')).toHaveCount(1, { timeout: FOLLOW_MS });
  await expect(list.getByRole('option')).toContainText('Near');
  await saveScreenshot(page, testInfo, 'deleted-on-disk');
  // The clusters of the scan were not told again when the engine began to follow them.
  const told = shingle.events.filter((e) => e.event === 'clusterChanges').flatMap((e) => (e.payload as { changes: { event: string }[] }).changes.map((change) => change.event));
  expect(told).not.toContain('cluster-added');
});
