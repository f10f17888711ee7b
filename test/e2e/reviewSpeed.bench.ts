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
import { clusterList } from './helpers.ts';
import { timedClick } from './timedClick.ts';

const PAIRS = 100;
const VERSIONS = 11;

useTemporaryTrash();

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Each step said on stdout as it starts, with the time and the load: a run that stops says where. */
const step = (name: string) => console.log(`${new Date().toISOString()} [load ${load()}] ${name}`);

/** Writes the byte-identical pairs the clean-up trashes: Pairs/N.txt and Pairs/copies/N.txt. */
async function writePairs(write: (path: string, text: string) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < PAIRS; i++) {
    const text = prose(7000 + i, 2, 4);
    await write(`Pairs/pair-${i}.txt`, text);
    await write(`Pairs/copies/pair-${i}.txt`, text);
  }
}

test('first paint, an 11-document cluster, stepping, trashing 100 files', async ({ shingle }) => {
  test.setTimeout(900_000);
  const { page, tree } = shingle;
  step('writing the 11 versions and 100 pairs');
  const original = prose(6000, 12, 6);
  for (let v = 1; v <= VERSIONS; v++) await tree.write(`Versions/proposal-v${String(v).padStart(2, '0')}.txt`, editEveryNthWord(original, 80 + v, `edit${v}`));
  await writePairs((path, text) => tree.write(path, text));

  step('scanning');
  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  await page.getByRole('button', { name: 'Start scan' }).click();
  const versions = clusterList(page).getByRole('option').filter({ hasText: 'proposal-v' });
  await expect(versions, 'scanning: the versions cluster listed').toHaveCount(1, { timeout: 300_000 });
  // All eleven in one cluster, or the timing below would wait for files it does not hold.
  await expect(versions, 'scanning: the versions form one cluster of 11').toContainText(`${VERSIONS} files`);

  // First paint: the app started again on its saved results, timed from navigation to the first row.
  const firstPaints: number[] = [];
  for (let run = 0; run < 3; run++) {
    step(`first paint ${run + 1}: restarting`);
    await shingle.restart();
    await expect(clusterList(page).getByRole('option').first(), `first paint ${run + 1}: the first row`).toBeVisible({ timeout: 120_000 });
    firstPaints.push(await page.evaluate(() => performance.now()));
  }

  // Opening the 11-document cluster: from the click to its table of 11 files, from another
  // cluster (the click on a cluster already open changes nothing to wait for).
  const openTable: number[] = [];
  const openPair: number[] = [];
  const pair = clusterList(page).getByRole('option').filter({ hasText: 'pair-' }).first();
  for (let run = 0; run < 3; run++) {
    step(`opening the 11 versions ${run + 1}: from another cluster`);
    await pair.click();
    await expect(pair, `opening the 11 versions ${run + 1}: another cluster selected first`).toHaveAttribute('aria-selected', 'true', { timeout: 60_000 });
    step(`opening the 11 versions ${run + 1}: the member table`);
    openTable.push(await timedClick(versions, { selector: '.cluster-view [data-file-index]', atLeast: VERSIONS, step: `opening the 11 versions ${run + 1}: the member table` }));
    // Then its default pair side by side, texts and differences shown.
    step(`opening the 11 versions ${run + 1}: side by side`);
    const sideBySide = page.getByRole('button', { name: /^Side by side/ });
    openPair.push(await timedClick(sideBySide, { selector: '.document-text .document-body', atLeast: 2, differences: true, step: `opening the 11 versions ${run + 1}: side by side` }));
  }

  // Stepping: `j` until the next cluster's title is shown, ten times.
  step('stepping: from the first cluster');
  await clusterList(page).getByRole('option').first().click();
  const steps: number[] = [];
  for (let i = 0; i < 10; i++) {
    steps.push(
      await page.evaluate(
        (name) =>
          new Promise<number>((resolve, reject) => {
            const title = () => `${document.getElementById('cluster-title')?.textContent}|${document.querySelector('[role=option][aria-selected=true]')?.textContent}`;
            const before = title();
            const started = performance.now();
            const observer = new MutationObserver(() => {
              if (title() === before) return;
              observer.disconnect();
              clearTimeout(timer);
              requestAnimationFrame(() => resolve(performance.now() - started));
            });
            const timer = setTimeout(() => {
              observer.disconnect();
              reject(new Error(`${name}: the title still "${title()}" after 60 s`));
            }, 60_000);
            observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
            document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', bubbles: true }));
          }),
        `stepping ${i + 1}`,
      ),
    );
  }

  // Trashing 100 files from the app: the pairs' copies (shortest path kept), from the click that
  // runs the plan to the result said and the list without them.
  step('trashing from the app: the list narrowed to the pairs');
  await page.getByRole('searchbox').first().fill('Pairs/copies/');
  // The list renders only the rows in view: its summary says how many it holds.
  await expect(page.locator('.list-summary'), 'trashing: the pairs listed').toContainText(`${PAIRS} clusters`, { timeout: 60_000 });
  step('trashing from the app: the preview');
  const dialog = await openCleanup(page);
  await dialog.getByLabel(/My keep\/delete marks/).uncheck();
  await dialog.getByLabel('Which copy stays').selectOption('shortest-path');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const run = dialog.getByRole('button', { name: `Move ${PAIRS} files to the trash` });
  await expect(run, 'trashing: the run button for 100 files').toBeVisible({ timeout: 120_000 });
  step('trashing from the app: the run');
  const appStarted = performance.now();
  await run.click();
  await expect(dialog.getByRole('status').first(), 'trashing: the result said').toContainText(`Moved to the trash: ${PAIRS} files`, { timeout: 300_000 });
  const appTrashMs = performance.now() - appStarted;

  // The CLI on the same pairs, in another folder: `shingle apply` from its report, wall time.
  step('trashing with the CLI: writing and scanning the pairs');
  const other = await createTempTree();
  let cliTrashMs: number;
  try {
    await writePairs((path, text) => other.write(path, text));
    const scan = await runCli(['scan', other.root, '--json', '--no-near', '--no-index']);
    await other.write('report.json', scan.stdout);
    step('trashing with the CLI: shingle apply');
    const cliStarted = performance.now();
    const applied = await runCli(['apply', other.path('report.json'), '--keep', 'shortest-path', '--action', 'trash', '--yes']);
    cliTrashMs = performance.now() - cliStarted;
    expect(applied.code).toBe(0);
  } finally {
    await other.remove();
  }
  step('done');

  console.log(
    JSON.stringify(
      {
        firstPaintMs: firstPaints.map(Math.round),
        openElevenTableMs: openTable.map(Math.round),
        openElevenPairMs: openPair.map(Math.round),
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
