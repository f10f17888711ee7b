// Paths are strings with escaped bytes (shared/fsName.ts); the file system wants the real bytes.
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { decodeFsName, encodeFsName, hasEscapedBytes } from '../../../shared/fsName.ts';

/** The form of a path to hand to node:fs: its exact bytes when it holds escaped bytes. */
export function toFsPath(path: string): string | Buffer {
  return hasEscapedBytes(path) ? Buffer.from(encodeFsName(path)) : path;
}

/** The real path, named as the walk names paths (escaped bytes as in shared/fsName.ts). */
export function realPath(fsPath: string | Buffer): string {
  return decodeFsName(realpathSync.native(fsPath, { encoding: 'buffer' }));
}

/** The real path of `path` (the walk lists real paths), or the path resolved if it cannot be read. */
export function realPathOr(path: string): string {
  try {
    return realPath(toFsPath(path));
  } catch {
    return resolve(path);
  }
}
