// One rule for a folder where Shingle puts what another user must not reach or swap (the trash
// on a shared drive, the clean-ups' lock): a real directory, owned by this user, writable by no
// one else. Without user ids (Windows) only the first part can be checked.
import type { Stats } from 'node:fs';

/** What keeps `found` from being a folder only this user controls; undefined when nothing does. */
export function notOwnFolder(found: Stats, uid = process.getuid?.()): string | undefined {
  if (found.isSymbolicLink()) return 'is a symbolic link';
  if (!found.isDirectory()) return 'is not a folder';
  if (uid === undefined) return undefined;
  if (found.uid !== uid) return 'belongs to another user';
  return (found.mode & 0o022) !== 0 ? 'can be written by other users' : undefined;
}
