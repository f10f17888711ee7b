// The watcher's kept groups against the truth: a seeded random run of changes on a real temp tree
// (randomChanges.ts), and after each burst the clusters must equal those of a fresh full scan of
// the same tree with an empty cache (real files, real worker threads). First through the file
// list, given the paths a watcher would name; then through the whole watch, its real watcher and
// its events.
import { rm } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cluster } from '../../../../shared/report.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import type { ScanOptions } from '../../../../shared/scanOptions.ts';
import { createMemoryCache } from '../../../../electron/node/index/memoryCache.ts';
import type { ContentCache } from '../../../../electron/node/scan/contentCache.ts';
import { runScan, runScanWith } from '../../../../electron/node/scan/scanService.ts';
import { createScanPools } from '../../../../electron/node/scan/scanPools.ts';
import type { ScanPools } from '../../../../electron/node/scan/scanPools.ts';
import { createFileList } from '../../../../electron/node/watch/fileList.ts';
import { createIncrementalAnalysis } from '../../../../electron/node/watch/incrementalAnalysis.ts';
import { createIgnoreTest } from '../../../../electron/node/watch/watchIgnore.ts';
import { editEveryNthWord, prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { randomChanges } from './randomChanges.ts';
import type { ChangeKind } from './randomChanges.ts';
import { startWatch } from './watchFixture.ts';
import type { WatchRun } from './watchFixture.ts';

// Every kind in turn leads a burst; the burst's other steps are drawn at random.
const KINDS: ChangeKind[] = ['add', 'edit', 'save-as', 'rename', 'link', 'delete', 'add', 'folder-rename', 'edit', 'folder-delete'];
// A watcher names only the name it saw change: a hard link's other names would keep their old stat.
const WATCHED_KINDS = KINDS.filter((kind) => kind !== 'link');
// How soon is a benchmark figure (bench:watch); this bound only turns a wrong result into a failure.
const WAIT_MS = 60_000;

function byId(clusters: Iterable<Cluster>): Cluster[] {
  return [...clusters].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

describe('incremental analysis', () => {
  let tree: TempTree | undefined;
  let pools: ScanPools | undefined;
  let run: WatchRun | undefined;
  afterEach(async () => {
    await run?.stop();
    await pools?.destroy();
    await tree?.remove();
    tree = pools = run = undefined;
  });

  /** A scan of the tree into `cache`, then the file list and incremental analysis a watch starts from. */
  async function watchedAnalysis(cache: ContentCache) {
    const options: ScanOptions = { ...defaultScanOptions, roots: [tree!.root] };
    pools = createScanPools(options);
    const { walked } = await runScanWith(options, pools, { cache });
    const list = createFileList(walked.files, options, createIgnoreTest([tree!.root], options));
    return { list, analysis: createIncrementalAnalysis(list, options, pools, { cache }) };
  }

  /** The full scan's clusters, and every kind of cluster seen so far. */
  function truthOf(root: string) {
    const kinds = new Set<string>();
    const truth = async () => {
      const { clusters } = await runScan({ ...defaultScanOptions, roots: [root] }, { cache: createMemoryCache() });
      for (const cluster of clusters) kinds.add(cluster.kind);
      return clusters;
    };
    return { truth, kinds };
  }

  // The second run once caught a byte copy read under a name of another format (.html, .txt).
  it.each([0x5a17, 0x5555])('equals a full scan after every burst of a random run of changes (seed %i)', async (seed) => {
    tree = await createTempTree();
    const changes = await randomChanges(tree, seed);
    const { list, analysis } = await watchedAnalysis(createMemoryCache());
    const signal = new AbortController().signal;
    const { truth, kinds } = truthOf(tree.root);
    expect((await analysis.analyze(signal)).clusters).toEqual(await truth());
    for (let burst = 0; burst < 16; burst++) {
      await list.update(await changes.burst(KINDS[burst % KINDS.length]!, KINDS), signal);
      const { clusters } = await analysis.analyze(signal);
      expect(clusters, `after burst ${burst}`).toEqual(await truth());
    }
    expect([...changes.taken].sort()).toEqual([...new Set(KINDS)].sort());
    expect([...kinds].sort()).toEqual(['contained', 'exact', 'near']);
  }, 300_000);

  it('shows what a full scan finds after every burst, through the real watcher', async () => {
    tree = await createTempTree();
    const changes = await randomChanges(tree, 0x77a1);
    const { truth, kinds } = truthOf(tree.root);
    run = startWatch([tree.root]);
    await run.ready;
    for (let burst = 0; burst < 8; burst++) {
      await changes.burst(WATCHED_KINDS[burst % WATCHED_KINDS.length]!, WATCHED_KINDS);
      const expected = byId(await truth());
      await run.until(() => isDeepStrictEqual(byId(run!.shown.values()), expected), WAIT_MS, `the clusters after burst ${burst} are a full scan's`);
    }
    expect(kinds.size).toBeGreaterThan(1);
  }, 600_000);

  it('looks up only what a burst touched, not every file of the tree', async () => {
    const documents = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`docs/${i}.txt`, prose(100 + i, 2 + (i % 5))]));
    tree = await createTempTree({ ...documents, 'docs/copy.txt': documents['docs/0.txt']! });
    const memory = createMemoryCache();
    let lookups = 0;
    const cache: typeof memory = {
      ...memory,
      hashes: (file) => (lookups++, memory.hashes(file)),
      extraction: (file, settings) => (lookups++, memory.extraction(file, settings)),
    };
    const { list, analysis } = await watchedAnalysis(cache);
    const signal = new AbortController().signal;
    await analysis.analyze(signal);
    lookups = 0;
    const edited = await tree.write('docs/7.txt', editEveryNthWord(prose(101, 3), 20));
    await list.update([edited], signal);
    const { clusters } = await analysis.analyze(signal);
    // The edit joins 1.txt as a near-duplicate; a full analysis would have looked up all 202 files.
    expect(clusters.map((cluster) => cluster.files.map((file) => file.path).sort())).toEqual(
      expect.arrayContaining([[tree.path('docs/1.txt'), tree.path('docs/7.txt')]]),
    );
    expect(lookups).toBeLessThan(20);
  });

  it('takes a file deleted between its event and its read for gone, not for unreadable', async () => {
    const documents = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`docs/${i}.txt`, prose(300 + i, 3)]));
    tree = await createTempTree(documents);
    const { list, analysis } = await watchedAnalysis(createMemoryCache());
    const signal = new AbortController().signal;
    await analysis.analyze(signal);
    // A folder copied in (its files named by the watcher), then removed before they are read.
    const copies = await Promise.all(Object.entries(documents).map(([name, body]) => tree!.write(`copy/${name}`, body)));
    await list.update(copies, signal);
    await rm(tree.path('copy'), { recursive: true });
    const { errors } = await analysis.analyze(signal);
    expect(errors).toEqual([]);
  });
});
