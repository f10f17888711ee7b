import { describe, expect, it } from 'vitest';
import { acrossFolders, foldersSpanned } from '../../shared/acrossFolders.ts';

const cluster = (...paths: string[]) => ({ files: paths.map((path) => ({ path })) });

describe('acrossFolders', () => {
  const folders = ['/home/ann/Work', '/home/ann/Archive', '/home/ann/Work/Old'];

  it('keeps clusters spanning two chosen folders, not those within one', () => {
    const across = cluster('/home/ann/Work/a.txt', '/home/ann/Archive/a.txt');
    const within = cluster('/home/ann/Work/a.txt', '/home/ann/Work/sub/b.txt');
    expect(acrossFolders([across, within], folders)).toEqual([across]);
  });

  it('counts a file for the innermost chosen folder, and no folder for a file outside them', () => {
    expect(foldersSpanned(cluster('/home/ann/Work/a.txt', '/home/ann/Work/Old/a.txt'), folders)).toBe(2);
    expect(foldersSpanned(cluster('/home/ann/Work/a.txt', '/elsewhere/a.txt'), folders)).toBe(1);
    expect(foldersSpanned(cluster('/home/ann/Workshop/a.txt', '/home/ann/Work/a.txt'), folders)).toBe(1);
  });
});
