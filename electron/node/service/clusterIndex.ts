// The clusters of the current report, ready for the list view: paged, sorted, filtered. A home
// folder can give 100,000 clusters, so each sort order is computed once (on first use) and
// queries walk it; the last filtered selection is kept, so scrolling through it is a slice.
import type { CommandRequest, CommandResponse } from '../../../shared/contract/engineContract.ts';
import { documentFormats } from '../../../shared/contract/vocabulary.ts';
import { withinFolder } from '../../../shared/paths/isWithin.ts';
import type { Cluster, ClusterKind, DocumentFormat, ReportFile } from '../../../shared/report.ts';
import { candidateFormat } from '../extract/detectFormat.ts';
import { pathMatcher, searchMode } from './pathSearch.ts';

export type ClusterQuery = CommandRequest<'listClusters'>;
export type ClusterPage = CommandResponse<'listClusters'>;
type ClusterSort = ClusterQuery['sort'];
type KindCounts = ClusterPage['counts'];

export interface ClusterIndex {
  get(id: string): Cluster | undefined;
  /** The file a UI reference names; throws when the cluster or the position does not exist. */
  file(clusterId: string, fileIndex: number): { cluster: Cluster; file: ReportFile };
  list(query: ClusterQuery): ClusterPage;
  /** Every cluster, by path (for what needs them all: planning, a folder pair's files, the folder list). */
  all(): Cluster[];
}

/** The clusters that pass a query's filters, in its sort order. */
interface Selection {
  key: string;
  /** Positions in `clusters` of those that pass every filter. */
  matches: number[];
  totalReclaimable: number;
  counts: KindCounts;
}

const FORMAT_BITS: Record<DocumentFormat, number> = { text: 1, html: 2, pdf: 4, docx: 8, odt: 16, rtf: 32, epub: 64, doc: 128, pptx: 256, odp: 512, xlsx: 1024, ods: 2048, eml: 4096, tiff: 8192 };

/** An order over positions in `clusters`; ties go to the larger reclaimable space, then the id. */
function comparator(sort: ClusterSort, clusters: readonly Cluster[]): (a: number, b: number) => number {
  const byReclaimable = (a: number, b: number) => clusters[b]!.reclaimable - clusters[a]!.reclaimable || compareText(clusters[a]!.id, clusters[b]!.id);
  switch (sort) {
    case 'reclaimable':
      return byReclaimable;
    case 'similarity':
      return (a, b) => clusters[b]!.similarity - clusters[a]!.similarity || byReclaimable(a, b);
    case 'files':
      return (a, b) => clusters[b]!.files.length - clusters[a]!.files.length || byReclaimable(a, b);
    case 'path': {
      // Lowercased once, not in each of the n·log n comparisons.
      const keys = clusters.map((cluster) => cluster.files[0]?.path.toLowerCase() ?? '');
      return (a, b) => compareText(keys[a]!, keys[b]!) || compareText(clusters[a]!.id, clusters[b]!.id);
    }
    case 'folder': {
      // The folder of the cluster's first file, so clusters from one folder come together, most space first.
      const keys = clusters.map((cluster) => folderOf(cluster.files[0]?.path ?? '').toLowerCase());
      return (a, b) => compareText(keys[a]!, keys[b]!) || byReclaimable(a, b);
    }
    case 'date': {
      // Newest first: the latest change to any of its files.
      const newest = Float64Array.from(clusters, (cluster) => cluster.files.reduce((latest, f) => Math.max(latest, f.mtime), 0));
      return (a, b) => newest[b]! - newest[a]! || byReclaimable(a, b);
    }
  }
}

/** Everything before the last separator (either kind: a report may come from Windows). */
function folderOf(path: string): string {
  return path.slice(0, Math.max(0, path.lastIndexOf('/'), path.lastIndexOf('\\')));
}

export function createClusterIndex(clusters: readonly Cluster[]): ClusterIndex {
  const positions = new Map(clusters.map((cluster, i) => [cluster.id, i]));
  const orders = new Map<ClusterSort, Int32Array>();
  // Per cluster: which document formats its files have, and its paths lowercased for the search.
  const formats = Uint16Array.from(clusters, formatBits);
  let haystacks: string[] | undefined;
  let lastSelection: Selection | undefined;
  const allCounts = countKinds(clusters);
  const allReclaimable = clusters.reduce((sum, cluster) => sum + cluster.reclaimable, 0);
  const presentBits = formats.reduce((bits, clusterBits) => bits | clusterBits, 0);
  const allFormats = documentFormats.filter((format) => presentBits & FORMAT_BITS[format]);

  function order(sort: ClusterSort): Int32Array {
    let sorted = orders.get(sort);
    if (!sorted) {
      sorted = Int32Array.from(clusters.keys()).sort(comparator(sort, clusters));
      orders.set(sort, sorted);
    }
    return sorted;
  }

  function select(query: ClusterQuery): Selection {
    const kinds = nonEmpty(query.kinds);
    const formatMask = nonEmpty(query.formats)?.reduce((mask, format) => mask | FORMAT_BITS[format], 0);
    const folder = query.folder;
    const search = query.search || undefined;
    const key = JSON.stringify([query.sort, kinds?.toSorted(), formatMask, folder, search]);
    if (lastSelection?.key === key) return lastSelection;

    // A substring is looked for in all paths at once; a pattern (which throws here when it cannot run) in each.
    const needle = search !== undefined && searchMode(search) === 'text' ? search.toLowerCase() : undefined;
    const matches = search !== undefined && needle === undefined ? pathMatcher(search) : undefined;
    if (needle) haystacks ??= clusters.map((cluster) => cluster.files.map((f) => f.path.toLowerCase()).join('\0'));
    const inFolder = folder === undefined ? undefined : withinFolder(folder, process.platform);
    const selection: Selection = { key, matches: [], totalReclaimable: 0, counts: { exact: 0, near: 0, contained: 0 } };
    for (const i of order(query.sort)) {
      const cluster = clusters[i]!;
      if (formatMask !== undefined && (formats[i]! & formatMask) === 0) continue;
      if (inFolder !== undefined && !cluster.files.some((f) => inFolder(f.path))) continue;
      if (needle && !haystacks![i]!.includes(needle)) continue;
      if (matches && !cluster.files.some((f) => matches(f.path))) continue;
      // Counted before the kind filter: the UI shows how many clusters each kind tab would hold.
      selection.counts[cluster.kind]++;
      if (kinds && !kinds.includes(cluster.kind)) continue;
      selection.matches.push(i);
      selection.totalReclaimable += cluster.reclaimable;
    }
    lastSelection = selection;
    return selection;
  }

  return {
    all: () => Array.from(order('path'), (i) => clusters[i]!),
    get: (id) => {
      const i = positions.get(id);
      return i === undefined ? undefined : clusters[i];
    },
    file(clusterId, fileIndex) {
      const i = positions.get(clusterId);
      if (i === undefined) throw new Error(`No cluster ${clusterId} in the current results; scan again to refresh them`);
      const cluster = clusters[i]!;
      const file = cluster.files[fileIndex];
      if (!file) throw new Error(`Cluster ${clusterId} has ${cluster.files.length} files; there is no file at position ${fileIndex}`);
      return { cluster, file };
    },
    list(query) {
      const end = query.offset + query.limit;
      const unfiltered = !nonEmpty(query.kinds) && !nonEmpty(query.formats) && !query.folder && !query.search;
      if (unfiltered) {
        const page = Array.from(order(query.sort).subarray(query.offset, end), (i) => clusters[i]!);
        return { total: clusters.length, totalReclaimable: allReclaimable, counts: { ...allCounts }, clusters: page, formats: [...allFormats] };
      }
      const selection = select(query);
      return {
        total: selection.matches.length,
        totalReclaimable: selection.totalReclaimable,
        counts: { ...selection.counts },
        clusters: selection.matches.slice(query.offset, end).map((i) => clusters[i]!),
        formats: [...allFormats],
      };
    },
  };
}

/** An empty list filters nothing, the same as no list: the UI sends [] when every box is clear. */
function nonEmpty<T>(values: readonly T[] | undefined): readonly T[] | undefined {
  return values && values.length > 0 ? values : undefined;
}

function countKinds(clusters: readonly Cluster[]): KindCounts {
  const counts: Record<ClusterKind, number> = { exact: 0, near: 0, contained: 0 };
  for (const cluster of clusters) counts[cluster.kind]++;
  return counts;
}

// Exact clusters carry no formats (they are grouped by bytes): their names say which are documents.
function formatBits(cluster: Cluster): number {
  let bits = 0;
  for (const file of cluster.files) {
    const format = file.format ?? candidateFormat(file.path);
    if (format) bits |= FORMAT_BITS[format];
  }
  return bits;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
