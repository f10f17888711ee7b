// A cluster with some of its files gone (trashed, deleted or moved by a clean-up), or back again
// (undo), without a new analysis. Every claim the cluster makes must stay true:
//  - exact clusters: any two remaining files still have the same bytes;
//  - near and contained clusters: a file's `identical` says an earlier file has its bytes or its
//    text, and `similarity` is measured against the representative's text. The files are laid
//    out as assembleClusters writes them: text nodes (a file with no `identical` starts one, and
//    so does one with the same words in other punctuation or case, 'words'), each of units (a
//    file with 'text' starts one) of byte-identical files ('bytes'). Removing files keeps that
//    layout, so the flags are written again by the same rules; the similarities stay true as
//    long as one file with the representative's text is left.
// When the representative's text is gone entirely, or the text a member was measured against,
// the remaining similarities compare with a text no longer in the cluster: nothing here can vouch
// for them, and the caller says so. A file gone whose text another file of its node still holds
// is stood in for by that file, in `matches` and in its node's measure.
import type { Cluster, ReportFile } from '../../../shared/report.ts';

export type ReducedCluster =
  | { outcome: 'unchanged' }
  | { outcome: 'changed'; cluster: Cluster }
  /** Fewer than two files left: no longer a cluster. */
  | { outcome: 'dissolved' }
  /** The representative's text left with files still there: their similarities are unverifiable. */
  | { outcome: 'unverifiable' };

/** `cluster` without the files at `gone` paths (their other names, hard links, are dropped too). */
export function withoutFiles(cluster: Cluster, gone: ReadonlySet<string>): ReducedCluster {
  if (!cluster.files.some((file) => gone.has(file.path) || file.links?.some((link) => gone.has(link)))) return { outcome: 'unchanged' };
  if (cluster.kind === 'exact') {
    const files = cluster.files.filter((file) => !gone.has(file.path)).map((file) => withoutLinks(file, gone));
    return files.length < 2 ? { outcome: 'dissolved' } : { outcome: 'changed', cluster: rebuilt(cluster, files, cluster.description) };
  }
  const nodes = layout(cluster.files);
  const kept = nodes.map((units) => units.map((unit) => unit.filter((file) => !gone.has(file.path)).map((file) => withoutLinks(file, gone))).filter((unit) => unit.length > 0));
  const remaining = kept.reduce((sum, units) => sum + units.reduce((n, unit) => n + unit.length, 0), 0);
  if (remaining < 2) return { outcome: 'dissolved' };
  if (kept[0]!.length === 0) return { outcome: 'unverifiable' };
  // Every file of a node has its text: a file gone is stood in for by its node's first file left.
  const standIn = new Map<string, string>();
  for (const file of cluster.files) if (!gone.has(file.path)) standIn.set(file.path, file.path);
  nodes.forEach((units, m) => {
    const head = kept[m]![0]?.[0];
    if (head) for (const file of units.flat()) if (gone.has(file.path)) standIn.set(file.path, head.path);
  });
  const files: ReportFile[] = [];
  for (const [m, units] of kept.entries()) {
    if (units.length === 0) continue;
    const head = units[0]![0]!;
    for (const [u, unit] of units.entries()) {
      for (const [i, file] of unit.entries()) {
        const { identical: _identical, similarity: _similarity, matches: _matches, estimated: _estimated, ...rest } = file;
        if (m === 0 && u === 0 && i === 0) {
          files.push(rest);
          continue;
        }
        if (u > 0 || i > 0) {
          // A copy of its node's text: alike to the node's first file; a byte copy names its twin.
          files.push({ ...rest, identical: i > 0 ? 'bytes' : 'text', similarity: 1, matches: i > 0 ? unit[0]!.path : head.path });
          continue;
        }
        // A node's first file carries the node's measure, taken against the file its first file
        // matched (or that file's stand-in, which has its text); without one, it cannot be vouched for.
        const first = nodes[m]![0]![0]!;
        const matches = first.matches === undefined ? undefined : standIn.get(first.matches);
        if (first.matches !== undefined && matches === undefined) return { outcome: 'unverifiable' };
        const words = first.identical === 'words' ? { identical: first.identical } : {};
        files.push({
          ...rest,
          ...words,
          ...(first.similarity !== undefined ? { similarity: first.similarity } : {}),
          ...(matches !== undefined ? { matches } : {}),
          ...(first.estimated ? { estimated: true } : {}),
        });
      }
    }
  }
  return { outcome: 'changed', cluster: rebuilt(cluster, files, cluster.description) };
}

/** The files in nodes of units, from the flags assembleClusters wrote. */
function layout(files: readonly ReportFile[]): ReportFile[][][] {
  const nodes: ReportFile[][][] = [];
  for (const file of files) {
    // Other punctuation or case ('words') is a text of its own, as it was measured: a node here.
    if (file.identical === undefined || file.identical === 'words' || nodes.length === 0) nodes.push([[file]]);
    else if (file.identical === 'text') nodes.at(-1)!.push([file]);
    else nodes.at(-1)!.at(-1)!.push(file);
  }
  return nodes;
}

function withoutLinks(file: ReportFile, gone: ReadonlySet<string>): ReportFile {
  if (!file.links?.some((link) => gone.has(link))) return file;
  const { links, ...rest } = file;
  const left = links.filter((link) => !gone.has(link));
  return left.length > 0 ? { ...rest, links: left } : rest;
}

/**
 * Reclaimable and similarity as the analysis computes them: everything but the first file, the
 * lowest measure, an estimate if any member's is.
 */
export function rebuilt(cluster: Cluster, files: ReportFile[], description: string | undefined): Cluster {
  const reclaimable = files.slice(1).reduce((sum, file) => sum + file.size, 0);
  const similarity = cluster.kind === 'exact' ? 1 : Math.min(1, ...files.slice(1).map((file) => file.similarity ?? 1));
  const estimated = files.some((file) => file.estimated);
  return { id: cluster.id, kind: cluster.kind, similarity, reclaimable, files, ...(description ? { description } : {}), ...(estimated ? { estimated } : {}) };
}
