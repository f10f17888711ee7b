// Issue 11 item 5: content rewritten with its old size and mtime put back, then renamed, must not
// inherit the index entry of its old path (which would pair it with its old near-duplicate).
import { rename, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ScanReport } from '../../../../shared/report.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import { openFileIndex } from '../../../../electron/node/index/fileIndex.ts';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import { editEveryNthWord, prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

// Whole seconds, so that utimes can put back exactly the mtime the index holds.
const MTIME = new Date('2024-03-01T12:00:00Z');

let tree: TempTree;
beforeEach(async () => {
  tree = await createTempTree();
});
afterEach(() => tree.remove());

async function scanWithIndex(): Promise<ScanReport> {
  const index = openFileIndex(join(tree.root, 'index', 'index.sqlite'));
  try {
    return await runScan({ ...defaultScanOptions, roots: [tree.path('docs')] }, { cache: index });
  } finally {
    index.close();
  }
}

function partnersOf(report: ScanReport, path: string): string[] {
  const cluster = report.clusters.find((c) => c.files.some((f) => f.path === path));
  return cluster ? cluster.files.map((f) => f.path).filter((p) => p !== path) : [];
}

function sameSizeText(text: string, size: number): string {
  return text.slice(0, size).padEnd(size, ' ');
}

it('does not report a rewritten-then-renamed file as a near-duplicate of its old partner', async () => {
  const original = prose(11);
  const a = await tree.write('docs/a.txt', original);
  const b = await tree.write('docs/b.txt', editEveryNthWord(original, 25));
  for (const path of [a, b]) await utimes(path, MTIME, MTIME);
  expect(partnersOf(await scanWithIndex(), a)).toEqual([b]);

  const before = await stat(a);
  await writeFile(a, sameSizeText(prose(12, 12), before.size));
  await utimes(a, MTIME, MTIME);
  const after = await stat(a);
  expect([after.ino, after.size, after.mtimeMs]).toEqual([before.ino, before.size, before.mtimeMs]);
  const renamed = tree.path('docs/c.txt');
  await rename(a, renamed);

  const report = await scanWithIndex();
  expect(partnersOf(report, renamed)).toEqual([]);
  expect(partnersOf(report, b)).toEqual([]);
});

it('still keeps what it knew of a renamed file whose whole content it had hashed', async () => {
  const original = prose(13);
  const a = await tree.write('docs/a.txt', original);
  const copy = await tree.write('docs/a-copy.txt', original);
  const b = await tree.write('docs/b.txt', editEveryNthWord(original, 25));
  const first = await scanWithIndex();
  expect(partnersOf(first, a).sort()).toEqual([copy, b].sort());
  const renamed = tree.path('docs/c.txt');
  await rename(a, renamed);
  const report = await scanWithIndex();
  expect(partnersOf(report, renamed).sort()).toEqual([copy, b].sort());
  // Read once, whole, to prove its content unchanged; not extracted again.
  expect(report.stats.filesRead).toBe(1);
});
