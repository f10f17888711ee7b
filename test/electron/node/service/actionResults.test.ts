// What a batch took from the clusters, remembered per batch: undo puts back exactly the files it
// restored, into what is left of each cluster — under its own id, or under the id the watcher
// gave it meanwhile — and a batch it never saw changes nothing.
import { link, lstat, unlink, utimes, writeFile } from 'node:fs/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActionResults } from '../../../../electron/node/service/actionResults.ts';
import type { Cluster } from '../../../../shared/report.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';

const file = (path: string) => ({ path, size: 10, mtime: 1 });
const exact = (id: string, ...paths: string[]): Cluster => ({ id, kind: 'exact', similarity: 1, reclaimable: 10 * (paths.length - 1), files: paths.map(file) });

function view(initial: Cluster[]) {
  const byId = new Map(initial.map((c) => [c.id, c]));
  return {
    all: () => [...byId.values()],
    get: (id: string) => byId.get(id),
    set(clusters: Cluster[]) {
      byId.clear();
      for (const c of clusters) byId.set(c.id, c);
    },
  };
}

// The files on disk, as the tests say: none of their paths is real.
const disk = new Set<string>();
const onDisk = (file: { path: string }) => disk.has(file.path);

describe('action results', () => {
  beforeEach(() => {
    disk.clear();
    for (const path of ['/a', '/b', '/c', '/x', '/y']) disk.add(path);
  });

  it('take files out step by step and put back only what undo restored', () => {
    const clusters = view([exact('e1', '/a', '/b', '/c'), exact('e2', '/x', '/y')]);
    const results = createActionResults(clusters, {}, onDisk);
    const first = results.gone(7, ['/b']);
    expect(first.changes).toEqual([{ event: 'cluster-changed', cluster: exact('e1', '/a', '/c'), previousId: 'e1' }]);
    clusters.set([exact('e1', '/a', '/c'), exact('e2', '/x', '/y')]);
    expect(results.gone(7, ['/c', '/y']).changes.map((c) => c.event)).toEqual(['cluster-removed', 'cluster-removed']);
    clusters.set([]);

    // /c could not be restored: the cluster comes back without it.
    expect(results.back(7, ['/b', '/y'])).toEqual([
      { event: 'cluster-added', cluster: exact('e1', '/a', '/b') },
      { event: 'cluster-added', cluster: exact('e2', '/x', '/y') },
    ]);
    expect(Object.keys(results.traces())).toEqual(['7']);
    expect(results.back(8, ['/a'])).toEqual([]);
  });

  it('restores into the cluster the watcher made of the files meanwhile', () => {
    const clusters = view([exact('e1', '/a', '/b', '/c')]);
    const results = createActionResults(clusters, {}, onDisk);
    results.gone(3, ['/c']);
    clusters.set([exact('e1-renamed', '/a', '/b')]);
    expect(results.back(3, ['/c'])).toEqual([{ event: 'cluster-changed', cluster: exact('e1', '/a', '/b', '/c'), previousId: 'e1-renamed' }]);
    expect(results.traces()).toEqual({});
  });

  it('undo shows again neither a file a later batch took nor, gone from disk, any other; but one back on disk, yes', () => {
    const clusters = view([exact('e1', '/a', '/b', '/c')]);
    const results = createActionResults(clusters, {}, onDisk);
    results.gone(1, ['/b']);
    disk.delete('/b');
    clusters.set([exact('e1', '/a', '/c')]);
    results.gone(2, ['/c']);
    disk.delete('/c');
    clusters.set([]);
    disk.add('/b');
    expect(results.back(1, ['/b'])).toEqual([{ event: 'cluster-added', cluster: exact('e1', '/a', '/b') }]);
    // /b came back another way (the desktop's trash, a shell's undo) before batch 2 is undone.
    const again = createActionResults(view([exact('e1', '/a', '/b', '/c')]), {}, onDisk);
    again.gone(1, ['/b']);
    again.gone(2, ['/c']);
    disk.delete('/c');
    expect(again.back(2, ['/c'])).toMatchObject([{ cluster: exact('e1', '/a', '/b', '/c') }]);
  });

  it('on real files, leaves out of a restored cluster a file now a hard link of another, or another file at its path', async () => {
    const tree = await createTempTree({ 'a.txt': 'same bytes', 'b.txt': 'same bytes', 'c.txt': 'same bytes', 'd.txt': 'same bytes', 'e.txt': 'same bytes', 'f.txt': 'same bytes' });
    try {
      // Times a second apart, so that no two files share an mtime by chance.
      const names = ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt', 'f.txt'];
      for (const [i, name] of names.entries()) await utimes(tree.path(name), 1_000_000 + i, 1_000_000 + i);
      const listed = async (name: string) => {
        const info = await lstat(tree.path(name));
        return { path: tree.path(name), size: 10, mtime: info.mtimeMs, ctime: info.ctimeMs };
      };
      const files = await Promise.all(names.slice(0, 5).map(listed));
      // The scan saw a before the rewrite below. Its ctime then is set here, not read: a rewrite
      // within the clock's tick (1–4 ms on Linux) would leave the ctime as it was.
      files[0]!.ctime -= 5000;
      const cluster: Cluster = { id: 'e1', kind: 'exact', similarity: 1, reclaimable: 40, files };
      const results = createActionResults(view([cluster]));
      results.gone(1, [tree.path('b.txt')]);
      results.gone(2, [tree.path('c.txt'), tree.path('d.txt')]);
      // Batch 2 made c a hard link of f (it has f's times); someone saved a new file where d was;
      // a's bytes were rewritten, its size and mtime put back (as rsync -t or cp -p would).
      await unlink(tree.path('c.txt'));
      await link(tree.path('f.txt'), tree.path('c.txt'));
      await unlink(tree.path('d.txt'));
      await writeFile(tree.path('d.txt'), 'other text');
      const aWas = await lstat(tree.path('a.txt'));
      await writeFile(tree.path('a.txt'), 'SAME BYTES');
      await utimes(tree.path('a.txt'), aWas.atime, aWas.mtime);
      // b (put back by this undo) and e (untouched) stay.
      const [restored] = results.back(1, [tree.path('b.txt')]);
      expect(restored).toMatchObject({ cluster: { files: [{ path: tree.path('b.txt') }, { path: tree.path('e.txt') }] } });
      expect(restored!.cluster.files).toHaveLength(2);
    } finally {
      await tree.remove();
    }
  });
});
