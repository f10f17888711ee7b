// The human-readable `shingle scan` output: duplicate folders first (they free the most at once),
// then clusters by reclaimable space, then one summary line. Names and excerpts come from the
// disk: they go through terminalPath/terminalText.
import { formatBytes, formatCount, formatDuration, formatPercent, plural } from '../../../shared/format.ts';
import type { Cluster, FolderMatch, ReportFile, ScanReport } from '../../../shared/report.ts';
import { clusterKinds, ShingleErrorCode } from '../../../shared/contract/vocabulary.ts';
import { oneText } from '../../../shared/selection/fileRelations.ts';
import { isTiffName } from '../extract/detectFormat.ts';
import { terminalPath, terminalPathsAmong, terminalText } from './terminalText.ts';

/** What a member of a near or contained cluster is to the earlier one it names: its bytes, its text, or its words in other punctuation or case. */
function sameAs(file: ReportFile): string {
  if (file.identical === undefined || file.matches === undefined) return '';
  const match = terminalPath(file.matches);
  if (file.identical === 'bytes') return `  (same bytes as ${match})`;
  if (file.identical === 'text') return `  (same text as ${match})`;
  return `  (same words as ${match}, other punctuation or case)`;
}

/** "≈" before a figure that is a sketch's estimate (reportFileSchema's `estimated`), not measured on the texts. */
const approx = (item: { estimated?: boolean | undefined }) => (item.estimated ? '≈' : '');

function fileLine(file: ReportFile, cluster: Cluster, shownPath: (path: string) => string): string {
  const links = file.links?.length ? `  (same file as ${file.links.map(terminalPath).join(', ')})` : '';
  const format = file.format ? `  [${file.format}${file.words !== undefined ? `, ${plural(file.words, 'word')}` : ''}]` : '';
  // The heading's figure is to the first file; a member matched through another says which.
  const other = file.identical === undefined && file.matches !== undefined && file.matches !== cluster.files[0]?.path && file.similarity !== undefined;
  const matched = other ? `  (${approx(file)}${formatPercent(file.similarity!)} ${cluster.kind === 'contained' ? 'of it inside' : 'similar to'} ${terminalPath(file.matches!)})` : '';
  const scan = file.scanned ? '  (scan, read with OCR)' : '';
  return `    ${shownPath(file.path)}${format}${scan}${links}${sameAs(file)}${matched}`;
}

/** A near cluster of one text: its files' bytes or text are identical, or at least their words. */
function oneTextHeading(cluster: Cluster): string | undefined {
  const one = oneText(cluster);
  const files = plural(cluster.files.length, 'file');
  return one === undefined ? undefined : one === 'words' ? `${files} of the same words, not all with the same punctuation or case` : `${files} of identical text`;
}

function clusterHeading(cluster: Cluster): string {
  const size = formatBytes(cluster.reclaimable);
  if (cluster.kind === 'exact') {
    return `  ${size} reclaimable · ${plural(cluster.files.length, 'identical file')} of ${formatBytes(cluster.files[0]?.size ?? 0)}`;
  }
  const oneText = oneTextHeading(cluster);
  if (oneText !== undefined) return `  ${size} reclaimable · ${oneText}`;
  // Members of other texts are never 100 % alike, whatever a report says (one rounded up).
  const similarity = formatPercent(cluster.kind === 'near' ? Math.min(cluster.similarity, 0.999) : cluster.similarity);
  const first = cluster.files[0]?.path;
  const named = cluster.files.some((file) => file.identical === undefined && file.matches !== undefined && file.matches !== first) ? ' or to the one named' : '';
  const what =
    cluster.kind === 'near'
      ? `${plural(cluster.files.length, 'near-duplicate')}, each ≥ ${approx(cluster)}${similarity} similar to the first${named}${cluster.estimated ? ' (≈: estimated from samples of the texts)' : ''}`
      : `contained (≥ ${similarity} of each inside the first${named.replace(' to ', ' ')})`;
  return `  ${size} reclaimable · ${what}`;
}

/** A folder shown with its trailing separator, so that it does not read as a file. */
export function folderPath(path: string): string {
  return /[\\/]$/.test(path) ? terminalPath(path) : `${terminalPath(path)}/`;
}

function folderLines(match: FolderMatch): string[] {
  const only = (n: number) => (n ? `  (${plural(n, 'file')} only here)` : '');
  return [
    `  ${formatBytes(match.matchedBytes)} in copies · folders ${formatPercent(match.similarity)} alike`,
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
    if (cluster.description) lines.push(`    “${terminalText(cluster.description)}”`);
    // Names that print alike (NFC and NFD) are marked, so the group's files read apart.
    const shownPath = terminalPathsAmong(cluster.files.map((file) => file.path));
    for (const file of cluster.files) lines.push(fileLine(file, cluster, shownPath));
    lines.push('');
  }
  const reclaimable = report.clusters.reduce((sum, c) => sum + c.reclaimable, 0);
  const kinds = clusterKinds
    .map((kind) => [kind, report.clusters.filter((c) => c.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${formatCount(n)} ${kind}`);
  const n = report.clusters.length;
  const groups = n ? `${plural(n, 'group')} (${kinds.join(', ')})` : 'no duplicates';
  const f = report.folders?.length ?? 0;
  const folders = f ? `${plural(f, 'duplicate folder pair')}, ` : '';
  const e = report.errors.length;
  const errors = e ? `, ${formatCount(e)} not read or compared` : '';
  lines.push(
    `Scanned ${plural(report.stats.files, 'file')} (${formatBytes(report.stats.bytes)}) in ${formatDuration(report.stats.ms)}: ` +
      `${folders}${groups}, ${formatBytes(reclaimable)} reclaimable${errors}.`,
  );
  const scans = report.errors.filter((error) => error.code === ShingleErrorCode.scanNotRead);
  if (scans.length) {
    const tiffs = scans.some((error) => isTiffName(error.path));
    const kinds = tiffs ? (scans.every((error) => isTiffName(error.path)) ? 'TIFF images' : 'PDFs of page pictures, TIFF images') : 'PDFs of page pictures';
    lines.push(`${plural(scans.length, 'scanned document')} (${kinds}) not compared: scan again with --ocr to read ${scans.length === 1 ? 'it' : 'them'}.`);
  }
  return lines.join('\n') + '\n';
}

export function formatErrors(report: ScanReport): string {
  return report.errors.map((e) => `shingle: ${terminalPath(e.path)}: ${e.code}: ${terminalText(e.message)}\n`).join('');
}
