// Steps the clean-up end-to-end tests share: a temporary trash (XDG_DATA_HOME, set before any
// engine starts so a host process inherits it too), the dialog, and the plan's rows as the page
// lists them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { exists } from '../helpers/exists.ts';
import { expect, test } from './engineFixture.ts';

/**
 * A trash of the spec file's own, never the real one; removed when its tests are done. Made in
 * beforeAll, not when the file loads: Playwright also loads spec files just to list their tests.
 */
export function useTemporaryTrash(): void {
  let dataHome: string | undefined;
  const saved = process.env.XDG_DATA_HOME;
  test.beforeAll(() => {
    dataHome = mkdtempSync(join(tmpdir(), 'shingle-e2e-xdg-'));
    process.env.XDG_DATA_HOME = dataHome;
  });
  test.afterAll(() => {
    if (saved === undefined) delete process.env.XDG_DATA_HOME;
    else process.env.XDG_DATA_HOME = saved;
    if (dataHome) rmSync(dataHome, { recursive: true, force: true });
  });
}


export async function openCleanup(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Clean up…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clean up duplicates' });
  await expect(dialog.getByRole('button', { name: 'Preview' })).toBeVisible();
  return dialog;
}

/** Trashes one file of the cluster open in the list (shortest path kept) and waits for the result. */
export async function trashSelectedCluster(page: Page): Promise<void> {
  const dialog = await openCleanup(page);
  await dialog.getByLabel(/My keep\/delete marks/).uncheck();
  await dialog.getByLabel('Which copy stays').selectOption('shortest-path');
  await dialog.getByLabel('The selected cluster only').check();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await dialog.getByRole('button', { name: 'Move 1 file to the trash' }).click();
  await expect(dialog.getByRole('status').first()).toContainText('Moved to the trash: 1 file');
}

export interface PlanRow {
  decision: string;
  path: string;
}

/** Every file row of the plan the preview shows (the plans here fit its view, so all are rendered). */
export async function planRows(dialog: Locator): Promise<PlanRow[]> {
  const table = dialog.getByRole('table', { name: 'Every file in the plan' });
  await expect(table.locator('[data-decision]').first()).toBeVisible();
  return table.locator('[data-decision]').evaluateAll((rows) => rows.map((row) => ({ decision: row.getAttribute('data-decision')!, path: row.getAttribute('data-path')! })));
}

/** What the disk shows for each row after the run: kept and refused files are there, removed ones are not. */
export async function diskAgrees(rows: readonly PlanRow[]): Promise<PlanRow[]> {
  const disagree: PlanRow[] = [];
  for (const row of rows) if ((await exists(row.path)) !== (row.decision !== 'remove')) disagree.push(row);
  return disagree;
}
