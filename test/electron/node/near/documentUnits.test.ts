// Which file a document unit is read by: the name whose format decides the text, also when that
// name is not the first inode's (a byte copy or hard link with a name that is no document).
// Extractions and verified similarities are cached under that file, so another name's are not reused.
import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../../../shared/report.ts';
import { collectInodes, documentUnits, unitFile } from '../../../../electron/node/near/documentUnits.ts';
import type { WalkedFile } from '../../../../electron/node/scan/types.ts';

const file = (path: string, fileId: string): WalkedFile => ({ path, size: 100, mtimeMs: 1, ctimeMs: 1, fileId, nlink: 1 });

describe('unitFile', () => {
  it('is the file of the name read when the first copy of an exact cluster has a name that is no document', () => {
    const files = [file('/t/a.png', '1:1'), file('/t/b.txt', '1:2')];
    const cluster = { id: 'c', kind: 'exact', files: files.map((f) => ({ path: f.path, size: f.size, mtime: f.mtimeMs })) } as unknown as Cluster;
    const [unit] = documentUnits(collectInodes(files), [cluster]);
    expect(unit!.path).toBe('/t/b.txt');
    expect(unit!.inodes[0]!.file.path).toBe('/t/a.png');
    expect(unitFile(unit!).path).toBe('/t/b.txt');
  });

  it('is the file under the name read when that name is a hard link of the first', () => {
    const files = [{ ...file('/t/a.png', '1:1'), nlink: 2 }, { ...file('/t/b.txt', '1:1'), nlink: 2 }];
    const [unit] = documentUnits(collectInodes(files), []);
    expect(unit!.path).toBe('/t/b.txt');
    expect(unit!.inodes[0]!.file.path).toBe('/t/a.png');
    expect(unitFile(unit!)).toEqual({ ...files[0], path: '/t/b.txt' });
  });
});
