// The human-readable `shingle scan` output: clusters by reclaimable space, then one summary line.
import { displayPath } from '../../../shared/fsName.ts';
import { formatBytes, formatCount, formatDuration } from '../../../shared/format.ts';
import type { Cluster, ReportFile, ScanReport } from '../../../shared/report.ts';
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

export function formatHumanReport(report: ScanReport): string {
  const lines: string[] = [];
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
  const e = report.errors.length;
  const errors = e ? `, ${formatCount(e)} ${e === 1 ? 'error' : 'errors'}` : '';
  lines.push(
    `Scanned ${formatCount(report.stats.files)} files (${formatBytes(report.stats.bytes)}) in ${formatDuration(report.stats.ms)}: ` +
      `${groups}, ${formatBytes(reclaimable)} reclaimable${errors}.`,
  );
  return lines.join('\n') + '\n';
}

export function formatErrors(report: ScanReport): string {
  return report.errors.map((e) => `shingle: ${displayPath(e.path)}: ${e.code}: ${e.message}\n`).join('');
}
