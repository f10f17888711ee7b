// The scan's duplicate-folder step: the walked files and the clusters into shared/folders.
import { copyKeys } from '../../../shared/folders/copyKeys.ts';
import { findDuplicateFolders } from '../../../shared/folders/duplicateFolders.ts';
import type { Cluster, FolderMatch } from '../../../shared/report.ts';
import { DEFAULT_FOLDER_THRESHOLD } from '../../../shared/scanOptions.ts';
import type { ScanOptions } from '../../../shared/scanOptions.ts';
import type { WalkedFile } from './types.ts';

/** Folder pairs alike at options.folderThreshold or more; undefined when options.folders is false. */
export function duplicateFolders(files: readonly WalkedFile[], clusters: readonly Cluster[], options: ScanOptions): FolderMatch[] | undefined {
  if (options.folders === false) return undefined;
  return findDuplicateFolders(files, copyKeys(clusters), { roots: options.roots, threshold: options.folderThreshold ?? DEFAULT_FOLDER_THRESHOLD });
}
