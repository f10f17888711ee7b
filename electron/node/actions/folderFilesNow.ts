// A duplicate-folder pair's files as they are now: marked from the results (which follow the
// disk), and the files the scan listed that no longer belong to any cluster looked up on disk, so
// a file removed since (by a clean-up, say) is not shown, and its twin that stays is "only here".
import { lstat } from 'node:fs/promises';
import { folderPairFiles, scannedPairFiles } from '../../../shared/folders/folderFiles.ts';
import type { FolderPairFiles } from '../../../shared/folders/folderFiles.ts';
import type { Cluster, FolderMatch } from '../../../shared/report.ts';
import { toFsPath } from '../scan/fsPath.ts';

/** Looked up this many at a time. */
const LOOKUPS_AT_ONCE = 64;

export async function folderFilesNow(match: FolderMatch, clusters: readonly Cluster[]): Promise<FolderPairFiles> {
  const inResults = new Set(clusters.flatMap((cluster) => cluster.files.flatMap((file) => [file.path, ...(file.links ?? [])])));
  const toLook = scannedPairFiles(match).filter((path) => !inResults.has(path));
  const gone = new Set<string>();
  for (let i = 0; i < toLook.length; i += LOOKUPS_AT_ONCE) {
    const batch = toLook.slice(i, i + LOOKUPS_AT_ONCE);
    const found = await Promise.all(batch.map((path) => lstat(toFsPath(path)).then((info) => info.isFile(), () => false)));
    batch.forEach((path, j) => found[j] || gone.add(path));
  }
  return folderPairFiles(match, clusters, process.platform, gone);
}
