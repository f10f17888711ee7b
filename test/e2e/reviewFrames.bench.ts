// Figures for the review of a large five-file cluster: the time from a click on it to its member
// table, and from "Compare" to four of its texts shown with their differences, and the frame times while its columns scroll
// together. Printed with the load average beside them; nothing is asserted about time.
import { loadavg } from 'node:os';
import { editEveryNthWord, prose, renderHtml } from '../helpers/documents.ts';
import { expect, test } from './engineFixture.ts';
import { clusterList, reviewAfterScan } from './helpers.ts';
import { timedClick } from './timedClick.ts';

/** Paragraphs of the original: 120 paragraphs of six sentences is about 7,000 words (45 KB). */
const PARAGRAPHS = 120;

test('open and scroll a large five-file cluster', async ({ shingle }) => {
  const { page, tree } = shingle;
  test.setTimeout(300_000);
  const original = prose(91, PARAGRAPHS, 6);
  const paragraphs = original.split('\n\n');
  const third = Math.floor(PARAGRAPHS / 3);
  await tree.write('Big/big-report-original.txt', original);
  await tree.write('Big/big-report-inserted.txt', [...paragraphs.slice(0, third), prose(92, 20, 6), ...paragraphs.slice(third)].join('\n\n'));
  await tree.write('Big/big-report-revised.txt', editEveryNthWord(original, 30, 'revised'));
  await tree.write('Big/big-report-tail.txt', [...paragraphs.slice(0, 2 * third), editEveryNthWord(paragraphs.slice(2 * third).join('\n\n'), 12, 'changed')].join('\n\n'));
  await tree.write('Big/big-report-original.html', renderHtml(original));

  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page);
  const row = clusterList(page).getByRole('option').filter({ hasText: 'Near' }).filter({ hasText: 'big-report' });
  await expect(row).toHaveCount(1);
  await clusterList(page).getByRole('option').filter({ hasText: 'Exact' }).click();
  await expect(page.getByRole('heading', { name: /Byte-identical/ })).toBeVisible();

  // Timed inside the page: from the click to the member table of five files (the view a cluster of
  // more than four opens on), then from "Compare" to four of them side by side, differences shown.
  const openMs = await timedClick(row, { selector: '.cluster-view [data-file-index]', atLeast: 5, step: 'opening the five-file cluster' });
  const table = page.getByRole('table', { name: 'Files of this cluster' });
  for (const checked of await table.getByRole('checkbox', { checked: true }).all()) await checked.uncheck();
  for (const name of ['original.txt', 'inserted.txt', 'revised.txt', 'tail.txt']) await table.getByRole('checkbox', { name: `Compare big-report-${name}`, exact: true }).check();
  const compareMs = await timedClick(page.getByRole('button', { name: 'Compare the ticked files' }), { selector: '.document-text .document-body', atLeast: 4, differences: true, step: 'comparing four files' });
  const loadAfterOpen = loadavg();

  // Frame times while the wheel scrolls the first column, alone (Scroll together off: the
  // baseline measured in the same run) and with the others following.
  const pane = page.locator('.document-text').first();
  const together = page.getByRole('checkbox', { name: 'Scroll together' });
  async function scrollFrames(direction: 1 | -1) {
    await pane.hover();
    await page.evaluate(() => {
      const frames: number[] = [];
      const longTasks: number[] = [];
      let last = performance.now();
      let running = true;
      const tick = (now: number) => {
        frames.push(now - last);
        last = now;
        if (running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => longTasks.push(entry.duration)));
      observer.observe({ type: 'longtask' });
      Object.assign(window, {
        stopBench: () => {
          running = false;
          observer.disconnect();
          return { frames: frames.slice(1), longTasks };
        },
      });
    });
    for (let i = 0; i < 80; i++) await page.mouse.wheel(0, direction * 240);
    const { frames, longTasks } = await page.evaluate(() => (window as unknown as { stopBench(): { frames: number[]; longTasks: number[] } }).stopBench());
    const sorted = [...frames].sort((a, b) => a - b);
    const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1));
    return {
      frames: frames.length,
      medianMs: at(0.5),
      p95Ms: at(0.95),
      maxMs: at(1),
      over50ms: frames.filter((f) => f > 50).length,
      longTasks: longTasks.length,
      longestTaskMs: Math.round(Math.max(0, ...longTasks)),
      loadAverage: loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
    };
  }
  await together.uncheck();
  const alone = await scrollFrames(1);
  await scrollFrames(-1);
  await together.check();
  const synced = await scrollFrames(1);
  const figures = { openLargestClusterMs: Math.round(openMs), compareFourMs: Math.round(compareMs), loadAverageAtOpen: loadAfterOpen.map((l) => l.toFixed(2)).join(' '), alone, synced };
  console.log(JSON.stringify(figures, null, 2));
  expect(synced.frames).toBeGreaterThan(0);
});
