// The exact checks of near and contained claims, and the descriptions of near clusters, are
// memoised in the index. A memo holds a value the code of its day computed: one stored by code that
// made other tokens or shingles, or checked otherwise (another fingerprint format or analysis
// version), must not be taken for this code's.
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openFileIndex } from '../../../../electron/node/index/fileIndex.ts';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import type { ScanReport } from '../../../../shared/report.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { randomWords, seededRandom, vocabulary } from '../../../shared/textFixtures.ts';

const random = seededRandom(2024);
const vocab = vocabulary(random);
const words = (count: number) => randomWords(random, vocab, count);
const text = (list: readonly string[]) => list.join(' ');
/** Every n-th word replaced by one found nowhere else. */
const edited = (list: readonly string[], n: number) => list.map((w, i) => (i % n === 0 ? `zq${n}x${i}` : w));

let tree: TempTree;
beforeEach(async () => {
  // Versions of one text resembling it from about 0.1 to 0.7 (some near the threshold, so checked
  // on the exact sets), and an excerpt of another (containment is always checked).
  const family = words(800);
  const source = words(1500);
  tree = await createTempTree({
    'docs/original.txt': text(family),
    ...Object.fromEntries([3, 4, 5, 6, 8, 10, 14, 20].map((n) => [`docs/every-${n}.txt`, text(edited(family, n))])),
    'docs/book.txt': text(source),
    'docs/excerpt.txt': text(source.slice(900, 1300)),
  });
});
afterEach(() => tree.remove());

const indexPath = () => join(tree.root, 'index', 'index.sqlite');

async function scanWithIndex(): Promise<ScanReport> {
  const index = openFileIndex(indexPath());
  try {
    return await runScan({ ...defaultScanOptions, roots: [tree.path('docs')] }, { cache: index });
  } finally {
    index.close();
  }
}

/** The key a release without versions in its near memo keys stored for the same files and settings. */
function unversioned(key: string): string {
  const [kind, ...rest] = key.split('|');
  const fields = /^f\d+a\d+$/.test(rest[0]!) ? rest.slice(1) : rest;
  return [kind === 'describe' ? 'describe-prose' : kind, ...fields].join('|');
}

/** Values no claim survives, and a description no cluster has. */
const STALE: Record<string, string> = { jaccard: '0', 'contained+jaccard': '0|0', describe: 'stale description', 'describe-prose': 'stale description' };

it('does not take the memo of an exact check or description stored by another fingerprint format or analysis version', async () => {
  const first = await scanWithIndex();
  expect(first.clusters.map((c) => c.kind)).toEqual(expect.arrayContaining(['near', 'contained']));
  const db = new DatabaseSync(indexPath());
  try {
    const keys = (db.prepare('SELECT key FROM memos').all() as { key: string }[]).map((row) => row.key);
    const near = keys.filter((key) => key.split('|')[0]! in STALE);
    expect(new Set(near.map((key) => STALE[key.split('|')[0]!]))).toEqual(new Set(['0', '0|0', 'stale description']));
    const put = db.prepare('INSERT OR REPLACE INTO memos (key, value, used_ms) VALUES (?, ?, ?)');
    for (const key of near) put.run(unversioned(key), STALE[key.split('|')[0]!]!, Date.now());
    // The analysis kept for the unchanged tree would spare the rescan every check.
    db.prepare("DELETE FROM memos WHERE key LIKE 'analysis:%'").run();
  } finally {
    db.close();
  }
  const again = await scanWithIndex();
  expect(again.clusters).toEqual(first.clusters);
});
