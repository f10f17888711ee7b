// A claim is checked by reading its two documents again once every document is fingerprinted. A
// document that cannot be read then (gone, locked, over a limit) leaves its claims unshown, and
// the report must say so: no document silently left out.
import { chmodSync, unlinkSync, utimesSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import type { ScanReport } from '../../../../shared/report.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { randomWords, seededRandom, vocabulary } from '../../../shared/textFixtures.ts';

const random = seededRandom(77);
const source = randomWords(random, vocabulary(random), 1500);

let tree: TempTree;
let excerpt: string;
beforeEach(async () => {
  // Containment is never taken on its estimate: the excerpt is read again to check it.
  tree = await createTempTree({ 'docs/book.txt': source.join(' ') });
  excerpt = await tree.write('docs/excerpt.txt', source.slice(900, 1300).join(' '));
});
// A locked file goes with its folder: removing it needs only the folder's permission.
afterEach(() => tree.remove());

/** A scan during which `change` happens once every document is fingerprinted. */
async function scanChanging(change: () => void): Promise<ScanReport> {
  let changed = false;
  return runScan(
    { ...defaultScanOptions, roots: [tree.path('docs')] },
    {
      onProgress: (progress) => {
        if (progress.phase !== 'cluster' || changed) return;
        changed = true;
        change();
      },
    },
  );
}

it('finds the containment when nothing changes', async () => {
  const report = await scanChanging(() => {});
  expect(report.clusters.map((c) => c.kind)).toEqual(['contained']);
  expect(report.errors).toEqual([]);
});

it('lists a document gone before its claim was checked as not compared', async () => {
  const report = await scanChanging(() => unlinkSync(excerpt));
  expect(report.clusters).toEqual([]);
  expect(report.errors).toEqual([{ path: excerpt, code: 'ENOENT', message: expect.stringMatching(/^Not compared with the documents it may match/) }]);
});

it.skipIf(process.getuid?.() === 0)('lists a document locked before its claim was checked as not compared (skipped as root, which reads everything)', async () => {
  const report = await scanChanging(() => chmodSync(excerpt, 0o000));
  expect(report.clusters).toEqual([]);
  expect(report.errors).toEqual([{ path: excerpt, code: 'EACCES', message: expect.stringMatching(/^Not compared with the documents it may match/) }]);
});

it('lists a document whose text could not be read again to describe its cluster', async () => {
  // The same text in two files, which needs no check: only the description reads it again.
  // The older file leads the cluster (the original), and its text describes it.
  const copy = await tree.write('docs/excerpt-copy.txt', source.slice(900, 1300).join('\n'));
  const older = new Date(Date.now() - 86_400_000);
  utimesSync(copy, older, older);
  const report = await scanChanging(() => unlinkSync(copy));
  expect(report.clusters.map((c) => [c.kind, c.description, c.files.map((f) => f.path)])).toEqual([['near', undefined, [copy, excerpt]]]);
  expect(report.errors).toEqual([{ path: copy, code: 'ENOENT', message: expect.stringMatching(/^Its cluster is shown without a description/) }]);
});
