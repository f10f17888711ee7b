// Steps several end-to-end tests share.
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect } from './engineFixture.ts';
import type { ShingleApp } from './engineFixture.ts';

/** Adds the user's folder with the picker, scans it and waits for the cluster list. */
export async function scanUserFolder(shingle: ShingleApp): Promise<void> {
  const { page } = shingle;
  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  await expect(page.getByRole('list', { name: 'Folders to scan' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page);
  await expect(clusterList(page).getByRole('option')).toHaveCount(2);
}

/**
 * A scan started from the folders ends on the overview; this waits for it and opens the review.
 * `timeout` for scans of larger trees on a busy machine: waited for, not timed.
 */
export async function reviewAfterScan(page: Page, timeout?: number): Promise<void> {
  const overview = page.getByRole('button', { name: 'Overview', exact: true });
  await expect(overview).toHaveAttribute('aria-current', 'page', timeout === undefined ? {} : { timeout });
  await page.getByRole('button', { name: 'Review', exact: true }).click();
}

/** Waits until every column of the open cluster shows its text. */
export async function textsLoaded(page: Page): Promise<void> {
  await expect(page.getByText('Loading text…')).toHaveCount(0);
}

export function clusterList(page: Page) {
  return page.getByRole('listbox', { name: 'Clusters' });
}

/** Drops items named like the user's folder's entries on an element (the test bridge resolves them). */
export async function dropItems(page: Page, target: ReturnType<Page['getByRole']>, names: string[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const name of items) transfer.items.add(new File([], name));
    return transfer;
  }, names);
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

/** Screenshots of the page at 1440 x 900 and 1024 x 700, into SHINGLE_SHOTS when it is set (e.g. /tmp/shots-bulk). */
export async function shoot(page: Page, name: string): Promise<void> {
  const shots = process.env.SHINGLE_SHOTS;
  if (!shots) return;
  await mkdir(shots, { recursive: true });
  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${shots}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
