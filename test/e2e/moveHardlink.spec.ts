// Hard link and move from the app, against the real engine: the action chooser offers them, a
// move's folder comes from the host's picker (stubbed here as chooseFolders is), the preview
// lists every file with what will happen to it, the disk afterwards is as planned, and Undo puts
// every file back.
import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, saveScreenshot, test } from './engineFixture.ts';
import { clusterList, scanUserFolder, shoot } from './helpers.ts';
import { exists } from '../helpers/exists.ts';
import { diskAgrees, openCleanup, planRows, useTemporaryTrash } from './cleanupSteps.ts';

useTemporaryTrash();

let elsewhere = '';
test.beforeEach(async () => {
  elsewhere = await mkdtemp(join(tmpdir(), 'shingle-e2e-move-to-'));
});
test.afterEach(async () => {
  await rm(elsewhere, { recursive: true, force: true });
});

test('move the copies to a folder chosen in the picker, then undo', async ({ shingle }, testInfo) => {
  const { page, tree, host } = shingle;
  await scanUserFolder(shingle);
  const dialog = await openCleanup(page);
  await dialog.getByLabel(/My keep\/delete marks/).uncheck();
  await dialog.getByLabel('Which copy stays').selectOption('format');
  await dialog.getByLabel(/Move to a folder/).check();
  // No folder yet: nothing to preview.
  await expect(dialog.getByRole('button', { name: 'Preview' })).toBeDisabled();
  host.nextMoveTarget = elsewhere;
  await dialog.getByRole('button', { name: 'Choose folder…' }).click();
  await expect(dialog.locator('.move-target-folder')).toHaveAttribute('title', elsewhere);
  await saveScreenshot(page, testInfo, 'action-chooser-move');
  await dialog.getByRole('button', { name: 'Preview' }).click();

  const rows = await planRows(dialog);
  const moved = rows.filter((row) => row.decision === 'remove').map((row) => row.path);
  // Every file of both clusters is listed; the PDF stays, its same text in .txt and .html go, one photo goes.
  expect(rows).toHaveLength(6);
  expect(moved.sort()).toEqual([tree.path('Photos/holiday.jpg'), tree.path('Reports/annual-report.html'), tree.path('Reports/annual-report.txt')].sort());
  await expect(dialog.getByTestId('cleanup-action')).toHaveText(`Move to ${elsewhere}`);
  await expect(dialog.locator('[data-decision="remove"] .plan-decision').first()).toHaveText('Move');
  // Each moved file says where it lands, as the engine checked it: below the folder, in its place under the scanned one.
  for (const path of moved) {
    const lands = join(elsewhere, path.slice(tree.root.length + 1));
    await expect(dialog.locator(`[data-path="${path}"] [data-testid="plan-lands"]`)).toContainText(lands);
  }
  await expect(dialog.locator('[data-decision="keep"] [data-testid="plan-lands"]')).toHaveCount(0);
  await shoot(page, 'move-preview-lands');
  await dialog.getByRole('button', { name: 'Move 3 files' }).click();
  await expect(dialog.getByRole('status').first()).toContainText('Moved: 3 files');

  expect(await diskAgrees(rows)).toEqual([]);
  // Each keeps its place below the scanned folder.
  expect((await readdir(elsewhere, { recursive: true })).sort()).toEqual(['Photos', 'Photos/holiday.jpg', 'Reports', 'Reports/annual-report.html', 'Reports/annual-report.txt']);

  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Undo:' })).toContainText('3 restored');
  for (const path of moved) expect(await exists(path), path).toBe(true);
  // Only the folders the move made are left there.
  expect((await readdir(elsewhere, { recursive: true })).sort()).toEqual(['Photos', 'Reports']);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(clusterList(page).getByRole('option')).toHaveCount(2);
});

test('replace a byte copy with a hard link, then undo', async ({ shingle }) => {
  const { page, tree } = shingle;
  await scanUserFolder(shingle);
  const dialog = await openCleanup(page);
  await dialog.getByLabel(/My keep\/delete marks/).uncheck();
  await dialog.getByLabel('Which copy stays').selectOption('shortest-path');
  await dialog.getByLabel(/Replace with hard links/).check();
  await dialog.getByRole('button', { name: 'Preview' }).click();

  const rows = await planRows(dialog);
  expect(rows).toHaveLength(6);
  // Only a byte copy can become a link: the photo's copy; the report's other formats are refused, not linked.
  const linked = rows.filter((row) => row.decision === 'remove').map((row) => row.path);
  expect(linked).toHaveLength(1);
  expect([tree.path('Photos/holiday.jpg'), tree.path('Backup/holiday (copy).jpg')]).toContain(linked[0]);
  for (const row of rows) if (row.path.includes('annual-report')) expect(row.decision, row.path).not.toBe('remove');
  await expect(dialog.getByTestId('cleanup-action')).toHaveText('Replace with hard links to the copy kept');
  // The row says what a link makes of the two names.
  const twin = linked[0] === tree.path('Photos/holiday.jpg') ? 'holiday (copy).jpg' : 'holiday.jpg';
  await expect(dialog.locator(`[data-path="${linked[0]}"] .plan-reason`)).toHaveText(`becomes the same file as ${twin}: an edit to either changes both`);
  await shoot(page, 'hardlink-preview-consequence');
  await dialog.getByRole('button', { name: 'Hard-link 1 file' }).click();
  await expect(dialog.getByRole('status').first()).toContainText('Replaced by hard links: 1 file');

  const [photo, copy] = await Promise.all([lstat(tree.path('Photos/holiday.jpg')), lstat(tree.path('Backup/holiday (copy).jpg'))]);
  expect(photo.ino).toBe(copy.ino);
  for (const row of rows) expect(await exists(row.path), row.path).toBe(true);

  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Undo:' })).toContainText('1 restored');
  const [photoAfter, copyAfter] = await Promise.all([lstat(tree.path('Photos/holiday.jpg')), lstat(tree.path('Backup/holiday (copy).jpg'))]);
  expect(photoAfter.ino).not.toBe(copyAfter.ino);
});
