// The clean-up dialog at 1440 × 900, 1024 × 700 and 200 % zoom (a 1024 × 700 window at twice the
// size: 512 × 350 CSS pixels): nothing sticks out of it, at each of its steps; screenshots of
// each go to the test results, and of the screen after the clean-up.
import type { Page, TestInfo } from '@playwright/test';
import { expect, saveScreenshot, test } from './engineFixture.ts';
import { clusterList, scanUserFolder } from './helpers.ts';
import { overflowingContent } from './layoutChecks.ts';
import { openCleanup, useTemporaryTrash } from './cleanupSteps.ts';

useTemporaryTrash();

const SIZES = [
  { name: '1440x900', width: 1440, height: 900 },
  { name: '1024x700', width: 1024, height: 700 },
  { name: '1024x700-zoom200', width: 512, height: 350 },
] as const;

/** At every size: nothing outside the dialog, the dialog inside the window; a screenshot of each. */
async function checkEverySize(page: Page, testInfo: TestInfo, step: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    expect(await overflowingContent(page, 'dialog.cleanup-dialog'), `${step} at ${size.name}`).toEqual([]);
    const box = (await page.locator('dialog.cleanup-dialog').boundingBox())!;
    expect(box.x, `${step} at ${size.name}`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${step} at ${size.name}`).toBeLessThanOrEqual(size.width);
    await saveScreenshot(page, testInfo, `cleanup-${step}-${size.name}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('the clean-up dialog fits at 1440, 1024 and 200 % zoom, at every step', async ({ shingle }, testInfo) => {
  const { page } = shingle;
  await scanUserFolder(shingle);
  await clusterList(page).getByRole('option').filter({ hasText: 'Exact' }).click();
  const dialog = await openCleanup(page);
  await dialog.getByLabel(/My keep\/delete marks/).uncheck();
  await dialog.getByLabel('Which copy stays').selectOption('in');
  await checkEverySize(page, testInfo, 'choices');
  await dialog.getByLabel('Which copy stays').selectOption('shortest-path');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('cleanup-files')).toBeVisible();
  await checkEverySize(page, testInfo, 'preview');
  await dialog.getByRole('button', { name: /Move \d+ files? to the trash/ }).click();
  await expect(dialog.getByRole('status').first()).toContainText('Moved to the trash');
  await checkEverySize(page, testInfo, 'result');
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The exact cluster, open and cleaned, gave way to the one left; the app did it, the disk is not blamed.
  await expect(clusterList(page).getByRole('option')).toHaveCount(1);
  await expect(page.locator('#cluster-title')).not.toContainText('Byte-identical');
  await expect(page.getByText('These files changed on disk')).toHaveCount(0);
  for (const size of SIZES.slice(0, 2)) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await saveScreenshot(page, testInfo, `after-cleanup-${size.name}`);
  }
});
