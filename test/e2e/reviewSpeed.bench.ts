// Issue "After a decision", measured where the person waits: the first paint of the results when
// the app starts, opening an 11-document cluster (its member table, then its default pair side by
// side with their differences), stepping to the next cluster, and trashing 100 files from the
// app beside `shingle apply` trashing the same number in the same run. Each time is taken inside
// the page from the action to what the person sees, and printed with the load average; nothing
// about time is asserted. Run: npm run bench:review.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { editEveryNthWord, prose } from '../helpers/documents.ts';
import { runCli } from '../helpers/runCli.ts';
import { createTempTree } from '../helpers/tempTree.ts';
import { openCleanup, useTemporaryTrash } from './cleanupSteps.ts';
import { expect, test } from './engineFixture.ts';
import { clusterList, reviewAfterScan } from './helpers.ts';
import { timedClick } from './timedClick.ts';

const PAIRS = 100;
const VERSIONS = 11;

useTemporaryTrash();

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Writes the byte-identical pairs the clean-up trashes: Pairs/N.txt and Pairs/copies/N.txt. */
async function writePairs(write: (path: string, text: string) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < PAIRS; i++) {
    const text = prose(7000 + i, 2, 4);
    await write(`Pairs/pair-${i}.txt`, text);
    await write(`Pairs/copies/pair-${i}.txt`, text);
  }
}

test('first paint, an 11-document cluster, stepping, trashing 100 files', async ({ shingle }) => {
  test.setTimeout(600_000);
  const { page, tree } = shingle;
  const original = prose(6000, 12, 6);
  for (let v = 1; v <= VERSIONS; v++) await tree.write(`Versions/proposal-v${String(v).padStart(2, '0')}.txt`, editEveryNthWord(original, 80 + v, `edit${v}`));
  await writePairs((path, text) => tree.write(path, text));

  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page, 300_000);
  const versions = clusterList(page).getByRole('option').filter({ hasText: 'proposal-v' });
  await expect(versions).toHaveCount(1, { timeout: 300_000 });
  // All eleven in one cluster, or the timing below would wait for files it does not hold.
  await expect(versions).toContainText(`${VERSIONS} files`);

  // First paint: the app started again on its saved results, timed from navigation to the first row.
  const firstPaints: number[] = [];
  for (let run = 0; run < 3; run++) {
    await shingle.restart();
    await expect(clusterList(page).getByRole('option').first()).toBeVisible({ timeout: 60_000 });
    firstPaints.push(await page.evaluate(() => performance.now()));
  }

  // Opening the 11-document cluster: from the click to its table of 11 files.
  const openTableMs = await timedClick(versions, { selector: '.cluster-view [data-file-index]', atLeast: VERSIONS });
  // Then its default pair side by side, texts and differences shown.
  const openPairMs = await timedClick(page.getByRole('button', { name: /^Side by side/ }), { selector: '.document-text .document-body', atLeast: 2, differences: true });

  // Stepping: `j` until the next cluster's title is shown, ten times.
  await clusterList(page).getByRole('option').first().click();
  const steps: number[] = [];
  for (let i = 0; i < 10; i++) {
    steps.push(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const title = () => `${document.getElementById('cluster-title')?.textContent}|${document.querySelector('[role=option][aria-selected=true]')?.textContent}`;
            const before = title();
            const started = performance.now();
            new MutationObserver((_, observer) => {
              if (title() === before) return;
              observer.disconnect();
              requestAnimationFrame(() => resolve(performance.now() - started));
            }).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
            document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', bubbles: true }));
          }),
      ),
    );
  }

  // Trashing 100 files from the app: the pairs' copies (shortest path kept), from the click that
  // runs the plan to the result said and the list without them.
  await page.getByRole('searchbox').first().fill('Pairs/copies/');
  await expect(clusterList(page).getByRole('option')).toHaveCount(PAIRS, { timeout: 60_000 }).catch(() => undefined);
  const dialog = await openCleanup(page);
  await dialog.getByLabel(/My keep\/delete marks/).uncheck();
  await dialog.getByLabel('Which copy stays').selectOption('shortest-path');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const run = dialog.getByRole('button', { name: `Move ${PAIRS} files to the trash` });
  await expect(run).toBeVisible({ timeout: 120_000 });
  const appStarted = performance.now();
  await run.click();
  await expect(dialog.getByRole('status').first()).toContainText(`Moved to the trash: ${PAIRS} files`, { timeout: 300_000 });
  const appTrashMs = performance.now() - appStarted;

  // The CLI on the same pairs, in another folder: `shingle apply` from its report, wall time.
  const other = await createTempTree();
  let cliTrashMs: number;
  try {
    await writePairs((path, text) => other.write(path, text));
    const scan = await runCli(['scan', other.root, '--json', '--no-near', '--no-index']);
    await other.write('report.json', scan.stdout);
    const cliStarted = performance.now();
    const applied = await runCli(['apply', other.path('report.json'), '--keep', 'shortest-path', '--action', 'trash', '--yes']);
    cliTrashMs = performance.now() - cliStarted;
    expect(applied.code).toBe(0);
  } finally {
    await other.remove();
  }

  console.log(
    JSON.stringify(
      {
        firstPaintMs: firstPaints.map(Math.round),
        openElevenTableMs: Math.round(openTableMs),
        openElevenPairMs: Math.round(openPairMs),
        stepMedianMs: Math.round(median(steps)),
        stepMaxMs: Math.round(Math.max(...steps)),
        trash100AppMs: Math.round(appTrashMs),
        trash100CliMs: Math.round(cliTrashMs),
        appToCli: Number((appTrashMs / cliTrashMs).toFixed(2)),
        loadAverage: load(),
      },
      null,
      2,
    ),
  );
  expect(steps).toHaveLength(10);
});
