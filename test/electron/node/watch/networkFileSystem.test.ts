import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { networkFileSystemName, networkFileSystemOf } from '../../../../electron/node/watch/networkFileSystem.ts';

describe('network file systems', () => {
  it('names the statfs types of network file systems, sign-extended or not', () => {
    expect(networkFileSystemName(0x6969)).toBe('NFS');
    expect(networkFileSystemName(0xff534d42)).toBe('CIFS');
    expect(networkFileSystemName(0xff534d42 | 0)).toBe('CIFS');
    expect(networkFileSystemName(0xfe534d42)).toBe('SMB2');
    expect(networkFileSystemName(0x65735546)).toBe('FUSE');
    expect(networkFileSystemName(0x01021997)).toBe('9P');
    // ext4 and tmpfs
    expect(networkFileSystemName(0xef53)).toBeUndefined();
    expect(networkFileSystemName(0x01021994)).toBeUndefined();
  });

  it('finds the temp folder local, and a missing path not a network one', () => {
    expect(networkFileSystemOf(tmpdir())).toBeUndefined();
    expect(networkFileSystemOf('/no/such/folder')).toBeUndefined();
  });
});
