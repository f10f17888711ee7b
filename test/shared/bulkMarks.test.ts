// Bulk marks' rules (shared/marks): mark all, none and invert keep one file of every cluster and
// never mark a container or a reference folder's file Delete; a folder's mark keeps the last copy;
// and a Delete mark on an edited version or excerpt acts only with its kind included, as the plan does.
import { describe, expect, it } from 'vitest';
import { folderMarkChanges, markAllChanges, marksRefusal } from '../../shared/marks/bulkMarks.ts';
import type { ClusterMarks } from '../../shared/marks/bulkMarks.ts';
import { countMarkOutcomes, deleteMarkOutcomes } from '../../shared/marks/markOutcomes.ts';
import { withinFolder } from '../../shared/paths/isWithin.ts';
import type { Cluster, ReportFile } from '../../shared/report.ts';

function cluster(kind: Cluster['kind'], files: (string | [string, Partial<ReportFile>])[]): Cluster {
  return {
    id: `${kind}-1`,
    kind,
    similarity: kind === 'exact' ? 1 : 0.8,
    reclaimable: 0,
    files: files.map((f) => (typeof f === 'string' ? { path: f, size: 1, mtime: 0 } : { path: f[0], size: 1, mtime: 0, ...f[1] })),
  };
}

const noReference = () => false;
/** The marks after the changes, by path. */
function after(c: Cluster, marks: ClusterMarks, changes: { path: string; after: 'keep' | 'delete' | null }[]): Record<string, string> {
  const next: Record<string, string> = { ...marks };
  for (const change of changes) {
    if (change.after) next[change.path] = change.after;
    else delete next[change.path];
  }
  expect(marksRefusal(c, next as ClusterMarks)).toBeNull();
  return next;
}

describe('mark all, none, invert', () => {
  const exact = cluster('exact', ['/d/a.txt', '/d/b.txt', '/d/c.txt']);

  it('marks every file Delete but one keeper: a Keep mark, else the first file, marked Keep', () => {
    expect(after(exact, {}, markAllChanges('all', exact, {}, noReference))).toEqual({ '/d/a.txt': 'keep', '/d/b.txt': 'delete', '/d/c.txt': 'delete' });
    expect(after(exact, { '/d/c.txt': 'keep' }, markAllChanges('all', exact, { '/d/c.txt': 'keep' }, noReference))).toEqual({ '/d/a.txt': 'delete', '/d/b.txt': 'delete', '/d/c.txt': 'keep' });
  });

  it("never marks a reference folder's file or a container Delete, and keeps them as the keepers", () => {
    const reference = (path: string) => path.startsWith('/ref/');
    const withReference = cluster('exact', ['/d/a.txt', '/ref/b.txt']);
    expect(after(withReference, {}, markAllChanges('all', withReference, {}, reference))).toEqual({ '/d/a.txt': 'delete' });
    const contained = cluster('contained', ['/d/book.txt', '/d/chapter.txt']);
    expect(after(contained, {}, markAllChanges('all', contained, {}, noReference))).toEqual({ '/d/chapter.txt': 'delete' });
    expect(after(contained, {}, markAllChanges('invert', contained, {}, noReference))).toEqual({ '/d/chapter.txt': 'delete' });
  });

  it('keeps the file the keep rules would keep, as a clean-up by those rules does', () => {
    const dated = cluster('exact', [['/d/a.txt', { mtime: 1 }], ['/d/b.txt', { mtime: 3 }], ['/d/c.txt', { mtime: 2 }]]);
    expect(after(dated, {}, markAllChanges('all', dated, {}, noReference, [{ kind: 'newest' }]))).toEqual({ '/d/a.txt': 'delete', '/d/b.txt': 'keep', '/d/c.txt': 'delete' });
    expect(after(dated, {}, markAllChanges('invert', dated, {}, noReference, [{ kind: 'not-in-folder', folder: '/d' }, { kind: 'newest' }]))).toEqual({ '/d/a.txt': 'delete', '/d/b.txt': 'keep', '/d/c.txt': 'delete' });
  });

  it('clears every mark', () => {
    const marks: ClusterMarks = { '/d/a.txt': 'keep', '/d/b.txt': 'delete' };
    expect(after(exact, marks, markAllChanges('none', exact, marks, noReference))).toEqual({});
  });

  it('inverts Delete and the rest, keeping one where every file would be Delete', () => {
    const marks: ClusterMarks = { '/d/a.txt': 'keep', '/d/b.txt': 'delete' };
    expect(after(exact, marks, markAllChanges('invert', exact, marks, noReference))).toEqual({ '/d/a.txt': 'delete', '/d/b.txt': 'keep', '/d/c.txt': 'delete' });
    // Nothing marked Delete: all would be, so the first stays.
    expect(after(exact, {}, markAllChanges('invert', exact, {}, noReference))).toEqual({ '/d/a.txt': 'keep', '/d/b.txt': 'delete', '/d/c.txt': 'delete' });
  });
});

describe("a folder's mark across clusters", () => {
  const c = cluster('exact', ['/home/Backup/a.txt', '/home/Downloads/a.txt', '/home/Downloads/old/a.txt']);
  const downloads = withinFolder('/home/Downloads');

  it('marks the files in the folder and below, the others keeping theirs', () => {
    const result = folderMarkChanges(c, {}, downloads, 'delete', noReference);
    expect(result).toMatchObject({ inFolder: 2, lastCopy: null });
    expect(after(c, {}, result.changes)).toEqual({ '/home/Downloads/a.txt': 'delete', '/home/Downloads/old/a.txt': 'delete' });
  });

  it('keeps the first of the folder’s files where every file of the cluster would be Delete', () => {
    const marks: ClusterMarks = { '/home/Backup/a.txt': 'delete' };
    const result = folderMarkChanges(c, marks, downloads, 'delete', noReference);
    expect(result.lastCopy).toBe(1);
    expect(after(c, marks, result.changes)).toEqual({ '/home/Backup/a.txt': 'delete', '/home/Downloads/a.txt': 'keep', '/home/Downloads/old/a.txt': 'delete' });
    const whole = folderMarkChanges(c, {}, withinFolder('/home'), 'delete', noReference);
    expect(whole.lastCopy).toBe(0);
  });

  it('refuses marks that take every copy or the container', () => {
    expect(marksRefusal(c, { '/home/Backup/a.txt': 'delete', '/home/Downloads/a.txt': 'delete', '/home/Downloads/old/a.txt': 'delete' })).toMatch(/one must stay/);
    const contained = cluster('contained', ['/d/book.txt', '/d/chapter.txt']);
    expect(marksRefusal(contained, { '/d/book.txt': 'delete' })).toMatch(/always stays/);
  });
});

describe('whether a Delete mark will act', () => {
  // The original, its edited version, and a byte copy of the edited version.
  const near = cluster('near', ['/d/report.txt', ['/d/report-edited.txt', { similarity: 0.9 }], ['/d/Backup/report-edited.txt', { identical: 'bytes', similarity: 0.9 }]]);

  it('an edited version stays without edited versions included: of its two marked copies the plan keeps the first by path, and the other is then a copy of it and goes', () => {
    const marks: ClusterMarks = { '/d/report-edited.txt': 'delete', '/d/Backup/report-edited.txt': 'delete' };
    expect(deleteMarkOutcomes(near, marks, [])).toEqual(new Map([[2, 'near'], [1, 'goes']]));
    expect(deleteMarkOutcomes(near, marks, ['near'])).toEqual(new Map([[1, 'goes'], [2, 'goes']]));
  });

  it('an excerpt stays without excerpts included; counted over clusters', () => {
    const contained = cluster('contained', ['/d/book.txt', ['/d/chapter.txt', { similarity: 1 }]]);
    const exact = cluster('exact', ['/d/a.txt', '/d/b.txt']);
    const counts = countMarkOutcomes(
      [
        { cluster: contained, marks: { '/d/chapter.txt': 'delete' } },
        { cluster: exact, marks: { '/d/b.txt': 'delete' } },
        { cluster: near, marks: { '/d/report-edited.txt': 'delete', '/d/Backup/report-edited.txt': 'delete' } },
      ],
      [],
    );
    expect(counts).toEqual({ marked: 4, willGo: 2, need: { near: 1, contained: 1 } });
  });
});
