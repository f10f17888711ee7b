// A file made and deleted while watching leaves no row in the index: a later rescan that takes the
// kept analysis (the walk unchanged since the scan before the watch) never walks past it to drop it.
import { rename, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, expect, it } from 'vitest';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import type { ScanOptions } from '../../../../shared/scanOptions.ts';
import { openFileIndex } from '../../../../electron/node/index/fileIndex.ts';
import type { FileIndex } from '../../../../electron/node/index/fileIndex.ts';
import { pathToBlob } from '../../../../electron/node/index/pathBlob.ts';
import { runScanWith } from '../../../../electron/node/scan/scanService.ts';
import { createScanPools } from '../../../../electron/node/scan/scanPools.ts';
import type { ScanPools } from '../../../../electron/node/scan/scanPools.ts';
import { createFileList } from '../../../../electron/node/watch/fileList.ts';
import { createIncrementalAnalysis } from '../../../../electron/node/watch/incrementalAnalysis.ts';
import { createIgnoreTest } from '../../../../electron/node/watch/watchIgnore.ts';
import { prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

let tree: TempTree | undefined;
let pools: ScanPools | undefined;
let index: FileIndex | undefined;
afterEach(async () => {
  index?.close();
  await pools?.destroy();
  await tree?.remove();
  tree = pools = index = undefined;
});

it('drops the index rows of files deleted while watching, and keeps those of files that come back', async () => {
  tree = await createTempTree({ 'docs/a.txt': prose(1, 3), 'docs/b.txt': prose(2, 3) });
  const options: ScanOptions = { ...defaultScanOptions, roots: [tree.path('docs')] };
  const indexPath = tree.path('state/index.sqlite');
  index = openFileIndex(indexPath);
  pools = createScanPools(options);
  const { walked } = await runScanWith(options, pools, { cache: index });
  const list = createFileList(walked.files, options, createIgnoreTest(options.roots, options));
  const analysis = createIncrementalAnalysis(list, options, pools, { cache: index });
  const signal = new AbortController().signal;
  await analysis.analyze(signal);
  // A copy made (hashed against its twin, so saved), then deleted.
  const copy = await tree.write('docs/copy/a.txt', prose(1, 3));
  await list.update([copy], signal);
  await analysis.analyze(signal);
  const rows = () => {
    const db = new DatabaseSync(indexPath, { readOnly: true });
    try {
      return (db.prepare('SELECT count(*) AS n FROM files WHERE path = ?').get(pathToBlob(copy)) as { n: number }).n;
    } finally {
      db.close();
    }
  };
  expect(rows()).toBe(1);
  // Moved out of the watched folder, then back, the same file: its row goes, then comes back.
  await rename(tree.path('docs/copy'), tree.path('away'));
  await list.update([tree.path('docs/copy')], signal);
  await analysis.analyze(signal);
  expect(rows()).toBe(0);
  await rename(tree.path('away'), tree.path('docs/copy'));
  await list.update([tree.path('docs/copy')], signal);
  await analysis.analyze(signal);
  expect(rows()).toBe(1);
  await rm(tree.path('docs/copy'), { recursive: true });
  await list.update([tree.path('docs/copy')], signal);
  await analysis.analyze(signal);
  expect(rows()).toBe(0);
});
