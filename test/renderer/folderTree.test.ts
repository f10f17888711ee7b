// The folder view's tree: files grouped by subfolder with their counts, and a large folder's
// entries shown a first part at a time.
import { expect, it } from 'vitest';
import { buildTree, hiddenEntries, SHOWN_AT_FIRST } from '../../renderer/folders/folderTreeModel.ts';

it('groups the files below the folder by subfolder, counting each folder’s files and matched ones', () => {
  const tree = buildTree('/home/Backup/', [
    { path: '/home/Backup/a.txt', state: 'matched' },
    { path: '/home/Backup/letters/b.txt', state: 'only-here' },
    { path: '/home/Backup/letters/2024/c.txt', state: 'matched' },
    { path: '/home/Backup/letters/2024/d.txt', state: 'changed' },
  ]);
  expect(tree).toMatchObject({ total: 4, matched: 2 });
  expect(tree.files.map((f) => f.name)).toEqual(['a.txt']);
  const letters = tree.folders.get('letters')!;
  expect(letters).toMatchObject({ total: 3, matched: 1 });
  expect(letters.files.map((f) => f.name)).toEqual(['b.txt']);
  expect(letters.folders.get('2024')).toMatchObject({ total: 2, matched: 1 });
});

it('shows a large folder’s first entries, and all once asked', () => {
  expect(hiddenEntries(SHOWN_AT_FIRST, false)).toBe(0);
  expect(hiddenEntries(SHOWN_AT_FIRST + 5, false)).toBe(5);
  expect(hiddenEntries(SHOWN_AT_FIRST + 5, true)).toBe(0);
});
