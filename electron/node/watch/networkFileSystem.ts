// Which roots live on a network file system. inotify only hears changes made through this
// machine's own mount: a colleague saving on the file server is never announced. Such roots are
// rescanned on a timer instead. Linux only: elsewhere statfs's type is not a stable magic number.
import { statfsSync } from 'node:fs';
import { toFsPath } from '../scan/fsPath.ts';

/** statfs f_type magic numbers (linux/magic.h and the file systems' own headers). */
const NETWORK_FILE_SYSTEMS = new Map<number, string>([
  [0x6969, 'NFS'],
  [0x517b, 'SMB'],
  [0xff534d42, 'CIFS'],
  [0xfe534d42, 'SMB2'],
  [0x01021997, '9P'],
  [0x65735546, 'FUSE'],
  [0x5346414f, 'AFS'],
  [0x00c36400, 'Ceph'],
  [0x0bd00bd0, 'Lustre'],
  [0x73757245, 'Coda'],
  [0x564c, 'NCP'],
]);

/** The name of a network file system's statfs type, or undefined for a local one. */
export function networkFileSystemName(type: number): string | undefined {
  // Some kernels and libcs hand the 32-bit magic back sign-extended.
  return NETWORK_FILE_SYSTEMS.get(type >>> 0);
}

/** The network file system `path` is on, if any; undefined when local, unknown or unreadable. */
export function networkFileSystemOf(path: string): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    return networkFileSystemName(statfsSync(toFsPath(path)).type);
  } catch {
    // A root that cannot be read is reported by the walk; watching it natively costs nothing.
    return undefined;
  }
}
