// A file's folder as much as tells it from the other files of its cluster: below the folders they
// all share ("Documents", "Backup/Documents-2023/Licenses"), so three Apache-2.0.txt read as
// three places at a glance. The full path stays a hover or a copy away.
import { displayPath } from '../../shared/fsName.ts';

const SEPARATOR = /[\\/]/;

function folderSegments(path: string): string[] {
  return path.split(SEPARATOR).filter(Boolean).slice(0, -1);
}

/** How many leading folders every one of the lists shares. */
function sharedDepth(lists: readonly string[][]): number {
  const [first = [], ...rest] = lists;
  let depth = 0;
  while (depth < first.length && rest.every((list) => list[depth] === first[depth])) depth++;
  return depth;
}

/**
 * Each file's folder below the folders all of them share. Where a file lies in the shared folder
 * itself (or all share one folder), that folder's own name leads every label, so none is empty.
 */
export function distinguishingFolders(paths: readonly string[]): string[] {
  const folders = paths.map(folderSegments);
  const shared = sharedDepth(folders);
  const anyInShared = folders.some((segments) => segments.length === shared);
  const from = anyInShared ? Math.max(0, shared - 1) : shared;
  return folders.map((segments) => displayPath(segments.slice(from).join('/')) || '/');
}
