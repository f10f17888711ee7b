import { describe, expect, it } from 'vitest';
import { clusterFolders } from '../../shared/clusterFolders.ts';

const cluster = (...paths: string[]) => ({ files: paths.map((path) => ({ path })) });

describe('clusterFolders', () => {
  it('lists the folders holding clustered files and those above them up to the root', () => {
    const folders = clusterFolders([cluster('/home/ann/Docs/a/x.txt', '/home/ann/Docs/b/x.txt'), cluster('/home/ann/Docs/a/y.txt', '/home/ann/Docs/a/z.txt')], ['/home/ann/Docs/']);
    expect(folders).toEqual([
      { path: '/home/ann/Docs', clusters: 2, split: 0 },
      // Every file of the second cluster is in a: a keep rule naming it decides only the first.
      { path: '/home/ann/Docs/a', clusters: 2, split: 1 },
      { path: '/home/ann/Docs/b', clusters: 1, split: 1 },
    ]);
  });

  it('lists only its own folder for a file outside every root, and splits Windows paths', () => {
    expect(clusterFolders([cluster('/elsewhere/deep/f.txt')], ['/home'])).toEqual([{ path: '/elsewhere/deep', clusters: 1, split: 0 }]);
    expect(clusterFolders([cluster('C:\\Users\\ann\\f.txt')], ['C:\\Users'])).toEqual([
      { path: 'C:\\Users', clusters: 1, split: 0 },
      { path: 'C:\\Users\\ann', clusters: 1, split: 0 },
    ]);
  });
});
