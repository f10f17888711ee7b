// "Not duplicates": a group dismissed in the app stays hidden after a rescan, is listed in the
// Dismissed view, and comes back when restored from there.
import { expect, test } from './engineFixture.ts';
import { clusterList, scanUserFolder } from './helpers.ts';

test('dismiss a group, rescan, still hidden; restore it from Dismissed', async ({ shingle }) => {
  const { page } = shingle;
  await scanUserFolder(shingle);
  const options = clusterList(page).getByRole('option');
  const dismissedName = (await options.first().textContent()) ?? '';
  await options.first().click();
  await page.getByRole('button', { name: 'Not duplicates' }).click();
  await expect(options).toHaveCount(1);
  await expect(options.first()).not.toHaveText(dismissedName);

  const scansBefore = finishedScans(shingle.events);
  await page.getByRole('button', { name: 'Scan again' }).click();
  await expect.poll(() => finishedScans(shingle.events)).toBe(scansBefore + 1);
  await expect(options).toHaveCount(1);

  await page.getByRole('button', { name: 'Dismissed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Not duplicates' });
  await expect(dialog.getByRole('row', { name: /Dismissal/ })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog.getByText('Nothing dismissed.')).toBeVisible();
  await expect(options).toHaveCount(2);
});

function finishedScans(events: { event: string; payload: unknown }[]): number {
  return events.filter(({ event, payload }) => event === 'scanState' && (payload as { running: boolean; finishedAt?: number }).running === false && (payload as { finishedAt?: number }).finishedAt !== undefined).length;
}
