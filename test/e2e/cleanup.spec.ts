// Bulk clean-up in the app: a keep rule, the engine's preview, confirmation, the duplicate gone
// from disk into the trash, then undo puts it back. The trash is a temporary XDG_DATA_HOME, so
// the real one is never touched (the engine service runs in this test process).
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './engineFixture.ts';
import { clusterList, scanUserFolder } from './helpers.ts';

let dataHome: string;
let savedDataHome: string | undefined;

test.beforeEach(async () => {
  savedDataHome = process.env.XDG_DATA_HOME;
  dataHome = await mkdtemp(join(tmpdir(), 'shingle-e2e-xdg-'));
  process.env.XDG_DATA_HOME = dataHome;
});

test.afterEach(async () => {
  if (savedDataHome === undefined) delete process.env.XDG_DATA_HOME;
  else process.env.XDG_DATA_HOME = savedDataHome;
  await rm(dataHome, { recursive: true, force: true });
});

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

test('keep the shortest path of the selected cluster, trash the copy, then undo', async ({ shingle }) => {
  const { page, tree } = shingle;
  await scanUserFolder(shingle);
  const copy = tree.path('Backup/holiday (copy).jpg');
  const original = tree.path('Photos/holiday.jpg');

  await clusterList(page).getByRole('option').filter({ hasText: 'Exact' }).click();
  await page.getByRole('button', { name: 'Clean up…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clean up duplicates' });
  await dialog.getByLabel('Which copy stays').selectOption('shortest-path');
  await dialog.getByLabel('The selected cluster only').check();
  await expect(dialog.getByLabel('Move to the trash (can be undone)')).toBeChecked();
  await dialog.getByRole('button', { name: 'Preview' }).click();

  // The summary is the engine's.
  await expect(dialog.getByTestId('cleanup-files')).toHaveText('1');
  await expect(dialog.getByTestId('cleanup-refused')).toHaveText('0');
  await expect(dialog).toContainText('Keep the shortest path');
  await expect(dialog).toContainText('48.0 KB');
  await dialog.getByRole('button', { name: 'Move 1 files to the trash' }).click();

  await expect(dialog.getByRole('status').first()).toContainText('Moved to the trash: 1 file');
  expect(await exists(copy)).toBe(false);
  expect(await exists(original)).toBe(true);
  expect(await readdir(join(dataHome, 'Trash', 'files'))).toHaveLength(1);
  // The list follows the disk: the exact cluster is gone.
  await expect(clusterList(page).getByRole('option')).toHaveCount(1);

  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(dialog).toContainText('Undo: 1 restored');
  expect(await exists(copy)).toBe(true);
  expect(await readdir(join(dataHome, 'Trash', 'files'))).toEqual([]);
  await expect(clusterList(page).getByRole('option')).toHaveCount(2);
});

test('a permanent delete asks twice', async ({ shingle }) => {
  const { page } = shingle;
  await scanUserFolder(shingle);
  await page.getByRole('button', { name: 'Clean up…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clean up duplicates' });
  await dialog.getByLabel('Delete permanently').check();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const confirm = dialog.getByRole('button', { name: /files permanently/ });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/cannot be restored/).check();
  await expect(confirm).toBeEnabled();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByRole('button', { name: 'Preview' })).toBeVisible();
});
