// Other names of a path through the mounts (Linux). A bind mount of a subfolder (/mnt/sub shows
// /data/ref/sub) gives the files below it a name whose way up never passes /data/ref, so a walk up
// by identity (folderIdentity.ts) cannot find that folder. /proc/self/mountinfo tells, for each
// mount, its device and the folder of the device it shows (its root): a path under one mount is
// also a path under every other mount of that device that shows a folder at or above its root.
// Where there is no /proc (macOS, Windows) no other names are known and the walk up stands alone.
import { readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import { isWithin } from '../../../shared/paths/isWithin.ts';
import { octalEscapedPath } from './octalEscapedPath.ts';

export interface Mount {
  /** "major:minor" of the file system. */
  device: string;
  /** The folder of that file system the mount shows, from the file system's own root. */
  root: string;
  /** Where it is shown. */
  mountPoint: string;
}

/** The mounts of a mountinfo text (proc(5)): "id parent major:minor root mount-point options …", paths octal-escaped. */
export function parseMountInfo(text: Buffer): Mount[] {
  const mounts: Mount[] = [];
  for (const line of text.toString('latin1').split('\n')) {
    const [, , device, root, mountPoint] = line.split(' ');
    if (device === undefined || root === undefined || mountPoint === undefined) continue;
    mounts.push({ device, root: octalEscapedPath(root), mountPoint: octalEscapedPath(mountPoint) });
  }
  return mounts;
}

/** This process's mounts; none where there is no /proc/self/mountinfo. */
export async function readMounts(): Promise<Mount[]> {
  if (process.platform !== 'linux') return [];
  const text = await readFile('/proc/self/mountinfo').catch(() => undefined);
  return text ? parseMountInfo(text) : [];
}

/** One folder and another name for it: every path below `folder` is also below `sameAs`. */
export interface MountAlias {
  folder: string;
  sameAs: string;
}

/** The mount a path is under: the deepest mount point above it; of mounts stacked on one point, the last (the one on top). */
function mountHolding(path: string, mounts: readonly Mount[]): Mount | undefined {
  let found: Mount | undefined;
  for (const mount of mounts) {
    if (isWithin(path, mount.mountPoint, 'posix') && (found === undefined || mount.mountPoint.length >= found.mountPoint.length)) found = mount;
  }
  return found;
}

/**
 * For a real path, its mount's point and each name other mounts of the same device give that
 * folder where they show a folder at or above the mount's root: /mnt/sub → /data/ref/sub when
 * /mnt/sub shows /ref/sub and /data shows / of one device. Names from the text only: the caller
 * checks each by identity, since a later mount may hide a mount point's folder.
 */
export function mountAliases(path: string, mounts: readonly Mount[]): MountAlias[] {
  const holding = mountHolding(path, mounts);
  if (holding === undefined) return [];
  const aliases: MountAlias[] = [];
  for (const other of mounts) {
    if (other === holding || other.device !== holding.device || !isWithin(holding.root, other.root, 'posix')) continue;
    const sameAs = posix.join(other.mountPoint, posix.relative(other.root, holding.root));
    if (sameAs !== holding.mountPoint && !aliases.some((alias) => alias.sameAs === sameAs)) aliases.push({ folder: holding.mountPoint, sameAs });
  }
  return aliases;
}

/** `path` (below `alias.folder`) by the alias's other name. */
export function renamed(path: string, alias: MountAlias): string {
  return posix.join(alias.sameAs, posix.relative(alias.folder, path));
}
