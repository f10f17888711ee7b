import { describe, expect, it } from 'vitest';
import { distinguishingFolders } from '../../renderer/format/folderLabels.ts';

describe('distinguishingFolders', () => {
  it('shows each folder below the ones all the files share', () => {
    expect(distinguishingFolders(['/home/me/Documents/Apache-2.0.txt', '/home/me/Backup/Apache-2.0.txt', '/home/me/Downloads/Apache-2.0.txt'])).toEqual(['Documents', 'Backup', 'Downloads']);
    expect(distinguishingFolders(['/h/Documents/Licenses/GFDL-1.2.txt', '/h/Backup/Documents-2023/Licenses/GFDL-1.2.txt'])).toEqual(['Documents/Licenses', 'Backup/Documents-2023/Licenses']);
  });

  it('names the shared folder where a file lies in it, so no label is empty', () => {
    expect(distinguishingFolders(['/h/Docs/a.txt', '/h/Docs/Old/a.txt'])).toEqual(['Docs', 'Docs/Old']);
    expect(distinguishingFolders(['/h/Reports/a.txt', '/h/Reports/a.html'])).toEqual(['Reports', 'Reports']);
  });

  it('reads Windows paths', () => {
    expect(distinguishingFolders(['C:\\Users\\me\\Documents\\a.txt', 'D:\\Backup\\a.txt'])).toEqual(['C:/Users/me/Documents', 'D:/Backup']);
  });
});
