import { describe, expect, it } from 'vitest';
import { copyKeys } from '../../shared/folders/copyKeys.ts';
import { findDuplicateFolders } from '../../shared/folders/duplicateFolders.ts';
import type { FolderFile } from '../../shared/folders/duplicateFolders.ts';
import type { Cluster, FolderMatch } from '../../shared/report.ts';

/** A generated tree: each file's content is a name; files with equal content are copies. */
function build(entries: [path: string, content: string, size?: number][]): { files: FolderFile[]; keys: Map<string, number> } {
  const contentKeys = new Map<string, number>();
  const keyOf = (content: string) => contentKeys.get(content) ?? contentKeys.set(content, contentKeys.size).size - 1;
  return {
    files: entries.map(([path, , size]) => ({ path, size: size ?? 1000 })),
    keys: new Map(entries.map(([path, content]) => [path, keyOf(content)])),
  };
}

/** `count` documents under `folder`, spread over three subfolders, with contents `doc0`…. */
function documents(folder: string, count: number, content = (i: number) => `doc${i}`): [string, string][] {
  return Array.from({ length: count }, (_, i) => [`${folder}/${['letters', 'reports', 'misc'][i % 3]}/file${i}.txt`, content(i)]);
}

const options = { roots: ['/home'], threshold: 0.8 };

function scan(entries: [string, string, number?][]) {
  const { files, keys } = build(entries);
  return findDuplicateFolders(files, keys, options);
}

describe('duplicate folders', () => {
  it('reports an exact copy once, at its top, with similarity 1', () => {
    const matches = scan([...documents('/home/Documents', 30), ...documents('/home/Backup', 30)]);
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ kind: 'folder', similarity: 1, matchedBytes: 30_000, matchedFiles: 30, onlyInA: [], onlyInB: [] });
    expect([...matches[0]!.folders].sort()).toEqual(['/home/Backup', '/home/Documents']);
  });

  it('finds a copy with 10 % of its files edited at about 0.9, listing the files only on each side', () => {
    const edited = (i: number) => (i % 10 === 0 ? `edited${i}` : `doc${i}`);
    const [match, ...others] = scan([...documents('/home/Documents', 30), ...documents('/home/Backup', 30, edited)]);
    expect(others).toEqual([]);
    expect(match!.similarity).toBeCloseTo(0.9, 2);
    expect(match!.onlyInA).toHaveLength(3);
    expect(match!.onlyInB).toHaveLength(3);
    expect(match!.onlyInA.every((path) => path.startsWith(`${match!.folders[0]}/`))).toBe(true);
    expect(match!.matchedFiles).toBe(27);
    // Every file of each folder is listed once, matched or only there.
    expect(match!.matchedInA).toHaveLength(27);
    expect(match!.matchedInB).toHaveLength(27);
    expect(new Set([...match!.matchedInB!, ...match!.onlyInB]).size).toBe(30);
    expect(match!.matchedInB!.every((path) => path.startsWith(`${match!.folders[1]}/`))).toBe(true);
  });

  it('finds a copy with 10 % of its files removed or added', () => {
    const removed = scan([...documents('/home/Documents', 30), ...documents('/home/Backup', 30).filter((_, i) => i % 10 !== 0)]);
    expect(removed).toHaveLength(1);
    expect(removed[0]!.folders).toEqual(['/home/Documents', '/home/Backup']);
    expect(removed[0]!.similarity).toBeCloseTo(54 / 57, 2);
    expect(removed[0]!.onlyInA).toHaveLength(3);
    expect(removed[0]!.onlyInB).toEqual([]);

    const added = scan([...documents('/home/Documents', 30), ...documents('/home/Backup', 33, (i) => (i >= 30 ? `new${i}` : `doc${i}`))]);
    expect(added).toHaveLength(1);
    expect(added[0]!.folders[0]).toBe('/home/Backup');
    expect(added[0]!.similarity).toBeCloseTo(60 / 63, 2);
    expect(added[0]!.onlyInA).toHaveLength(3);
  });

  it('reports a copy nested deeper elsewhere once, not each of its subfolders, nor the unrelated parents', () => {
    const matches = scan([
      ...documents('/home/ann/Documents', 30),
      ...documents('/home/ann/Pictures', 30, (i) => `photo${i}`),
      ...documents('/home/old-laptop/Documents', 30),
      ...documents('/home/old-laptop/Music', 30, (i) => `song${i}`),
    ]);
    expect(matches.map((m) => [...m.folders].sort())).toEqual([['/home/ann/Documents', '/home/old-laptop/Documents']]);
  });

  it('does not report unrelated folders that share a few files', () => {
    const shared = (prefix: string) => (i: number) => (i < 3 ? `common${i}` : `${prefix}${i}`);
    expect(scan([...documents('/home/a', 30, shared('a')), ...documents('/home/b', 30, shared('b'))])).toEqual([]);
  });

  it('needs both the bytes and the files to match: one shared large file is not enough', () => {
    const entries: [string, string, number][] = [
      ['/home/a/movie.mkv', 'movie', 10_000_000],
      ['/home/b/movie.mkv', 'movie', 10_000_000],
      ...Array.from({ length: 10 }, (_, i): [string, string, number] => [`/home/a/note${i}.txt`, `a${i}`, 100]),
      ...Array.from({ length: 10 }, (_, i): [string, string, number] => [`/home/b/note${i}.txt`, `b${i}`, 100]),
    ];
    expect(scan(entries)).toEqual([]);
  });

  it('follows the threshold option and never reports a pair below it', () => {
    const edited = (i: number) => (i % 4 === 0 ? `edited${i}` : `doc${i}`);
    const { files, keys } = build([...documents('/home/Documents', 30), ...documents('/home/Backup', 30, edited)]);
    const isTop = (m: FolderMatch) => m.folders.includes('/home/Documents');
    // 8 of 30 files edited: the whole folders are 22/30 alike; one subfolder happens to be 0.8.
    const strict = findDuplicateFolders(files, keys, options);
    expect(strict.filter(isTop)).toEqual([]);
    expect(strict.every((m) => m.similarity >= 0.8)).toBe(true);
    const loose = findDuplicateFolders(files, keys, { ...options, threshold: 0.7 });
    expect(loose).toHaveLength(1);
    expect(loose[0]!.similarity).toBeCloseTo(22 / 30, 2);
    expect(isTop(loose[0]!)).toBe(true);
  });

  it('counts hard links of one file as copies', () => {
    const files = [...documents('/home/a', 6), ...documents('/home/b', 6)].map(([path], i) => ({ path, size: 10, fileId: `1:${i % 6}` }));
    expect(findDuplicateFolders(files, new Map(), options)).toHaveLength(1);
  });
});

describe('copy keys', () => {
  it('groups exact clusters and the same-text runs of near clusters, and leaves containers out', () => {
    const file = (path: string, identical?: 'bytes' | 'text') => ({ path, size: 1, mtime: 0, ...(identical ? { identical } : {}) });
    const clusters: Cluster[] = [
      { id: 'exact-1', kind: 'exact', similarity: 1, reclaimable: 1, files: [{ ...file('/a'), links: ['/a-link'] }, file('/b')] },
      { id: 'near-1', kind: 'near', similarity: 0.7, reclaimable: 1, files: [file('/c.txt'), file('/c.html', 'text'), file('/d.txt'), file('/d-copy.txt', 'bytes')] },
      { id: 'contained-1', kind: 'contained', similarity: 0.9, reclaimable: 1, files: [file('/whole.txt'), file('/part.txt')] },
    ];
    const keys = copyKeys(clusters);
    expect(keys.get('/a')).toBe(keys.get('/b'));
    expect(keys.get('/a-link')).toBe(keys.get('/a'));
    expect(keys.get('/c.html')).toBe(keys.get('/c.txt'));
    expect(keys.get('/d-copy.txt')).toBe(keys.get('/d.txt'));
    expect(keys.get('/d.txt')).not.toBe(keys.get('/c.txt'));
    expect(keys.has('/whole.txt')).toBe(false);
    expect(keys.has('/part.txt')).toBe(true);
  });
});
