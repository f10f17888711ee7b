// Issue 25 item 7 in the app: two files whose names differ only in Unicode normalization (résumé
// as NFC and as NFD) read apart in the clean-up preview, each marked and written out by its code
// points, at the window's usual size and at 1024 x 700.
import { expect, saveScreenshot, test } from './engineFixture.ts';
import { clusterList, reviewAfterScan } from './helpers.ts';
import { openCleanup, planRows } from './cleanupSteps.ts';

const NFC = 'r\u00e9sum\u00e9.txt';
const NFD = 're\u0301sume\u0301.txt';
const body = 'Curriculum vitae: twelve years of work, three languages, one driving licence.\n'.repeat(30);

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
]) {
  test(`look-alike names are marked and written out in the preview (${viewport.width} x ${viewport.height})`, async ({ shingle }, testInfo) => {
    const { page, tree } = shingle;
    await page.setViewportSize(viewport);
    await tree.write(`CV/${NFC}`, body);
    await tree.write(`CV/${NFD}`, body);
    await shingle.open();
    await page.getByRole('button', { name: 'Add folders…' }).click();
    await page.getByRole('button', { name: 'Start scan' }).click();
    await reviewAfterScan(page);
    await expect(clusterList(page).getByRole('option')).toHaveCount(3);
    await clusterList(page).getByRole('option').filter({ hasText: 'sum' }).click();

    const dialog = await openCleanup(page);
    await dialog.getByLabel(/My keep\/delete marks/).uncheck();
    await dialog.getByLabel('Which copy stays').selectOption('shortest-path');
    await dialog.getByLabel('The selected cluster only').check();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const rows = await planRows(dialog);
    // One stays and one goes (which one is the rule's business): the two rows must read apart.
    expect(rows.map((row) => row.path).sort()).toEqual([tree.path(`CV/${NFC}`), tree.path(`CV/${NFD}`)].sort());
    expect(rows.map((row) => row.decision).sort()).toEqual(['keep', 'remove']);
    const marks = dialog.getByTestId('plan-lookalike');
    await expect(marks).toHaveCount(2);
    await expect(dialog.locator(`[data-path="${tree.path(`CV/${NFC}`)}"]`).getByTestId('plan-lookalike')).toHaveText('look-alike name r\\u00E9sum\\u00E9.txt');
    await expect(dialog.locator(`[data-path="${tree.path(`CV/${NFD}`)}"]`).getByTestId('plan-lookalike')).toHaveText('look-alike name re\\u0301sume\\u0301.txt');
    // Shown whole, not cut, at either size.
    for (const mark of await marks.all()) {
      const box = (await mark.boundingBox())!;
      const line = (await mark.locator('xpath=ancestor::*[contains(@class, "plan-line")][1]').boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(line.x + line.width + 0.5);
    }
    await saveScreenshot(page, testInfo, `lookalike-preview-${viewport.width}`);
  });
}
