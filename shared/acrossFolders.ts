// "Across folders only" (`--across`, and the app's option): keep just the clusters whose files
// lie in at least two of the chosen folders — a folder against another, not within itself.
// Each file counts for the innermost chosen folder holding it, so nested folders stay apart.
import { isWithin } from './paths/isWithin.ts';

/** The innermost of `folders` that holds `path`, or null. */
function folderOf(path: string, folders: readonly string[]): string | null {
  let best: string | null = null;
  for (const folder of folders) if (isWithin(path, folder) && (best === null || folder.length > best.length)) best = folder;
  return best;
}

/** How many of `folders` the cluster's files lie in. */
export function foldersSpanned(cluster: { files: readonly { path: string }[] }, folders: readonly string[]): number {
  const spanned = new Set<string>();
  for (const file of cluster.files) {
    const folder = folderOf(file.path, folders);
    if (folder !== null) spanned.add(folder);
  }
  return spanned.size;
}

export function acrossFolders<C extends { files: readonly { path: string }[] }>(clusters: readonly C[], folders: readonly string[]): C[] {
  return clusters.filter((cluster) => foldersSpanned(cluster, folders) >= 2);
}
