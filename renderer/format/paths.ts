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

/** True when path is folder itself or lies below it. */
export function isInFolder(path: string, folder: string): boolean {
  const trimmed = folder.replace(/[\\/]+$/, '');
  if (path === trimmed) return true;
  return path.startsWith(trimmed) && SEPARATOR.test(path.charAt(trimmed.length));
}

export function isInAnyFolder(path: string, folders: readonly string[]): boolean {
  return folders.some((folder) => isInFolder(path, folder));
}
