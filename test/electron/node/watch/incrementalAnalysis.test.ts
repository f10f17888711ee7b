// The watcher's kept groups against the truth: a seeded random run of adds, edits, renames, hard
// links and deletes (of files and of folders) on a real temp tree; after each burst the watcher's
// file list re-reads the paths the burst named, as the folder watcher would name them, the
// incremental analysis brings its groups up to date, and its clusters must equal those of a
// fresh full scan of the same tree with an empty cache (real files, real worker threads).
import { link, mkdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import type { ScanOptions } from '../../../../shared/scanOptions.ts';
import { createMemoryCache } from '../../../../electron/node/index/memoryCache.ts';
import { createScanPools, runScan, runScanWith } from '../../../../electron/node/scan/scanService.ts';
import type { ScanPools } from '../../../../electron/node/scan/scanService.ts';
import { createFileList } from '../../../../electron/node/watch/fileList.ts';
import { createIncrementalAnalysis } from '../../../../electron/node/watch/incrementalAnalysis.ts';
import { createIgnoreTest } from '../../../../electron/node/watch/watchIgnore.ts';
import { editEveryNthWord, prose, renderHtml } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import { seededRandom } from '../../../shared/textFixtures.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const BURSTS = 24;
// Every kind in turn leads a burst; the burst's other steps are drawn at random.
const KINDS = ['add', 'edit', 'save-as', 'rename', 'link', 'delete', 'add', 'folder-rename', 'edit', 'folder-delete'];
const FOLDERS = ['', 'a', 'a/deep', 'b'];

/** The same run on every machine, so a failure can be replayed. */
function seeded(seed: number) {
  const next = seededRandom(seed);
  const int = (n: number) => Math.floor(next() * n);
  return { int, pick: <T>(items: readonly T[]): T => items[int(items.length)]! };
}

function bytes(seed: number, size: number): Uint8Array {
  return Uint8Array.from({ length: size }, (_, i) => (seed * 31 + i * 7 + ((i * i) >> 3)) & 0xff);
}

/** Contents chosen so that bursts make and break every kind of cluster. */
const CONTENTS: { ext: string; content: string | Uint8Array }[] = [
  ...[1, 2, 3].flatMap((seed) => [
    { ext: 'txt', content: prose(seed) },
    { ext: 'txt', content: editEveryNthWord(prose(seed), 15) },
    { ext: 'md', content: editEveryNthWord(prose(seed), 25, 'revised') },
    { ext: 'html', content: renderHtml(prose(seed)) },
    // A prefix: contained in the longer text.
    { ext: 'txt', content: prose(seed, 2) },
  ]),
  { ext: 'txt', content: prose(9, 12) },
  // Same sizes, different bytes; and sizes shared with nothing.
  ...[1, 2, 3].map((seed) => ({ ext: 'bin', content: bytes(seed, 300) })),
  ...[4, 5].map((seed) => ({ ext: 'jpg', content: bytes(seed, 40_000 + seed) })),
  { ext: 'bin', content: new Uint8Array(0) },
];

describe('incremental analysis', () => {
  let tree: TempTree | undefined;
  let pools: ScanPools | undefined;
  afterEach(async () => {
    await pools?.destroy();
    await tree?.remove();
    tree = pools = undefined;
  });

  it('equals a full scan after every burst of a random run of changes', async () => {
    tree = await createTempTree();
    const random = seeded(0x5a17);
    const live = new Set<string>();
    const linked = new Set<string>();
    let serial = 0;
    const fresh = (folder = random.pick(FOLDERS)) => {
      const { ext } = random.pick(CONTENTS);
      return join(folder, `file-${serial++}.${ext}`);
    };
    const write = async (relative: string) => {
      await tree!.write(relative, random.pick(CONTENTS).content);
      live.add(relative);
    };
    for (let i = 0; i < 16; i++) await write(fresh());
    // A text and an excerpt of it no other file holds: a contained cluster until a step touches them.
    await tree.write('a/long.txt', prose(7, 12));
    await tree.write('b/excerpt.txt', prose(7, 3));
    live.add('a/long.txt').add('b/excerpt.txt');

    const options: ScanOptions = { ...defaultScanOptions, roots: [tree.root] };
    const cache = createMemoryCache();
    pools = createScanPools(options);
    const { walked } = await runScanWith(options, pools, { cache });
    const list = createFileList(walked.files, options, createIgnoreTest([tree.root], options));
    const analysis = createIncrementalAnalysis(list, options, pools, { cache });
    const signal = new AbortController().signal;
    const clusterKinds = new Set<string>();
    const truth = async () => {
      const { clusters } = await runScan(options, { cache: createMemoryCache() });
      for (const cluster of clusters) clusterKinds.add(cluster.kind);
      return clusters;
    };
    expect((await analysis.analyze(signal)).clusters).toEqual(await truth());

    const kinds = new Map<string, number>();
    for (let burst = 0; burst < BURSTS; burst++) {
      const named = new Set<string>();
      for (let step = 1 + random.int(3); step > 0; step--) {
        const existing = [...live].sort();
        const drawn = named.size === 0 ? KINDS[burst % KINDS.length]! : random.pick(KINDS);
        const kind = existing.length < 6 ? 'add' : drawn;
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        const target = random.pick(existing);
        if (kind === 'add' || kind === 'edit') {
          // An edit in place keeps the inode.
          const relative = kind === 'add' ? fresh() : target;
          await write(relative);
          named.add(tree.path(relative));
        } else if (kind === 'save-as') {
          // An editor's save: a new file renamed over the old one.
          await writeFile(tree.path(`${target}.tmp`), random.pick(CONTENTS).content);
          await rename(tree.path(`${target}.tmp`), tree.path(target));
          named.add(tree.path(target));
        } else if (kind === 'rename' || kind === 'link') {
          const to = fresh();
          await mkdir(dirname(tree.path(to)), { recursive: true });
          await (kind === 'rename' ? rename : link)(tree.path(target), tree.path(to));
          if (kind === 'rename') live.delete(target);
          else linked.add(target).add(to);
          live.add(to);
          named.add(tree.path(target)).add(tree.path(to));
        } else if (kind === 'delete') {
          await unlink(tree.path(target));
          live.delete(target);
          named.add(tree.path(target));
        } else {
          const folder = random.pick(['a', 'a/deep', 'b']);
          const moved = `moved-${serial++}`;
          const inside = [...live].filter((path) => path.startsWith(`${folder}/`));
          if (kind === 'folder-rename') await rename(tree.path(folder), tree.path(moved)).catch(() => {});
          else await rm(tree.path(folder), { recursive: true, force: true });
          for (const path of inside) {
            const to = join(moved, path.slice(folder.length + 1));
            live.delete(path);
            if (kind === 'folder-rename') live.add(to);
            if (linked.delete(path) && kind === 'folder-rename') linked.add(to);
          }
          named.add(tree.path(folder)).add(tree.path(moved));
        }
      }
      // A change to one name of a hard-linked file (its content, its link count) changes the
      // others' stat too, where the watcher may name only the one: here they are all named.
      for (const path of linked) named.add(tree.path(path));
      await list.update(named, signal);
      const { clusters } = await analysis.analyze(signal);
      expect(clusters, `after burst ${burst}`).toEqual(await truth());
    }
    // The run made clusters of each kind and took every kind of step at least once.
    expect([...kinds.keys()].sort()).toEqual(['add', 'delete', 'edit', 'folder-delete', 'folder-rename', 'link', 'rename', 'save-as']);
    expect([...clusterKinds].sort()).toEqual(['contained', 'exact', 'near']);
  }, 300_000);

  it('looks up only what a burst touched, not every file of the tree', async () => {
    const documents = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`docs/${i}.txt`, prose(100 + i, 2 + (i % 5))]));
    tree = await createTempTree({ ...documents, 'docs/copy.txt': documents['docs/0.txt']! });
    const options: ScanOptions = { ...defaultScanOptions, roots: [tree.root] };
    const memory = createMemoryCache();
    let lookups = 0;
    const cache: typeof memory = {
      ...memory,
      hashes: (file) => (lookups++, memory.hashes(file)),
      extraction: (file, settings) => (lookups++, memory.extraction(file, settings)),
    };
    pools = createScanPools(options);
    const { walked } = await runScanWith(options, pools, { cache });
    const list = createFileList(walked.files, options, createIgnoreTest([tree.root], options));
    const analysis = createIncrementalAnalysis(list, options, pools, { cache });
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
});
