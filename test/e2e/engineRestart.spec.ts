// The engine process dies (killed, as by the out-of-memory killer) and the host starts a new one:
// the window lets go of what the old one was running, shows what the new one holds (the results
// and the journal on disk), and says in one line that the engine restarted.
import type { ActionProgress, ScanState } from '../../renderer/engine/contractTypes.ts';
import { expect, test } from './engineFixture.ts';
import { exists } from '../helpers/exists.ts';
import { openCleanup, planRows, useTemporaryTrash } from './cleanupSteps.ts';
import { clusterList, reviewAfterScan, scanUserFolder } from './helpers.ts';

useTemporaryTrash();

const RESTARTED = 'The engine stopped unexpectedly and was started again';

test('a scan whose end the dead engine never told: the scanning screen lets go and its results show', async ({ shingle }) => {
  const { page } = shingle;
  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  await expect(page.getByRole('list', { name: 'Folders to scan' }).getByRole('listitem')).toHaveCount(1);
  // The page never hears the end: as when the engine dies before telling it.
  const ended = (event: string, payload: unknown) => event === 'scanState' && !(payload as ScanState).running;
  shingle.holdEvents(ended);
  await page.getByRole('button', { name: 'Start scan' }).click();
  await expect(page.getByRole('heading', { name: 'Scanning…' })).toBeVisible();
  await expect.poll(() => shingle.events.some(({ event, payload }) => ended(event, payload))).toBe(true);

  await shingle.crashEngine();
  await expect(page.getByRole('heading', { name: 'Scanning…' })).toHaveCount(0);
  await reviewAfterScan(page);
  await expect(clusterList(page).getByRole('option')).toHaveCount(2);
  await expect(page.getByRole('alert')).toContainText(`${RESTARTED}.`);
  // The new engine works: a second scan runs to its end, and the page hears it.
  await page.getByRole('button', { name: 'Scan again' }).click();
  await expect.poll(() => shingle.events.filter(({ event, payload }) => ended(event, payload)).length).toBe(2);
  await expect(page.getByRole('heading', { name: 'Scanning…' })).toHaveCount(0);
  await expect(clusterList(page).getByRole('option')).toHaveCount(2);
});

test('a clean-up whose end the dead engine never told: the dialog shows what the journal says, and Undo works', async ({ shingle }) => {
  const { page } = shingle;
  await scanUserFolder(shingle);
  const dialog = await openCleanup(page);
  await dialog.getByLabel(/My keep\/delete marks/).uncheck();
  await dialog.getByLabel('Which copy stays').selectOption('format');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const removed = (await planRows(dialog)).filter((row) => row.decision === 'remove').map((row) => row.path);
  expect(removed.length).toBeGreaterThan(1);
  // No progress reaches the page: it stays on "Cleaning up…", as when the engine dies during the batch.
  shingle.holdEvents((event) => event === 'actionProgress');
  await dialog.getByRole('button', { name: `Move ${removed.length} files to the trash` }).click();
  await expect(dialog.getByText('Cleaning up…')).toBeVisible();
  const last = (event: string, payload: unknown) => event === 'actionProgress' && (payload as ActionProgress).done >= (payload as ActionProgress).total;
  await expect.poll(() => shingle.events.some(({ event, payload }) => last(event, payload))).toBe(true);

  await shingle.crashEngine();
  await expect(dialog.getByRole('status').first()).toContainText(`Moved to the trash: ${removed.length} files.`);
  // It had ended before the engine died: it was not interrupted, and the banner does not say so.
  await expect(page.getByRole('alert')).toContainText(`${RESTARTED}.`);
  await expect(page.getByRole('alert')).not.toContainText('interrupted');
  expect(await Promise.all(removed.map(exists))).not.toContain(true);
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(dialog.getByRole('status').nth(1)).toContainText(`Undo: ${removed.length} restored`);
  expect(await Promise.all(removed.map(exists))).not.toContain(false);
});
