// The human-readable `shingle scan` output: duplicate folders first (they free the most at once),
// then clusters by reclaimable space, then one summary line.
import { displayPath } from '../../../shared/fsName.ts';
import { formatBytes, formatCount, formatDuration } from '../../../shared/format.ts';
import type { Cluster, FolderMatch, ReportFile, ScanReport } from '../../../shared/report.ts';
import { clusterKinds } from '../../../shared/contract/vocabulary.ts';

function fileLine(file: ReportFile): string {
  const links = file.links?.length ? `  (same file as ${file.links.map(displayPath).join(', ')})` : '';
  const format = file.format ? `  [${file.format}${file.words !== undefined ? `, ${formatCount(file.words)} words` : ''}]` : '';
  return `    ${displayPath(file.path)}${format}${links}`;
}

function clusterHeading(cluster: Cluster): string {
  const size = formatBytes(cluster.reclaimable);
  if (cluster.kind === 'exact') {
    return `  ${size} reclaimable · ${cluster.files.length} identical files of ${formatBytes(cluster.files[0]?.size ?? 0)}`;
  }
  const similarity = `${Math.round(cluster.similarity * 100)}%`;
  const what = cluster.kind === 'near' ? `${cluster.files.length} near-duplicates, similarity ≥ ${similarity}` : `contained (≥ ${similarity} of the smaller in the first)`;
  return `  ${size} reclaimable · ${what}`;
}

/** A folder shown with its trailing separator, so that it does not read as a file. */
function folderPath(path: string): string {
  return /[\\/]$/.test(path) ? displayPath(path) : `${displayPath(path)}/`;
}

function folderLines(match: FolderMatch): string[] {
  const only = (n: number) => (n ? `  (${formatCount(n)} ${n === 1 ? 'file' : 'files'} only here)` : '');
  return [
    `  ${formatBytes(match.matchedBytes)} in copies · folders ${Math.floor(match.similarity * 100)}% alike`,
    `    ${folderPath(match.folders[0])}${only(match.onlyInA.length)}`,
    `    ${folderPath(match.folders[1])}${only(match.onlyInB.length)}`,
    '',
  ];
}

export function formatHumanReport(report: ScanReport): string {
  const lines: string[] = [];
  for (const match of report.folders ?? []) lines.push(...folderLines(match));
  for (const cluster of report.clusters) {
    lines.push(clusterHeading(cluster));
    if (cluster.description) lines.push(`    “${cluster.description}”`);
    for (const file of cluster.files) lines.push(fileLine(file));
    lines.push('');
  }
  const reclaimable = report.clusters.reduce((sum, c) => sum + c.reclaimable, 0);
  const kinds = clusterKinds
    .map((kind) => [kind, report.clusters.filter((c) => c.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${formatCount(n)} ${kind}`);
  const n = report.clusters.length;
  const groups = n ? `${formatCount(n)} ${n === 1 ? 'group' : 'groups'} (${kinds.join(', ')})` : 'no duplicates';
  const f = report.folders?.length ?? 0;
  const folders = f ? `${formatCount(f)} duplicate ${f === 1 ? 'folder pair' : 'folder pairs'}, ` : '';
  const e = report.errors.length;
  const errors = e ? `, ${formatCount(e)} ${e === 1 ? 'error' : 'errors'}` : '';
  lines.push(
    `Scanned ${formatCount(report.stats.files)} files (${formatBytes(report.stats.bytes)}) in ${formatDuration(report.stats.ms)}: ` +
      `${folders}${groups}, ${formatBytes(reclaimable)} reclaimable${errors}.`,
  );
  return lines.join('\n') + '\n';
}

export function formatErrors(report: ScanReport): string {
  return report.errors.map((e) => `shingle: ${displayPath(e.path)}: ${e.code}: ${e.message}\n`).join('');
}
