// The overview's picture as rectangles: proportional to the figures among siblings, inside the
// picture, the small ones left out, a large scan's 50,000 folders cut down to what is visible;
// the arcs between mirrored folders; where the overview opens and that it stays on its folder.
import { describe, expect, it } from 'vitest';
import type { FolderSummary } from '../../shared/folders/folderSummary.ts';
import { folderSummary, noFigures, reclaimBytes } from '../../shared/folders/folderSummary.ts';
import type { FolderMatch } from '../../shared/report.ts';
import { mirrorLinks } from '../../renderer/overview/mirrorLinks.ts';
import { areaLabel, folderTree, layoutLevel, MIN_SIDE } from '../../renderer/overview/treemapLayout.ts';
import { openingFolder } from '../../renderer/store/overviewSlice.ts';
import { createShingleStore } from '../../renderer/store/shingleStore.ts';
import { cluster, createFakeEngine } from './fakeEngine.ts';

/** A summary of `widths[0]` top folders under /r, each with `widths[1]` subfolders, each with `widths[2]`…; sizes vary with the index. */
function syntheticSummary(widths: readonly number[]): FolderSummary {
  const folders: FolderSummary['folders'] = [{ path: '/r', parent: -1, clusters: 1, ...noFigures(), copyBytes: 1, copyFiles: 1 }];
  const grow = (parent: number, depth: number) => {
    if (depth === widths.length) return;
    for (let i = 0; i < widths[depth]!; i++) {
      const index = folders.length;
      folders.push({ path: `${folders[parent]!.path}/f${i}`, parent, clusters: 1, ...noFigures(), copyBytes: 1000 + ((index * 7919) % 100_000), copyFiles: 1 });
      grow(index, depth + 1);
    }
  };
  grow(0, 0);
  return { folders, total: noFigures() };
}

describe('the overview picture', () => {
  it('gives siblings areas in proportion to their figures, inside the picture', () => {
    const summary = syntheticSummary([6]);
    const areas = layoutLevel(folderTree(summary), 0, 800, 500);
    expect(areas).toHaveLength(6);
    for (const area of areas) {
      expect(area.x).toBeGreaterThanOrEqual(0);
      expect(area.y).toBeGreaterThanOrEqual(0);
      expect(area.x + area.width).toBeLessThanOrEqual(800);
      expect(area.y + area.height).toBeLessThanOrEqual(500);
    }
    // Per byte, every area gets about the same room (padding and rounding aside).
    const perByte = areas.map((area) => (area.width * area.height) / reclaimBytes(summary.folders[area.folder]!));
    expect(Math.max(...perByte) / Math.min(...perByte)).toBeLessThan(1.3);
  });

  it('draws 50,000 folders as two levels of areas big enough to see', () => {
    const summary = syntheticSummary([40, 25, 50]);
    expect(summary.folders.length).toBeGreaterThan(50_000);
    const started = performance.now();
    const tree = folderTree(summary);
    const areas = layoutLevel(tree, 0, 1000, 500);
    const ms = performance.now() - started;
    console.log(`overview of ${summary.folders.length} folders: ${areas.length} areas laid out in ${ms.toFixed(0)} ms`);
    // The top folders and the subfolders drawn inside them, never the third level.
    expect(areas.filter((area) => area.depth === 1)).toHaveLength(40);
    expect(areas.length).toBeLessThanOrEqual(40 + 40 * 25);
    for (const area of areas) expect(Math.min(area.width, area.height)).toBeGreaterThanOrEqual(MIN_SIDE);
    // A folder too small to see is not drawn: in a tiny picture, fewer areas.
    expect(layoutLevel(tree, 0, 200, 100).length).toBeLessThan(areas.length);
  });

  it("leaves blank the part of a folder's area that its own copies free, outside its subfolders", () => {
    // Backup frees 100 + 900 bytes: 100 in Backup/old, 900 in Backup itself.
    const sized = (id: string, size: number, paths: string[]) => ({ ...cluster(id, 'exact', paths), files: paths.map((path) => ({ path, size, mtime: 0 })) });
    const summary = folderSummary([sized('a', 100, ['/r/Documents/a.txt', '/r/Backup/old/a.txt']), sized('b', 900, ['/r/Photos/b.jpg', '/r/Backup/b.jpg'])], ['/r']);
    const root = summary.folders.findIndex((folder) => folder.path === '/r');
    const areas = layoutLevel(folderTree(summary), root, 600, 400);
    const areaOf = (path: string) => areas.find((area) => summary.folders[area.folder]!.path === path)!;
    const backup = areaOf('/r/Backup');
    const old = areaOf('/r/Backup/old');
    const ratio = (old.width * old.height) / (backup.width * backup.height);
    expect(ratio).toBeGreaterThan(0.05);
    expect(ratio).toBeLessThan(0.15);
  });

  it('labels an area with its name and size, its name alone, or nothing: never a cut name', () => {
    expect(areaLabel('Downloads', '5.17 KB', 300)).toEqual({ name: 'Downloads', size: '5.17 KB' });
    expect(areaLabel('Downloads', '5.17 KB', 100)).toEqual({ name: 'Downloads', size: '' });
    expect(areaLabel('Downloads', '5.17 KB', 40)).toBeNull();
  });

  it('joins the areas holding two mirrored folders, and not a pair inside one area', () => {
    const summary = folderSummary(
      [cluster('a', 'exact', ['/r/Documents/a.txt', '/r/Backup/Documents/a.txt']), cluster('b', 'exact', ['/r/Downloads/b.txt', '/r/Downloads/old/b.txt'])],
      ['/r'],
    );
    const root = summary.folders.findIndex((folder) => folder.path === '/r');
    const areas = layoutLevel(folderTree(summary), root, 600, 400);
    const pair = (a: string, b: string) => ({ folders: [a, b] }) as FolderMatch;
    expect(mirrorLinks(summary, areas, [pair('/r/Documents', '/r/Backup/Documents')])).toHaveLength(1);
    expect(mirrorLinks(summary, areas, [pair('/r/Downloads', '/r/Downloads/old')])).toHaveLength(0);
  });

  it('opens inside the one scanned folder, and at the scanned folders when there are several', () => {
    const one = folderSummary([cluster('a', 'exact', ['/r/x/a.txt', '/r/y/a.txt'])], ['/r']);
    expect(one.folders[openingFolder(one)]!.path).toBe('/r');
    const two = folderSummary([cluster('a', 'exact', ['/r/x/a.txt', '/s/y/a.txt'])], ['/r', '/s']);
    expect(openingFolder(two)).toBe(-1);
  });

  it('stays on the folder it shows when the results are read again', async () => {
    const engine = createFakeEngine([cluster('a', 'exact', ['/docs/x/a.txt', '/docs/y/a.txt']), cluster('b', 'exact', ['/docs/x/b.txt', '/docs/z/b.txt'])]);
    const store = createShingleStore(engine);
    await store.getState().loadFolderSummary();
    const summary = store.getState().folderSummary!;
    const x = summary.folders.findIndex((folder) => folder.path === '/docs/x');
    store.getState().zoomOverview(x);
    store.getState().selectOverviewFolder(x);
    engine.clusters.splice(1, 1);
    engine.clusters.push(cluster('c', 'exact', ['/docs/a/c.txt', '/docs/x/c.txt']));
    await store.getState().loadFolderSummary();
    const after = store.getState();
    expect(after.folderSummary!.folders[after.overviewFolder]!.path).toBe('/docs/x');
    expect(after.folderSummary!.folders[after.overviewSelected!]!.path).toBe('/docs/x');
  });
});
