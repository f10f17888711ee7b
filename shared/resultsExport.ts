// The results as a spreadsheet (CSV, one row per file) or JSON (the clusters, as in a
// `shingle scan --json` report), with the person's keep/delete marks when given. One source
// for `shingle export` and the app's Export.
import { displayPath } from './fsName.ts';
import type { Cluster } from './report.ts';

/** Marks by cluster id, then by file path (as the engine's getMarks gives them). */
export type ExportMarks = Record<string, Record<string, 'keep' | 'delete'>>;

// `similarity` is the file's to the file `matches` names (near and contained clusters), 1 in an
// exact cluster; none for the file the others are measured to, whose row claims nothing.
const CSV_COLUMNS = ['cluster', 'kind', 'similarity', 'matches', 'path', 'size', 'modified', 'format', 'links'];

function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row per file; with marks, a last `mark` column (keep, delete or empty). */
export function toCsv(clusters: readonly Cluster[], marks?: ExportMarks): string {
  const rows = [[...CSV_COLUMNS, ...(marks ? ['mark'] : [])].join(',')];
  for (const cluster of clusters) {
    for (const file of cluster.files) {
      const similarity = cluster.kind === 'exact' ? cluster.similarity : (file.similarity ?? '');
      const fields = [cluster.id, cluster.kind, similarity, file.matches === undefined ? '' : displayPath(file.matches), displayPath(file.path), file.size];
      fields.push(new Date(file.mtime).toISOString(), file.format ?? '', (file.links ?? []).map(displayPath).join(';'));
      if (marks) fields.push(marks[cluster.id]?.[file.path] ?? '');
      rows.push(fields.map(csvField).join(','));
    }
  }
  return `${rows.join('\r\n')}\r\n`;
}

/** The clusters as JSON; with marks, each marked file carries `mark`. */
export function toJson(clusters: readonly Cluster[], marks?: ExportMarks): string {
  const out = marks
    ? clusters.map((cluster) => ({
        ...cluster,
        files: cluster.files.map((file) => {
          const mark = marks[cluster.id]?.[file.path];
          return mark ? { ...file, mark } : file;
        }),
      }))
    : clusters;
  return `${JSON.stringify(out)}\n`;
}
