// The human-readable `shingle scan` output: clusters by reclaimable space, then one summary line.
// Names and excerpts come from the disk: they go through terminalPath/terminalText.
import { formatBytes, formatCount, formatDuration, formatPercent, plural } from '../../../shared/format.ts';
import type { Cluster, ReportFile, ScanReport } from '../../../shared/report.ts';
import { terminalPath, terminalText } from './terminalText.ts';

function fileLine(file: ReportFile): string {
  const links = file.links?.length ? `  (same file as ${file.links.map(terminalPath).join(', ')})` : '';
  const format = file.format ? `  [${file.format}${file.words !== undefined ? `, ${plural(file.words, 'word')}` : ''}]` : '';
  return `    ${terminalPath(file.path)}${format}${links}`;
}

function clusterHeading(cluster: Cluster): string {
  const size = formatBytes(cluster.reclaimable);
  if (cluster.kind === 'exact') {
    return `  ${size} reclaimable · ${plural(cluster.files.length, 'identical file')} of ${formatBytes(cluster.files[0]?.size ?? 0)}`;
  }
  const similarity = formatPercent(cluster.similarity);
  const what = cluster.kind === 'near' ? `${plural(cluster.files.length, 'near-duplicate')}, similarity ≥ ${similarity}` : `contained (≥ ${similarity} of the smaller in the first)`;
  return `  ${size} reclaimable · ${what}`;
}

export function formatHumanReport(report: ScanReport): string {
  const lines: string[] = [];
  for (const cluster of report.clusters) {
    lines.push(clusterHeading(cluster));
    if (cluster.description) lines.push(`    “${terminalText(cluster.description)}”`);
    for (const file of cluster.files) lines.push(fileLine(file));
    lines.push('');
  }
  const reclaimable = report.clusters.reduce((sum, c) => sum + c.reclaimable, 0);
  const kinds = (['exact', 'near', 'contained'] as const)
    .map((kind) => [kind, report.clusters.filter((c) => c.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${formatCount(n)} ${kind}`);
  const n = report.clusters.length;
  const groups = n ? `${plural(n, 'group')} (${kinds.join(', ')})` : 'no duplicates';
  const e = report.errors.length;
  const errors = e ? `, ${plural(e, 'error')}` : '';
  lines.push(
    `Scanned ${plural(report.stats.files, 'file')} (${formatBytes(report.stats.bytes)}) in ${formatDuration(report.stats.ms)}: ` +
      `${groups}, ${formatBytes(reclaimable)} reclaimable${errors}.`,
  );
  return lines.join('\n') + '\n';
}

export function formatErrors(report: ScanReport): string {
  return report.errors.map((e) => `shingle: ${terminalPath(e.path)}: ${e.code}: ${terminalText(e.message)}\n`).join('');
}
