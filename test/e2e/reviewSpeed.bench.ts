// Issue "After a decision", measured where the person waits: the first paint of the results when
// the app starts, opening an 11-document cluster (its member table, then its default pair side by
// side with their differences), stepping to the next cluster, and trashing 100 files from the
// app beside `shingle apply` trashing the same number in the same run. Each time is taken inside
// the page from the action to what the person sees, and printed with the load average; nothing
// about time is asserted. Run: npm run bench:review.
import { readdirSync, readFileSync } from 'node:fs';
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

/** Each step said on stdout as it starts, with the time and the load: a run that stops says where. */
const step = (name: string) => console.log(`${new Date().toISOString()} [load ${load()}] ${name}`);

/**
 * CPU seconds (user + system, all threads) the engine host process has used so far: the child of
 * this test process running engineHost.mjs, read from /proc (Linux; 0 elsewhere).
 */
function engineCpuSeconds(): number {
  let seconds = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After the command's name: state, ppid, …, utime (12th), stime (13th), in clock ticks of 1/100 s.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== process.pid || !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('engineHost')) continue;
      seconds += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // The process ended meanwhile.
    }
  }
  return seconds;
}

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
  await reviewAfterScan(page, 300_000);
  const versions = clusterList(page).getByRole('option').filter({ hasText: 'proposal-v' });
  await expect(versions, 'scanning: the versions cluster listed').toHaveCount(1, { timeout: 300_000 });
  // All eleven in one cluster, or the timing below would wait for files it does not hold.
  await expect(versions, 'scanning: the versions form one cluster of 11').toContainText(`${VERSIONS} files`);

  // First paint: the app started again on its saved results, timed from navigation to the first
  // row; with when the page's script had run (DOMContentLoaded), each call to the engine answered
  // by then (asked-answered, ms from navigation), and the CPU the engine host had used by then.
  await page.addInitScript(() => {
    type Call = { name: string; asked: number; answered?: number };
    type Timed = { __shingleTest?: { invoke(name: string, payload: unknown): Promise<unknown> }; __calls?: Call[] };
    const bridge = (window as Timed).__shingleTest;
    if (!bridge) return;
    const invoke = bridge.invoke;
    const calls: Call[] = ((window as Timed).__calls = []);
    bridge.invoke = (name, payload) => {
      const call: Call = { name, asked: Math.round(performance.now()) };
      calls.push(call);
      return invoke(name, payload).finally(() => (call.answered = Math.round(performance.now())));
    };
    // The first row, taken in the page at the frame after it is added (Playwright's polling would add its own delay).
    const rowShown = new MutationObserver(() => {
      if (!document.querySelector('[role=listbox] [role=option]')) return;
      rowShown.disconnect();
      requestAnimationFrame(() => ((window as { __firstRow?: number }).__firstRow = Math.round(performance.now())));
    });
    rowShown.observe(document, { childList: true, subtree: true });
  });
  const firstPaints: { paint: number; scriptRan: number; answered: string[]; engineCpuS: number }[] = [];
  for (let run = 0; run < 3; run++) {
    step(`first paint ${run + 1}: restarting`);
    await shingle.restart();
    await expect(clusterList(page).getByRole('option').first(), `first paint ${run + 1}: the first row`).toBeVisible({ timeout: 120_000 });
    const timings = await page.evaluate(() => {
      const calls = (window as unknown as { __calls?: { name: string; asked: number; answered?: number }[] }).__calls ?? [];
      const [navigation] = performance.getEntriesByType('navigation' as never) as unknown as { domContentLoadedEventEnd: number }[];
      const paint = (window as unknown as { __firstRow?: number }).__firstRow ?? -1;
      // The engine's answers the page had waited for until its first row.
      const answered = calls.filter((call) => call.answered !== undefined && call.answered <= paint).map(({ name, asked, answered }) => `${name} ${asked}-${answered}`);
      return { paint, scriptRan: Math.round(navigation?.domContentLoadedEventEnd ?? -1), answered };
    });
    firstPaints.push({ ...timings, engineCpuS: engineCpuSeconds() });
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
  const engineCpuBefore = engineCpuSeconds();
  const appStarted = performance.now();
  // When the engine says the batch ended (its last progress), beside when the page says so.
  const eventsBefore = shingle.events.length;
  let engineDoneMs: number | undefined;
  const watchEngine = setInterval(() => {
    if (engineDoneMs !== undefined) return;
    const ended = shingle.events.slice(eventsBefore).some(({ event, payload }) => event === 'actionProgress' && (payload as { done: number; total: number }).done === (payload as { total: number }).total && (payload as { total: number }).total > 0);
    if (ended) engineDoneMs = performance.now() - appStarted;
  }, 10);
  await run.click();
  await expect(dialog.getByRole('status').first(), 'trashing: the result said').toContainText(`Moved to the trash: ${PAIRS} files`, { timeout: 300_000 });
  const appTrashMs = performance.now() - appStarted;
  clearInterval(watchEngine);
  const trashEngineCpuS = engineCpuSeconds() - engineCpuBefore;
  const trashEvents = shingle.events.slice(eventsBefore).reduce<Record<string, number>>((counts, { event }) => ({ ...counts, [event]: (counts[event] ?? 0) + 1 }), {});

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
        firstPaintMs: firstPaints.map((run) => run.paint),
        firstPaintMedianMs: median(firstPaints.map((run) => run.paint)),
        firstPaintRuns: firstPaints,
        openElevenTableMs: openTable.map(Math.round),
        openElevenPairMs: openPair.map(Math.round),
        openElevenMedianMs: Math.round(median(openTable.map((table, i) => table + openPair[i]!))),
        stepMedianMs: Math.round(median(steps)),
        stepMaxMs: Math.round(Math.max(...steps)),
        trash100AppMs: Math.round(appTrashMs),
        trash100EngineCpuS: Number(trashEngineCpuS.toFixed(2)),
        trash100EngineEndedMs: engineDoneMs === undefined ? null : Math.round(engineDoneMs),
        trash100Events: trashEvents,
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
