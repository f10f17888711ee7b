import { describe, expect, it } from 'vitest';
import { folderSummary, reclaimBytes, reclaimFiles } from '../../shared/folders/folderSummary.ts';
import type { Cluster, ReportFile } from '../../shared/report.ts';

const file = (path: string, size: number, extra: Partial<ReportFile> = {}): ReportFile => ({ path, size, mtime: 0, ...extra });

function cluster(kind: Cluster['kind'], files: ReportFile[]): Cluster {
  return { id: files.map((f) => f.path).join('|'), kind, similarity: 1, reclaimable: files.slice(1).reduce((sum, f) => sum + f.size, 0), files };
}

const home = '/home/ann';
// Documents holds the originals; Backup mirrors two of them; Downloads a copy, the same text as
// HTML and an edited version.
const clusters = [
  cluster('exact', [file(`${home}/Documents/a.txt`, 100), file(`${home}/Backup/a.txt`, 100), file(`${home}/Downloads/a (1).txt`, 100)]),
  cluster('exact', [file(`${home}/Documents/b.txt`, 40), file(`${home}/Backup/b.txt`, 40)]),
  cluster('near', [file(`${home}/Documents/c.txt`, 30), file(`${home}/Downloads/c.html`, 70, { identical: 'text' }), file(`${home}/Downloads/c-edited.txt`, 31, { similarity: 0.9 })]),
];

const byPath = (summary: ReturnType<typeof folderSummary>) => new Map(summary.folders.map((f) => [f.path, f]));

describe('folderSummary', () => {
  it('gives each folder what removing its cluster files frees, by kind, one file of each cluster staying', () => {
    const summary = folderSummary(clusters, [home]);
    const folders = byPath(summary);
    expect([...folders.keys()]).toEqual([home, `${home}/Backup`, `${home}/Documents`, `${home}/Downloads`]);
    expect(folders.get(`${home}/Backup`)).toMatchObject({ copyBytes: 140, copyFiles: 2, sameTextBytes: 0, editedBytes: 0, clusters: 2 });
    // Its files' copies are elsewhere: Documents could go as well as Backup (they mirror each
    // other), and c.txt's text stays in Downloads' HTML.
    expect(folders.get(`${home}/Documents`)).toMatchObject({ copyBytes: 140, copyFiles: 2, sameTextBytes: 30, sameTextFiles: 1, editedBytes: 0, clusters: 3 });
    expect(folders.get(`${home}/Downloads`)).toMatchObject({ copyBytes: 100, copyFiles: 1, sameTextBytes: 70, sameTextFiles: 1, editedBytes: 31, editedFiles: 1, clusters: 2 });
    // The root holds every file of every cluster: the first file of each stays, as in the report.
    const reportTotal = clusters.reduce((sum, c) => sum + c.reclaimable, 0);
    expect(reclaimBytes(folders.get(home)!)).toBe(reportTotal);
    expect(summary.total).toEqual({ copyBytes: 240, copyFiles: 3, sameTextBytes: 70, sameTextFiles: 1, editedBytes: 31, editedFiles: 1 });
    expect(reclaimBytes(summary.total)).toBe(reportTotal);
    expect(reclaimFiles(summary.total)).toBe(clusters.reduce((sum, c) => sum + c.files.length - 1, 0));
  });

  it('lists parents before their children, each naming its parent', () => {
    const { folders } = folderSummary(clusters, [home]);
    folders.forEach((folder, i) => {
      if (folder.path === home) expect(folder.parent).toBe(-1);
      else expect(folders[folder.parent]?.path).toBe(home);
      expect(folder.parent).toBeLessThan(i);
    });
  });

  it('keeps one file of a cluster whose every file is in the folder, and never counts a container', () => {
    const inOne = cluster('exact', [file('/r/x/1.txt', 10), file('/r/x/2.txt', 10), file('/r/x/3.txt', 10)]);
    const contained = cluster('contained', [file('/r/y/whole.txt', 500), file('/r/z/part.txt', 50, { similarity: 1 })]);
    const folders = byPath(folderSummary([inOne, contained], ['/r']));
    expect(folders.get('/r/x')).toMatchObject({ copyBytes: 20, copyFiles: 2 });
    // The document containing the excerpt stays whatever the folder: its folder frees nothing.
    expect(reclaimBytes(folders.get('/r/y')!)).toBe(0);
    expect(folders.get('/r/z')).toMatchObject({ editedBytes: 50, editedFiles: 1 });
  });

  it('never counts a file that always stays (a reference folder\'s), and lets it be the copy that stays', () => {
    const summary = folderSummary(clusters, [home, '/ref'], { alwaysStays: (path) => path.startsWith(`${home}/Backup/`) });
    const folders = byPath(summary);
    expect(reclaimBytes(folders.get(`${home}/Backup`)!)).toBe(0);
    // Documents' byte copies stay in Backup; the whole now keeps Backup's and frees Documents' a.txt and b.txt in their place.
    expect(folders.get(`${home}/Documents`)).toMatchObject({ copyBytes: 140, copyFiles: 2 });
    expect(summary.total).toMatchObject({ copyBytes: 240, copyFiles: 3 });
    expect(summary.total.copyFiles + summary.total.sameTextFiles + summary.total.editedFiles).toBe(5);
  });

  it('stops at the scan roots and lists only its own folder for a file outside them', () => {
    const outside = cluster('exact', [file('/r/a/f.txt', 5), file('/elsewhere/deep/f.txt', 5)]);
    const folders = byPath(folderSummary([outside], ['/r/']));
    expect([...folders.keys()]).toEqual(['/elsewhere/deep', '/r', '/r/a']);
    expect(folders.get('/elsewhere/deep')!.parent).toBe(-1);
  });
});
