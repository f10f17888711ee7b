// The one path-inside-folder rule, on POSIX and Windows paths alike, whatever platform runs it.
import { describe, expect, it } from 'vitest';
import { isPlainAbsolutePath, isWithin, isWithinAny, isWindowsPath, samePath, withinFolder } from '../../shared/paths/isWithin.ts';

// [path, folder, platform, expected]
const table: [string, string, string | undefined, boolean][] = [
  // POSIX: the folder itself, below it, a sibling with the same start, trailing and doubled separators.
  ['/home/ann/docs', '/home/ann/docs', undefined, true],
  ['/home/ann/docs/a.txt', '/home/ann/docs', undefined, true],
  ['/home/ann/docs/a.txt', '/home/ann/docs/', undefined, true],
  ['/home/ann/docs', '/home/ann/docs/', undefined, true],
  ['/home/ann/docs//deep/a.txt', '/home/ann//docs', undefined, true],
  ['/home/ann/docs-old/a.txt', '/home/ann/docs', undefined, false],
  ['/home/ann/doc', '/home/ann/docs', undefined, false],
  ['/home/ann', '/home/ann/docs', undefined, false],
  ['/anything/at/all', '/', undefined, true],
  // POSIX case rules: Linux tells case apart, macOS (by default) does not.
  ['/home/ann/Docs/a.txt', '/home/ann/docs', 'linux', false],
  ['/home/ann/Docs/a.txt', '/home/ann/docs', 'darwin', true],
  ['/Users/Ann/Docs/a.txt', '/users/ann/docs', 'mac', true],
  // A backslash is an ordinary character in a POSIX name.
  ['/home/ann/docs\\a.txt', '/home/ann/docs', undefined, false],
  ['/home/ann/docs\\a/b.txt', '/home/ann/docs\\a', undefined, true],
  // Windows: either separator, drive letters, no case, the folder itself, the drive root.
  ['C:\\Users\\ann\\Backup\\report.txt', 'C:\\Users\\ann\\Backup', undefined, true],
  ['C:\\Users\\ann\\Backup', 'C:\\Users\\ann\\Backup', undefined, true],
  ['C:\\Users\\ann\\Backup', 'C:\\Users\\ann\\Backup\\', undefined, true],
  ['C:/Users/ann/Backup/report.txt', 'C:\\Users\\ann\\Backup', undefined, true],
  ['c:\\users\\ANN\\backup\\report.txt', 'C:\\Users\\ann\\Backup', undefined, true],
  ['C:\\Users\\ann\\Backup2\\report.txt', 'C:\\Users\\ann\\Backup', undefined, false],
  ['D:\\Users\\ann\\Backup\\report.txt', 'C:\\Users\\ann\\Backup', undefined, false],
  ['C:\\report.txt', 'C:\\', undefined, true],
  ['C:\\report.txt', 'C:', undefined, true],
  ['C:\\Users\\\\ann\\a.txt', 'C:\\Users\\ann', undefined, true],
  // UNC shares.
  ['\\\\server\\share\\a.txt', '\\\\server\\share', undefined, true],
  ['\\\\server\\share2\\a.txt', '\\\\server\\share', undefined, false],
  ['//server/share/a.txt', '\\\\server\\share', undefined, true],
  // A Windows folder never holds a POSIX path, nor the other way round.
  ['/Users/ann/Backup/report.txt', 'C:\\Users\\ann\\Backup', undefined, false],
  ['C:\\Users\\ann\\Backup\\report.txt', '/Users/ann/Backup', undefined, false],
  // On Windows even paths without a drive letter compare as Windows paths.
  ['\\Users\\ann\\Backup\\a.txt', '/users/ann/backup', 'win32', true],
];

describe('isWithin', () => {
  it.each(table)('%s within %s (%s) is %s', (path, folder, platform, expected) => {
    expect(isWithin(path, folder, platform)).toBe(expected);
  });

  it('gives the same answers with the folder fixed once (withinFolder), also for one folder tested against paths of both kinds', () => {
    for (const [path, folder, platform, expected] of table) expect(withinFolder(folder, platform)(path), `${path} within ${folder}`).toBe(expected);
    const inBackup = withinFolder('C:\\Users\\ann\\Backup');
    expect(['C:/Users/ann/Backup/a.txt', '/Users/ann/Backup/a.txt', 'c:\\users\\ann\\backup'].map(inBackup)).toEqual([true, false, true]);
  });

  it('recognises Windows paths by drive letter or UNC prefix', () => {
    expect(['C:\\x', 'c:/x', 'Z:', '\\\\srv\\share'].map(isWindowsPath)).toEqual([true, true, true, true]);
    expect(['/x', 'x:y', 'relative\\path', '/C:/x'].map(isWindowsPath)).toEqual([false, false, false, false]);
  });

  it('isWithinAny is true when one folder holds the path', () => {
    expect(isWithinAny('C:\\Backup\\a.txt', ['/srv', 'C:\\backup'])).toBe(true);
    expect(isWithinAny('/srv2/a.txt', ['/srv', 'C:\\backup'])).toBe(false);
    expect(isWithinAny('/srv/a.txt', [])).toBe(false);
  });

  it('tells a plain absolute path, as a scan writes it, from one whose text is not where it leads', () => {
    const plain = ['/', '/a', '/a/b c/ d', '/a/..b/c.', 'C:\\', 'C:\\Users\\ann', '\\\\srv\\share', '\\\\srv\\share\\a'];
    expect(plain.filter((path) => !isPlainAbsolutePath(path, 'linux'))).toEqual([]);
    const notPlain = ['a/b', '', '/a/../b', '/a/./b', '/a//b', '/a/', '/..', 'C:\\a\\..\\b', 'C:a', 'C:\\a\\', '\\\\srv', 'C:\\a\\.'];
    expect(notPlain.filter((path) => isPlainAbsolutePath(path, 'linux'))).toEqual([]);
    expect(isPlainAbsolutePath('\\Users\\ann', 'win32')).toBe(false);
    expect(['\\\\srv\\..\\x', '\\\\..\\share\\x'].filter((path) => isPlainAbsolutePath(path, 'win32'))).toEqual([]);
  });

  it('samePath compares by the platform rules', () => {
    expect(samePath('/a/b', '/a/b/', 'linux')).toBe(true);
    expect(samePath('/a/B', '/a/b', 'linux')).toBe(false);
    expect(samePath('/a/B', '/a/b', 'darwin')).toBe(true);
    expect(samePath('C:\\A\\b', 'c:/a/b', 'win32')).toBe(true);
  });
});
