// `shingle scan --summary`: the folders whose clean-up frees the most, before the clusters, in the
// human report's manner (a figure line, then the folder). The figures are folderSummary's: what
// removing the cluster files in a folder frees, one file of each cluster staying.
import { formatBytes, plural } from '../../../shared/format.ts';
import { folderSummary, reclaimBytes, reclaimFiles } from '../../../shared/folders/folderSummary.ts';
import type { FolderReclaim } from '../../../shared/folders/folderSummary.ts';
import type { ScanReport } from '../../../shared/report.ts';
import { folderPath } from './humanReport.ts';

export const SUMMARY_FOLDERS = 20;

/** Each kind present, with its bytes: "2.1 MB byte copies, 40 kB same text". */
function kindsLine(folder: FolderReclaim): string {
  const kinds: [number, number, string][] = [
    [folder.copyFiles, folder.copyBytes, 'byte copies'],
    [folder.sameTextFiles, folder.sameTextBytes, 'same text in another format'],
    [folder.editedFiles, folder.editedBytes, 'edited versions or excerpts'],
  ];
  return kinds
    .filter(([files]) => files > 0)
    .map(([, bytes, what]) => `${formatBytes(bytes)} ${what}`)
    .join(', ');
}

export function formatFolderSummary(report: ScanReport): string {
  const folders = folderSummary(report.clusters, report.roots)
    .folders.filter((folder) => reclaimFiles(folder) > 0)
    // Most freed first; of equal figures, the folder above before the one below it.
    .sort((a, b) => reclaimBytes(b) - reclaimBytes(a) || a.path.length - b.path.length || (a.path < b.path ? -1 : 1))
    .slice(0, SUMMARY_FOLDERS);
  if (folders.length === 0) return '';
  const lines = [`Folders with the most reclaimable space (removing their copies, one of each group staying):`];
  for (const folder of folders) {
    lines.push(`  ${formatBytes(reclaimBytes(folder))} reclaimable · ${plural(reclaimFiles(folder), 'file')} in ${plural(folder.clusters, 'group')}: ${kindsLine(folder)}`);
    lines.push(`    ${folderPath(folder.path)}`);
  }
  return lines.join('\n') + '\n\n';
}
