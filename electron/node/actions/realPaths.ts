// Paths are compared as real paths everywhere (roots, reference folders, in:/not-in:, move
// targets): the scan reports files under their real paths, so a folder named through a symlink
// must be resolved the same way or it protects nothing.
import { realpath } from 'node:fs/promises';
import { dirname, basename, join, resolve } from 'node:path';
import { decodeFsName } from '../../../shared/fsName.ts';
import { samePath } from '../../../shared/paths/isWithin.ts';
import { toFsPath } from '../scan/fsPath.ts';

/**
 * The real path of `path`; for a path that does not exist (yet), the real path of its nearest
 * existing ancestor with the rest appended, so a move target or a vanished root still compares.
 */
export async function realPathOf(path: string): Promise<string> {
  const absolute = resolve(path);
  try {
    return decodeFsName(await realpath(toFsPath(absolute), { encoding: 'buffer' }));
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : join(await realPathOf(parent), basename(absolute));
  }
}

export function realPaths(paths: readonly string[]): Promise<string[]> {
  return Promise.all(paths.map(realPathOf));
}

/**
 * Whether a folder on the way to `path` is now a symbolic link (or a junction) to another place,
 * so that the path reaches a file somewhere else than where the scan found it (in a reference
 * folder, say). Scans report real paths, so a path whose folder is not its own real path was
 * rerouted since. A folder that is gone counts by its nearest existing one.
 */
export async function folderRerouted(path: string): Promise<boolean> {
  const folder = dirname(path);
  return !samePath(await realPathOf(folder), folder, process.platform);
}
