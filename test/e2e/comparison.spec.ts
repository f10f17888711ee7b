// The comparison of a five-file near cluster, which opens on its member table: four files
// ticked there are set side by side; the view opens on the member that differs most, labels
// members with the same text, walks the differences of every column, keeps the same passage in
// view in every column while scrolling, and lets keys mark only a file the person can see.
import type { Page } from '@playwright/test';
import { diffDocuments } from '../../renderer/diff/wordDiff.ts';
import { wordsKey } from '../../renderer/review/comparisonPlan.ts';
import { expect, saveScreenshot, test } from './engineFixture.ts';
import type { ShingleApp } from './engineFixture.ts';
import { clusterList, reviewAfterScan, textsLoaded } from './helpers.ts';
import { CONTRACT, contractNames, laterSentences, writeContracts } from './comparisonCorpus.ts';

function contractRow(page: Page) {
  return clusterList(page).getByRole('option').filter({ hasText: 'Near' }).filter({ hasText: CONTRACT });
}

async function scanWithContracts(shingle: ShingleApp) {
  await writeContracts(shingle.tree);
  const { page } = shingle;
  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page);
  await expect(contractRow(page)).toHaveCount(1);
  const { clusters } = await shingle.service.listClusters({ offset: 0, limit: 10, sort: 'reclaimable', search: CONTRACT, kinds: ['near'] });
  expect(clusters).toHaveLength(1);
  const cluster = clusters[0]!;
  expect(cluster.files).toHaveLength(5);
  const texts = await Promise.all(cluster.files.map((_, fileIndex) => shingle.service.getDocumentText({ clusterId: cluster.id, fileIndex }).then((t) => t.text)));
  return { cluster, texts, names: cluster.files.map((f) => f.path.split('/').at(-1)!) };
}

/** Ticks the files in the member table and sets them side by side. */
async function compare(page: Page, names: readonly string[]) {
  const table = page.getByRole('table', { name: 'Files of this cluster' });
  const ticked = table.getByRole('checkbox', { checked: true });
  for (let count = await ticked.count(); count > 0; count--) await ticked.first().uncheck();
  await expect(ticked).toHaveCount(0);
  for (const name of names) await table.getByRole('checkbox', { name: `Compare ${name}`, exact: true }).check();
  await page.getByRole('button', { name: 'Compare the ticked files' }).click();
  await expect(page.getByRole('article')).toHaveCount(names.length);
}

/** Where `sentence` is in the pane, as a share of the pane's height (0 top, 1 bottom); null when not found. */
function sentencePosition(page: Page, region: string, sentence: string): Promise<number | null> {
  return page.getByRole('region', { name: region, exact: true }).evaluate((pane, wanted) => {
    const body = pane.querySelector('.document-body')!;
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    let text = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push(node as Text);
      text += (node as Text).data;
    }
    const at = text.indexOf(wanted);
    if (at < 0) return null;
    let rest = at;
    const node = nodes.find((n) => (rest < n.length ? true : ((rest -= n.length), false)))!;
    const range = document.createRange();
    range.setStart(node, rest);
    range.setEnd(node, Math.min(node.length, rest + 1));
    const top = range.getBoundingClientRect().top;
    const paneRect = pane.getBoundingClientRect();
    return (top - paneRect.top) / paneRect.height;
  }, sentence);
}

/** Up to 60 characters of the text at the vertical middle of the pane. */
function textAtMiddle(page: Page, region: string): Promise<string> {
  return page.getByRole('region', { name: region, exact: true }).evaluate((pane) => {
    const rect = pane.getBoundingClientRect();
    const body = pane.querySelector('.document-body')!;
    const caret = document.caretRangeFromPoint(body.getBoundingClientRect().left + 20, rect.top + rect.height / 2)!;
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    let text = '';
    let at = -1;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node === caret.startContainer) at = text.length + caret.startOffset;
      text += (node as Text).data;
    }
    return text.slice(at, at + 60);
  });
}

/** Scrolls the pane (as the person would, firing scroll events) so that the sentence is near its top. */
async function scrollSentenceToTop(page: Page, region: string, sentence: string) {
  const position = await sentencePosition(page, region, sentence);
  expect(position).not.toBeNull();
  const pane = page.getByRole('region', { name: region, exact: true });
  await pane.evaluate((element, share) => {
    element.scrollTop += share * element.getBoundingClientRect().height - 40;
  }, position!);
}

test('four files of a five-file cluster side by side: the most different member, every column walked, scrolled passage by passage', async ({ shingle }, testInfo) => {
  // Some eighty steps (every difference walked, the twin compared apart): more than the default time on a busy machine.
  test.slow();
  const { page } = shingle;
  const { texts, names } = await scanWithContracts(shingle);

  // What the view should find, worked out here from the engine's texts.
  const changes = texts.map((text, i) => (i === 0 ? 0 : diffDocuments(texts[0]!, text)!.changes));
  // The original and its HTML rendering have the same words; one of them is the base.
  const twins = names.filter((_, i) => i > 0 && wordsKey(texts[i]!) === wordsKey(texts[0]!));
  expect(twins).toHaveLength(1);
  const twin = twins[0]!;
  expect([names[0], twin].sort()).toEqual([contractNames.html, contractNames.original]);
  const most = changes.indexOf(Math.max(...changes));
  // Side by side: the base, the most different member, the copy edited at its end and the one
  // with a section inserted (and the revised one, if one of those is the most different).
  const shown = [...new Set([names[0]!, names[most]!, contractNames.tailEdits, contractNames.inserted, contractNames.revised])].slice(0, 4);

  // Five files open on the member table.
  await contractRow(page).click();
  await expect(page.getByRole('table', { name: 'Files of this cluster' }).locator('[role="row"][data-file-index]')).toHaveCount(5);
  await expect(page.getByRole('article')).toHaveCount(0);
  await compare(page, shown);
  await textsLoaded(page);
  await expect(page.locator('.difference-status')).toHaveText(`${changes[most]} differences`);
  // The word diffs were made off the page's thread, by the diff worker.
  expect(page.workers().some((worker) => /diffWorker/.test(worker.url()))).toBe(true);

  // The header names the most different member, and its column is the one compared.
  await expect(page.locator('.comparing')).toContainText(`${names[0]} compared with ${names[most]}, the most different`);
  await expect(page.getByRole('article', { name: names[most], exact: true })).toHaveClass(/compared/);
  // Every other member shows its own differences.
  for (const [i, name] of names.entries()) {
    if (i === 0 || !shown.includes(name)) continue;
    await expect(page.getByRole('region', { name: `Text of ${name}`, exact: true }).locator('mark.diff-added, .diff-gap').first()).toBeAttached();
  }
  await saveScreenshot(page, testInfo, 'four-columns');

  // Next difference walks every differing column, each difference once, then wraps around.
  const total = changes.reduce((a, b) => a + b, 0);
  const visited = new Set<string>();
  for (let step = 0; step < total; step++) {
    await page.keyboard.press('n');
    const focused = page.locator('article[aria-current="true"]');
    await expect(focused.locator('mark.current, .diff-gap.current')).toHaveCount(1);
    visited.add((await focused.getAttribute('aria-label'))!);
  }
  expect([...visited].sort()).toEqual(names.filter((name, i) => shown.includes(name) && changes[i]! > 0).sort());
  await page.keyboard.press('n');
  await expect(page.locator('.difference-status')).toHaveText(new RegExp(`^Difference 1 of ${changes[most]}$`));

  // A difference far down one column: the columns not part of it show the same passage too.
  const tail = names.indexOf(contractNames.tailEdits);
  await page.getByRole('article', { name: contractNames.tailEdits, exact: true }).click();
  for (let i = 0; i < changes[tail]! - 1; i++) await page.keyboard.press('n');
  await expect(page.locator('.difference-status')).toHaveText(`Difference ${changes[tail]! - 1} of ${changes[tail]}`);
  await expect(page.getByRole('region', { name: `Text of ${contractNames.tailEdits}`, exact: true }).locator('.current')).toBeInViewport();
  // Enough of the base's text at its middle to be found once only.
  const middle = await textAtMiddle(page, `Text of ${names[0]}`);
  const once = (text: string, part: string) => text.indexOf(part) >= 0 && text.indexOf(part) === text.lastIndexOf(part);
  const passage = [30, 40, 50, 60].map((n) => middle.slice(0, n)).find((part) => once(texts[0]!, part))!;
  expect(passage).toBeTruthy();
  // Every file with those words (edited copies may have one of them changed) shows them.
  const holders = names.filter((name, i) => shown.includes(name) && once(texts[i]!, passage));
  // The base and at least one other shown file (the edited ones may have a word of it changed).
  expect(holders.length).toBeGreaterThanOrEqual(2);
  for (const name of holders) {
    const position = await sentencePosition(page, `Text of ${name}`, passage);
    expect(position, `${name} shows the passage`).not.toBeNull();
    expect(position!, name).toBeGreaterThan(0);
    expect(position!, name).toBeLessThan(1);
  }

  // Scrolling together keeps the same passage in view in every column, the copy with an
  // inserted section included, whichever column is scrolled.
  const sentence = laterSentences().find((s) => texts.every((text) => text.indexOf(s) >= 0 && text.indexOf(s) === text.lastIndexOf(s)))!;
  expect(sentence).toBeTruthy();
  for (const driver of [names[0]!, contractNames.inserted]) {
    await scrollSentenceToTop(page, `Text of ${driver}`, sentence);
    for (const name of shown) {
      await expect.poll(() => sentencePosition(page, `Text of ${name}`, sentence), { message: `${name} follows ${driver}` }).toBeGreaterThanOrEqual(0);
      expect(await sentencePosition(page, `Text of ${name}`, sentence)).toBeLessThan(0.5);
    }
    await page.getByRole('region', { name: `Text of ${driver}`, exact: true }).evaluate((pane) => (pane.scrollTop = 0));
  }

  // The twin has the base's words: labelled, with nothing highlighted.
  await page.getByRole('button', { name: 'All 5 files' }).click();
  await compare(page, [names[0]!, twin, contractNames.inserted]);
  await textsLoaded(page);
  const html = page.getByRole('article', { name: twin, exact: true });
  await expect(html.locator('.file-compare')).toContainText(`Same text as ${names[0]}`);
  await expect(html.locator('mark')).toHaveCount(0);

  // Any member can be the base: the others are then compared with it.
  await page.getByRole('button', { name: `Compare the others with ${contractNames.inserted}` }).click();
  await expect(page.locator('.comparing')).toContainText(`${contractNames.inserted} compared with`);
  await expect(page.getByRole('article', { name: contractNames.inserted, exact: true }).locator('.file-compare')).toHaveText('Base of the comparison');
  await expect(html.locator('.file-compare')).toContainText(`Same text as ${names[0]}`);
});

test('keyboard focus brings its column into view, and keys mark only a file in view', async ({ shingle }, testInfo) => {
  const { page } = shingle;
  const { names } = await scanWithContracts(shingle);
  await page.setViewportSize({ width: 1024, height: 700 });
  await contractRow(page).click();
  await compare(page, [names[0]!, names[2]!, names[3]!, names[4]!]);
  await textsLoaded(page);

  // Four columns do not fit beside the list at 1024 px: moving right scrolls them into view.
  const last = page.getByRole('article', { name: names[4], exact: true });
  for (let i = 0; i < 3; i++) await page.keyboard.press('l');
  await expect(last).toHaveAttribute('aria-current', 'true');
  await expect(last).toBeInViewport({ ratio: 0.9 });
  await saveScreenshot(page, testInfo, 'focused-last-column');

  // Scrolled away from the focused column, a mark key brings it back instead of marking unseen.
  await page.locator('.document-columns').evaluate((columns) => (columns.scrollLeft = 0));
  await expect(last).not.toBeInViewport({ ratio: 0.6 });
  const keep = page.getByRole('group', { name: `Mark ${names[4]}` }).getByRole('button', { name: 'Keep' });
  await page.keyboard.press('s');
  await expect(last).toBeInViewport({ ratio: 0.9 });
  await expect(keep).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('s');
  await expect(keep).toHaveAttribute('aria-pressed', 'true');
});
