import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../shared/report.ts';
import { memberRows, mostDifferentPair, similarityText, sortMembers } from '../../renderer/members/memberRows.ts';
import { defaultMode, stepInOrder, setOrder } from '../../renderer/members/memberView.ts';

const file = (path: string, extra: Partial<Cluster['files'][number]> = {}) => ({ path, size: 100, mtime: 1, ...extra });

/** GFDL.txt, its HTML (same text), a byte copy of the .txt, an edited version and its backup copy. */
const near: Cluster = {
  id: 'n',
  kind: 'near',
  similarity: 0.7,
  reclaimable: 0,
  files: [
    file('/h/Documents/GFDL.txt', { size: 300, hash: 'a' }),
    file('/h/Downloads/GFDL.html', { size: 500, identical: 'text', similarity: 1 }),
    file('/h/Downloads/GFDL (1).txt', { size: 300, identical: 'bytes', similarity: 1, hash: 'a' }),
    file('/h/Documents/Licenses/GFDL-1.2.txt', { size: 200, similarity: 0.695, hash: 'b' }),
    file('/h/Backup/Licenses/GFDL-1.2.txt', { size: 200, identical: 'bytes', similarity: 1, hash: 'b' }),
  ],
};

describe('memberRows', () => {
  it('says how each file relates to the others, naming copies of one name by folder', () => {
    const rows = memberRows(near);
    expect(rows.map((r) => r.folder)).toEqual(['Documents', 'Downloads', 'Downloads', 'Documents/Licenses', 'Backup/Licenses']);
    expect(rows.map((r) => r.similarityText)).toEqual(['', 'identical', 'identical', '69%', 'identical']);
    expect(rows.map((r) => r.sameAs && `${r.sameAs.kind} ${r.sameAs.label}`)).toEqual([null, 'text GFDL.txt', 'bytes GFDL.txt', null, 'bytes Documents/Licenses']);
  });

  it('never says 100 % of files that are not identical', () => {
    expect(similarityText(0.999, false)).toBe('99%');
    expect(similarityText(1, false)).toBe('99%');
    expect(similarityText(0.6999, false)).toBe('69%');
    expect(similarityText(1, true)).toBe('identical');
  });
});

describe('sortMembers', () => {
  it('sorts by a column and keeps byte copies and other forms with the text they share', () => {
    const rows = memberRows(near);
    const names = (sorted: ReturnType<typeof sortMembers>) => sorted.map((r) => r.index);
    // Unsorted, the report's order, each byte copy beside its twin.
    expect(names(sortMembers(rows, null))).toEqual([0, 2, 1, 3, 4]);
    // Smallest first: the edited version (200) and its copy lead; the original's group follows whole.
    expect(names(sortMembers(rows, { column: 'size', direction: 'ascending' }))).toEqual([3, 4, 0, 2, 1]);
    expect(names(sortMembers(rows, { column: 'size', direction: 'descending' }))).toEqual([1, 0, 2, 3, 4]);
    // Folder: Backup's copy brings its original along.
    expect(names(sortMembers(rows, { column: 'folder', direction: 'ascending' }))).toEqual([4, 3, 0, 2, 1]);
  });

  it('sorts by mark: kept first, then unmarked, then deleted', () => {
    const rows = memberRows({ ...near, kind: 'exact', files: near.files.slice(0, 3).map((f) => ({ path: f.path, size: 1, mtime: 1 })) });
    const marks = { [near.files[2]!.path]: 'keep' as const, [near.files[0]!.path]: 'delete' as const };
    expect(sortMembers(rows, { column: 'mark', direction: 'ascending' }, marks).map((r) => r.index)).toEqual([2, 1, 0]);
  });
});

describe('the member view', () => {
  it('opens exact clusters and clusters of more than four files on the table', () => {
    expect(defaultMode(near)).toBe('table');
    expect(defaultMode({ ...near, files: near.files.slice(0, 4) })).toBe('columns');
    expect(defaultMode({ ...near, kind: 'exact', files: near.files.slice(0, 2) })).toBe('table');
  });

  it('compares the least similar member with the file it matches', () => {
    expect(mostDifferentPair(near)).toEqual([0, 3]);
  });

  it('steps through the files in the order the view shows them', () => {
    setOrder(near, [4, 3, 0, 2, 1]);
    expect(stepInOrder('n', 4, 1)).toBe(3);
    expect(stepInOrder('n', 1, 1)).toBe(1);
    expect(stepInOrder('n', 0, -1)).toBe(3);
    expect(stepInOrder('other', 0, 1)).toBeNull();
  });
});
