// After a clean-up: the engine updates the list itself (a reference folder set, which once
// stopped the watcher), the History lists every batch — also after a restart, also the CLI's —
// with Undo for each, `shingle undo` undoes a batch made in the app, and the files the scan could
// not read are shown with their code and reason; a batch whose process died half-way is shown as
// interrupted.
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { runCli } from '../helpers/runCli.ts';
import { expect, saveScreenshot, test } from './engineFixture.ts';
import { clusterList, dropItems, scanUserFolder } from './helpers.ts';
import { exists } from '../helpers/exists.ts';
import { trashSelectedCluster, useTemporaryTrash } from './cleanupSteps.ts';
import { startMidBatchProcess } from '../helpers/midBatchProcess.ts';

useTemporaryTrash();

/** Trashes the copy of the photo (shortest path kept), from the exact cluster open in the list. */
async function trashPhotoCopy(page: Page): Promise<void> {
  await clusterList(page).getByRole('option').filter({ hasText: 'Exact' }).click();
  await trashSelectedCluster(page);
  await page.getByRole('dialog', { name: 'Clean up duplicates' }).getByRole('button', { name: 'Close' }).click();
}

async function openHistory(page: Page) {
  await page.getByRole('button', { name: 'History' }).click();
  return page.getByRole('dialog', { name: 'Clean-up history' });
}

/**
 * The journal the app's engine keeps in its data folder (the e2e fixture's temporary one): the
 * most recently written of the fixtures' data folders, which is this test's with one worker.
 */
async function appJournal(): Promise<string> {
  const folders = (await readdir(tmpdir())).filter((name) => name.startsWith('shingle-e2e-data-'));
  const journals = await Promise.all(
    folders.map(async (name) => {
      const path = join(tmpdir(), name, 'journal.sqlite');
      return { path, mtime: (await stat(path).catch(() => undefined))?.mtimeMs ?? -1 };
    }),
  );
  return journals.filter((j) => j.mtime >= 0).sort((a, b) => b.mtime - a.mtime)[0]!.path;
}

test('the engine updates the list after a clean-up itself, with a reference folder set', async ({ shingle }) => {
  const { page, tree } = shingle;
  await scanUserFolder(shingle);
  // A reference folder added after the scan no longer stops the results from following.
  await page.getByRole('button', { name: 'Folders & options' }).click();
  await dropItems(page, page.getByRole('region', { name: 'Reference folders' }), ['Notes']);
  await expect(page.getByRole('list', { name: 'Reference folders' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Review' }).click();

  await trashPhotoCopy(page);
  expect(await exists(tree.path('Backup/holiday (copy).jpg'))).toBe(false);
  await expect(clusterList(page).getByRole('option')).toHaveCount(1);
  // Told by the engine as part of the batch, before its end — not later by a watcher.
  const told = shingle.events.flatMap(({ event, payload }) => (event === 'clusterChanges' ? (payload as { changes: { event: string }[] }).changes.map((change) => change.event) : [event]));
  const removed = told.indexOf('cluster-removed');
  expect(removed).toBeGreaterThanOrEqual(0);
  expect(removed).toBeLessThan(told.lastIndexOf('actionProgress'));
});

test('undo from the History after the app restarted', async ({ shingle }, testInfo) => {
  const { page, tree } = shingle;
  await scanUserFolder(shingle);
  await trashPhotoCopy(page);
  await expect(clusterList(page).getByRole('option')).toHaveCount(1);

  await shingle.restart();
  await expect(clusterList(page).getByRole('option')).toHaveCount(1);
  const history = await openHistory(page);
  const batch = history.getByRole('row', { name: 'Batch 1' });
  await expect(batch).toContainText('Moved to the trash');
  await expect(batch).toContainText('48.0 KB');
  await batch.getByRole('button', { name: 'Undo' }).click();
  await expect(history.getByRole('status')).toContainText('Undo of batch 1: 1 restored');
  await expect(batch).toContainText('Undone');
  await saveScreenshot(page, testInfo, 'history');
  expect(await exists(tree.path('Backup/holiday (copy).jpg'))).toBe(true);
  // The engine put the cluster back in its results.
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(clusterList(page).getByRole('option')).toHaveCount(2);
});

test('shingle undo undoes a batch made in the app, and the app lists the CLI’s batches', async ({ shingle }) => {
  const { page, tree } = shingle;
  await scanUserFolder(shingle);
  await trashPhotoCopy(page);
  const journal = await appJournal();

  const undone = await runCli(['undo', '1', '--journal', journal]);
  expect(undone.code, undone.stderr).toBe(0);
  expect(await exists(tree.path('Backup/holiday (copy).jpg'))).toBe(true);

  // A batch of the CLI in the same journal: the app's History shows it beside its own.
  const reportFolder = await mkdtemp(join(tmpdir(), 'shingle-e2e-report-'));
  const reportPath = join(reportFolder, 'report.json');
  const scanned = await runCli(['scan', '--json', tree.path('Photos'), tree.path('Backup')]);
  expect(scanned.code, scanned.stderr).toBe(0);
  try {
    await writeFile(reportPath, scanned.stdout);
    const applied = await runCli(['apply', reportPath, '--keep', 'shortest-path', '--action', 'trash', '--journal', journal]);
    expect(applied.code, applied.stderr).toBe(0);
  } finally {
    await rm(reportFolder, { recursive: true, force: true });
  }
  const history = await openHistory(page);
  await expect(history.getByRole('row', { name: 'Batch 1' })).toContainText('Undone');
  await expect(history.getByRole('row', { name: 'Batch 2' })).toContainText('Moved to the trash');
  await history.getByRole('row', { name: 'Batch 2' }).getByRole('button', { name: 'Undo' }).click();
  await expect(history.getByRole('status')).toContainText('Undo of batch 2: 1 restored');
  expect(await exists(tree.path('Backup/holiday (copy).jpg'))).toBe(true);
});

test('files the scan could not read are shown with their code and reason', async ({ shingle }, testInfo) => {
  const { page, tree } = shingle;
  await tree.write('Notes/broken.pdf', '%PDF-1.4\nthis is not a PDF body\n');
  await scanUserFolder(shingle);
  await page.getByRole('button', { name: /1 file not read or compared/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Files not read or compared' });
  const row = dialog.getByRole('row').filter({ hasText: 'broken.pdf' });
  await expect(row).toContainText('ECORRUPT');
  await expect(row).toContainText(tree.path('Notes/broken.pdf'));
  await dialog.getByRole('button', { name: 'Close' }).click();

  // One that cannot be read turns up after the scan: the results follow the disk and say so.
  await tree.write('Notes/late.pdf', '%PDF-1.4\nnor is this\n');
  await page.getByRole('button', { name: /1 notice/ }).click();
  await expect(dialog.getByRole('region', { name: 'Noticed since the scan' })).toContainText(tree.path('Notes/late.pdf'));
  await saveScreenshot(page, testInfo, 'files-not-read');
});

test('a clean-up whose process was killed half-way is shown running while it lives, then interrupted', async ({ shingle }) => {
  const { page } = shingle;
  await scanUserFolder(shingle);
  await trashPhotoCopy(page);
  // A clean-up of three files in the app's journal, one done when its process is killed.
  const batch = await startMidBatchProcess(await appJournal());
  let history = await openHistory(page);
  try {
    await expect(history.getByRole('row', { name: 'Batch 2' })).toContainText('Running');
    await history.getByRole('button', { name: 'Close' }).click();
  } finally {
    await batch.kill();
  }
  history = await openHistory(page);
  await expect(history.getByRole('row', { name: 'Batch 2' })).toContainText('Interrupted, 2 not done');
  await expect(history.getByRole('row', { name: 'Batch 1' })).toContainText('Done');
});
