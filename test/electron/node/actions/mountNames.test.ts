// The other names of a path through the mounts, read from mountinfo text (proc(5)). The engine
// case, a real bind mount in a namespace, is in test/electron/node/cli/applyFolderNames.test.ts.
import { describe, expect, it } from 'vitest';
import { mountAliases, parseMountInfo, renamed } from '../../../../electron/node/actions/mountNames.ts';

const mountinfo = Buffer.from(
  [
    '21 1 8:2 / / rw,relatime shared:1 - ext4 /dev/sda2 rw',
    '30 21 8:1 / /data rw,relatime shared:2 - ext4 /dev/sda1 rw',
    // A subfolder of /data shown elsewhere: its files' way up never passes /data/ref.
    '31 21 8:1 /ref/sub /mnt/sub rw,relatime shared:2 - ext4 /dev/sda1 rw',
    // Space and backslash in a path are octal escapes.
    '32 21 8:1 /ref/my\\040docs /mnt/odd\\134name rw - ext4 /dev/sda1 rw',
    '33 21 0:40 / /mnt/usb rw - vfat /dev/sdb1 rw',
    // Mounted on top of the same point: the last one is what the point shows.
    '34 21 0:41 / /mnt/usb rw - tmpfs tmpfs rw',
    '',
  ].join('\n'),
);

describe('mount names', () => {
  const mounts = parseMountInfo(mountinfo);

  it('reads each mount, its escapes undone', () => {
    expect(mounts).toHaveLength(6);
    expect(mounts[1]).toEqual({ device: '8:1', root: '/', mountPoint: '/data' });
    expect(mounts[3]).toEqual({ device: '8:1', root: '/ref/my docs', mountPoint: '/mnt/odd\\name' });
  });

  it('names a bind-mounted subfolder by the mount that shows its parents', () => {
    expect(mountAliases('/mnt/sub/deeper/a.bin', mounts)).toEqual([{ folder: '/mnt/sub', sameAs: '/data/ref/sub' }]);
    expect(renamed('/mnt/sub/deeper/a.bin', { folder: '/mnt/sub', sameAs: '/data/ref/sub' })).toBe('/data/ref/sub/deeper/a.bin');
    expect(mountAliases('/mnt/odd\\name/a.bin', mounts)).toEqual([{ folder: '/mnt/odd\\name', sameAs: '/data/ref/my docs' }]);
  });

  it('gives no alias where no other mount shows a folder above', () => {
    // /mnt/sub shows less than /data: /data/ref/sub's way up already passes every folder above it.
    expect(mountAliases('/data/ref/sub/a.bin', mounts)).toEqual([]);
    expect(mountAliases('/home/a.bin', mounts)).toEqual([]);
    // The tmpfs on top of /mnt/usb holds the path, and no other mount is of its device.
    expect(mountAliases('/mnt/usb/a.bin', mounts)).toEqual([]);
  });
});
