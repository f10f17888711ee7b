// While watching, as in a scan: a document its claims' check could not read again is listed as
// not compared, not silently left out of the clusters. (One deleted meanwhile is not: its own
// event follows and takes it out; incrementalAnalysis.test.ts.)
import { mkdirSync, unlinkSync } from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import type { ScanOptions } from '../../../../shared/scanOptions.ts';
import { createMemoryCache } from '../../../../electron/node/index/memoryCache.ts';
import { runScanWith } from '../../../../electron/node/scan/scanService.ts';
import { createScanPools } from '../../../../electron/node/scan/scanPools.ts';
import type { ScanPools } from '../../../../electron/node/scan/scanPools.ts';
import { createFileList } from '../../../../electron/node/watch/fileList.ts';
import { createIncrementalAnalysis } from '../../../../electron/node/watch/incrementalAnalysis.ts';
import { createIgnoreTest } from '../../../../electron/node/watch/watchIgnore.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { randomWords, seededRandom, vocabulary } from '../../../shared/textFixtures.ts';

let tree: TempTree | undefined;
let pools: ScanPools | undefined;
afterEach(async () => {
  await pools?.destroy();
  await tree?.remove();
  tree = pools = undefined;
});

it('lists a document that cannot be read when its claim is checked as not compared, in every analysis after', async () => {
  const random = seededRandom(77);
  const source = randomWords(random, vocabulary(random), 1500);
  // Containment is never taken on its estimate: the excerpt is read again to check it.
  tree = await createTempTree({ 'docs/book.txt': source.join(' '), 'docs/excerpt.txt': source.slice(900, 1300).join(' ') });
  const excerpt = tree.path('docs/excerpt.txt');
  const options: ScanOptions = { ...defaultScanOptions, roots: [tree.path('docs')] };
  pools = createScanPools(options);
  const { walked } = await runScanWith(options, pools, {});
  const list = createFileList(walked.files, options, createIgnoreTest(options.roots, options));
  // A cache of its own: the analysis fingerprints and checks afresh.
  const analysis = createIncrementalAnalysis(list, options, pools, { cache: createMemoryCache() });
  const signal = new AbortController().signal;
  let removed = false;
  const first = await analysis.analyze(signal, (progress) => {
    if (progress.phase !== 'cluster' || removed) return;
    removed = true;
    // A folder where the document was (one a tool swapped in): not a file that can be read.
    unlinkSync(excerpt);
    mkdirSync(excerpt);
  });
  const notCompared = [{ path: excerpt, code: expect.stringMatching(/^E[A-Z]+$/), message: expect.stringMatching(/^Not compared with the documents it may match/) }];
  expect(first.clusters).toEqual([]);
  expect(first.errors).toEqual(notCompared);
  // An analysis that changes no document keeps the last clustering, and what it could not read.
  await list.update([tree.path('docs/book.txt')], signal);
  const { errors } = await analysis.analyze(signal);
  expect(errors).toEqual(notCompared);
});
