// Paths as the engine reported them (POSIX or Windows); the UI only splits and compares them.
import { displayPath } from '../../shared/fsName.ts';

const SEPARATOR = /[\\/]/;

export function baseName(path: string): string {
  const parts = path.split(SEPARATOR).filter(Boolean);
  return displayPath(parts.at(-1) ?? path);
}

/** The folder part of a path, for display under the file name. */
export function folderName(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return displayPath(cut > 0 ? path.slice(0, cut) : path.slice(0, cut + 1));
}
