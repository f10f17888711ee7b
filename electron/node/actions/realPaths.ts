// Paths are compared as real paths everywhere (roots, reference folders, in:/not-in:, move
// targets): the scan reports files under their real paths, so a folder named through a symlink
// must be resolved the same way or it protects nothing.
import { realpath } from 'node:fs/promises';
import { dirname, basename, join, resolve } from 'node:path';
import { decodeFsName } from '../../../shared/fsName.ts';
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
