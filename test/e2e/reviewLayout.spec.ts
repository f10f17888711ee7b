// The cluster view in small and large windows, light and dark: the texts keep at least half
// of a 1024 × 700 window, nothing sticks out of its panel from 900 px up, and screenshots of
// each case go to the test results (never into assets/).
import { expect, saveScreenshot, test } from './engineFixture.ts';
import { clusterList, scanUserFolder, textsLoaded } from './helpers.ts';
import { overflowingContent } from './layoutChecks.ts';

const PANELS = '.cluster-pane, .cluster-head, .comparison-toolbar, .file-card, .shortcut-bar, .app-header';

test('the cluster view at 1440 × 900 and 1024 × 700, light and dark, and down to 900 px wide', async ({ shingle }, testInfo) => {
  const { page } = shingle;
  await scanUserFolder(shingle);
  await clusterList(page).getByRole('option').filter({ hasText: 'Near' }).click();
  await textsLoaded(page);
  await page.getByRole('button', { name: /Next difference/ }).click();

  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    // Cards start folded only in windows opened small: reopen the cluster at this size.
    await page.keyboard.press('k');
    await page.keyboard.press('j');
    await textsLoaded(page);
    const pane = page.getByRole('region', { name: 'Text of annual-report-edited.txt' });
    const paneHeight = (await pane.boundingBox())!.height;
    if (height === 700) expect(paneHeight, 'the texts keep at least half the window').toBeGreaterThanOrEqual(height / 2);
    expect(await overflowingContent(page, PANELS)).toEqual([]);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await saveScreenshot(page, testInfo, `cluster-view-${width}x${height}-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  // Narrower, down to 900 px: still nothing outside its panel, cards folded or not.
  for (const width of [960, 900]) {
    await page.setViewportSize({ width, height: 700 });
    expect(await overflowingContent(page, PANELS)).toEqual([]);
    await page.getByRole('checkbox', { name: 'File details' }).check();
    expect(await overflowingContent(page, PANELS)).toEqual([]);
    await page.getByRole('checkbox', { name: 'File details' }).uncheck();
  }
});
