import { describe, expect, it } from 'vitest';
import { folderLabel } from '../../renderer/cleanup/cleanupRules.ts';

describe('folderLabel', () => {
  it('names a keep rule folder from the scanned folder it is in, whole segments only', () => {
    const roots = ['/home/ann', '/home/ann/Backup/', '/mnt/old'];
    expect(folderLabel('/home/ann/Documents/Licenses', roots)).toBe('ann/Documents/Licenses');
    // The deepest scanned folder it is in.
    expect(folderLabel('/home/ann/Backup/Licenses', roots)).toBe('Backup/Licenses');
    expect(folderLabel('/mnt/old', roots)).toBe('old');
    // Not within a root by a shared prefix of letters.
    expect(folderLabel('/mnt/older/x', roots)).toBe('/mnt/older/x');
    expect(folderLabel('C:\\Users\\ann\\Docs', ['C:\\Users\\ann'])).toBe('ann/Docs');
  });
});
