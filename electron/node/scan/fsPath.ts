// Paths are strings with escaped bytes (shared/fsName.ts); the file system wants the real bytes.
import { encodeFsName, hasEscapedBytes } from '../../../shared/fsName.ts';

/** The form of a path to hand to node:fs: its exact bytes when it holds escaped bytes. */
export function toFsPath(path: string): string | Buffer {
  return hasEscapedBytes(path) ? Buffer.from(encodeFsName(path)) : path;
}
