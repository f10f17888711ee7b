// Form letters from one template, just under the threshold: every letter is a candidate of every
// other, and none may be claimed but a letter and its reminder. Their sets are short enough to
// travel in their fingerprints, so each pair is settled exactly in memory: nothing is read again,
// and the index keeps no check per pair (it grew by hundreds of KB per letter).
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openFileIndex } from '../../../../electron/node/index/fileIndex.ts';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import { jaccard } from '../../../../shared/fingerprint/jaccard.ts';
import { chunkSet } from '../../../../shared/fingerprint/shingles.ts';
import type { ScanReport } from '../../../../shared/report.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const LETTERS = 60;
const name = (n: number) => ['ka', 'lo', 'mi', 'ne', 'ru', 'sa'].map((s, i) => (i < 3 ? s : '') + ['be', 'da', 'fo', 'gu'][(n >> (2 * i)) & 3]).join('');
function letter(n: number, date: string): string {
  return (
    `${date}\n\nDear ${name(n)} ${name(n * 7 + 3)},\n\nThank you for your order. Invoice ${100000 + n} for account ${300000 + 7919 * n} comes to ${1000 + 37 * n}.${10 + n} euros in all. ` +
    `Please transfer the amount to the account below and quote reference ${500000 + 104729 * n} with your payment. ` +
    `If you have any questions about this invoice, our billing team will be glad to help you.\n\nKind regards,\nthe billing team\n`
  );
}

let tree: TempTree;
let report: ScanReport;
const texts: Record<string, string> = {};
beforeAll(async () => {
  for (let n = 0; n < LETTERS; n++) texts[`letters/letter-${n}.txt`] = letter(n, `${(n % 28) + 1} march 2025`);
  // Sent again under a new date: the only pairs above the threshold.
  for (const n of [7, 31]) texts[`letters/letter-${n}-reminder.txt`] = letter(n, '2 june 2026');
  tree = await createTempTree(texts);
  const index = openFileIndex(join(tree.root, 'index', 'index.sqlite'));
  try {
    report = await runScan({ ...defaultScanOptions, roots: [tree.path('letters')] }, { cache: index });
  } finally {
    index.close();
  }
}, 60_000);
afterAll(() => tree.remove());

const resemblance = (a: string, b: string) => jaccard(chunkSet(texts[a]!, 'words'), chunkSet(texts[b]!, 'words'));

it('lies just under the threshold for every two letters, by construction', () => {
  const values = [resemblance('letters/letter-1.txt', 'letters/letter-2.txt'), resemblance('letters/letter-10.txt', 'letters/letter-50.txt')];
  for (const value of values) {
    expect(value).toBeGreaterThan(0.35);
    expect(value).toBeLessThan(0.5);
  }
});

it('shows each letter with its reminder only, at their exact resemblance', () => {
  const near = report.clusters.filter((c) => c.kind === 'near');
  const relative = (path: string) => path.slice(tree.root.length + 1);
  expect(near.map((c) => c.files.map((f) => relative(f.path)).sort()).sort((x, y) => x[0]!.localeCompare(y[0]!))).toEqual([
    ['letters/letter-31-reminder.txt', 'letters/letter-31.txt'],
    ['letters/letter-7-reminder.txt', 'letters/letter-7.txt'],
  ]);
  for (const cluster of near) {
    const [a, b] = cluster.files.map((f) => relative(f.path)) as [string, string];
    // Shown floored to three places, as every figure is.
    expect(cluster.files[1]!.similarity).toBe(Math.floor(resemblance(a, b) * 1000) / 1000);
  }
});

it('keeps no exact check of a pair in the index', () => {
  const db = new DatabaseSync(join(tree.root, 'index', 'index.sqlite'), { readOnly: true });
  try {
    const { checks } = db.prepare(`SELECT count(*) AS checks FROM memos WHERE key LIKE 'jaccard|%'`).get() as { checks: number };
    expect(checks).toBe(0);
  } finally {
    db.close();
  }
});
