// A file written just before a scan could be written again within the same tick of its mtime, with
// the same size, and look unchanged (contentCache.ts, RACY_WINDOW_MS): the index keeps nothing the
// scan read of it, and no analysis for a walk holding it, so the next scan reads it again and
// reports its content as it is then. Files written earlier are taken from the index as ever.
import { stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ScanReport } from '../../../../shared/report.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import { openFileIndex } from '../../../../electron/node/index/fileIndex.ts';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import { editEveryNthWord, prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

let tree: TempTree;
beforeEach(async () => {
  // Written a minute back (tempTree.ts): settled.
  tree = await createTempTree({ 'docs/a.txt': prose(51), 'docs/b.txt': prose(51) });
});
afterEach(() => tree.remove());

async function scan(memoKeys: string[] = []): Promise<ScanReport> {
  const index = openFileIndex(join(tree.root, 'index', 'index.sqlite'));
  const saveMemo = index.saveMemo.bind(index);
  index.saveMemo = (key, value) => {
    memoKeys.push(key);
    saveMemo(key, value);
  };
  try {
    return await runScan({ ...defaultScanOptions, roots: [tree.path('docs')] }, { cache: index });
  } finally {
    index.close();
  }
}

const clusterPaths = (report: ScanReport) => report.clusters.map((c) => c.files.map((f) => f.path).sort());

it('reads a file written just before the scan again at the next one, and only that file', async () => {
  const fresh = [tree.path('docs/c.txt'), tree.path('docs/d.txt')];
  for (const path of fresh) await writeFile(path, prose(52));
  const first = await scan();
  expect(clusterPaths(first)).toEqual([[tree.path('docs/a.txt'), tree.path('docs/b.txt')], fresh]);
  const readOfEach = first.stats.filesRead! / 4;

  // Had the index kept c.txt, a same-size rewrite within its mtime's tick would have gone unseen.
  const again = await scan();
  expect(again.stats.filesRead).toBe(2 * readOfEach);
  expect(clusterPaths(again)).toEqual(clusterPaths(first));

  // Once settled, they are kept like any other file: the scan after next reads nothing.
  const past = new Date(Date.now() - 60_000);
  for (const path of fresh) await utimes(path, past, past);
  expect((await scan()).stats.filesRead).toBe(2 * readOfEach);
  expect((await scan()).stats.filesRead).toBe(0);
});

it('keeps no description or check of a near cluster with a file written just before the scan', async () => {
  const [text, other] = [prose(53), prose(54)];
  await tree.write('docs/settled/e.txt', text);
  await tree.write('docs/settled/f.txt', editEveryNthWord(text, 40));
  const fresh = tree.path('docs/fresh/h.txt');
  await tree.write('docs/fresh/g.txt', other);
  await writeFile(fresh, editEveryNthWord(other, 40));
  const memoKeys: string[] = [];
  const report = await scan(memoKeys);
  const near = report.clusters.filter((c) => c.kind === 'near').map((c) => c.files.map((f) => f.path).sort());
  expect(near).toContainEqual(expect.arrayContaining([fresh]));
  const { dev, ino, size, mtimeMs, ctimeMs } = await stat(fresh);
  const freshIdentity = `${dev}:${ino}:${size}:${mtimeMs}:${ctimeMs}`;
  // Memos are kept for the settled files' clusters, none for one that holds the fresh file.
  expect(memoKeys.some((key) => key.startsWith('describe|'))).toBe(true);
  expect(memoKeys.filter((key) => key.includes(freshIdentity))).toEqual([]);
});
