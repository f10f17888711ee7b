// Applies keep rules to a report: per cluster, one file to keep and the others to act on, and a
// preview of what acting on them would touch.
import type { Cluster, ReportFile, ScanReport } from '../report.ts';
import { rankFiles } from './keepRules.ts';
import type { KeepRule } from './keepRules.ts';

export interface ClusterSelection {
  clusterId: string;
  /** Never empty. */
  keep: string[];
  act: string[];
  /**
   * Every file of the cluster, best to keep first (the marks, then the rules, then the path). When
   * the planner must leave some of `act` (an edited version while edited versions are not
   * included), it leaves the best-ranked first: among the byte copies of that version, the one the
   * rules or marks would keep stays, not whichever the scan listed first. Absent: report order.
   */
  order?: string[];
}

export interface Selection {
  clusters: ClusterSelection[];
}

export interface SelectionSummary {
  files: number;
  bytes: number;
  clusters: number;
}

export function selectCluster(cluster: Cluster, rules: readonly KeepRule[]): ClusterSelection {
  const ranked = rankFiles(cluster.files, rules);
  // A contained cluster's first file holds all the others: dropping it would lose what they lack.
  const keeper = cluster.kind === 'contained' ? cluster.files[0] : ranked[0];
  if (keeper === undefined) return { clusterId: cluster.id, keep: [], act: [], order: [] };
  return {
    clusterId: cluster.id,
    keep: [keeper.path],
    act: cluster.files.filter((f) => f !== keeper).map((f) => f.path),
    order: [keeper, ...ranked.filter((f) => f !== keeper)].map((f) => f.path),
  };
}

export type ClusterMarks = Readonly<Record<string, 'keep' | 'delete'>>;

/**
 * The person's marks come first: a cluster with any mark is decided by its marks alone — files
 * marked delete go; with keep marks and no delete mark, the unmarked files go. The rules decide
 * only clusters with no mark (none at all when there are no rules). The keep order puts the files
 * marked keep first and those marked delete last, the rules ranking each part.
 */
export function selectWithMarks(cluster: Cluster, rules: readonly KeepRule[], marks: ClusterMarks | undefined): ClusterSelection {
  const markOf = (path: string) => (marks && Object.hasOwn(marks, path) ? marks[path] : undefined);
  const marked = cluster.files.filter((f) => markOf(f.path) !== undefined);
  if (marked.length === 0) return rules.length > 0 ? selectCluster(cluster, rules) : { clusterId: cluster.id, keep: [], act: [] };
  const keep = cluster.files.filter((f) => markOf(f.path) === 'keep').map((f) => f.path);
  const anyDelete = marked.some((f) => markOf(f.path) === 'delete');
  // A contained cluster's container is never chosen by default (planActions refuses it anyway).
  const container = cluster.kind === 'contained' ? cluster.files[0] : undefined;
  const act = cluster.files.filter((f) => (anyDelete ? markOf(f.path) === 'delete' : markOf(f.path) === undefined && f !== container)).map((f) => f.path);
  const markRank = (f: ReportFile) => (markOf(f.path) === 'keep' ? 0 : markOf(f.path) === 'delete' ? 2 : 1);
  // Sorted stably: within each mark the rules' ranking stays.
  const order = rankFiles(cluster.files, rules)
    .sort((a, b) => markRank(a) - markRank(b))
    .map((f) => f.path);
  return { clusterId: cluster.id, keep, act, order };
}

export function selectFiles(report: ScanReport, rules: readonly KeepRule[]): Selection {
  return { clusters: report.clusters.map((cluster) => selectCluster(cluster, rules)) };
}

/** Files and bytes acted on, and the clusters with at least one of them. */
export function summarizeSelection(report: ScanReport, selection: Selection): SelectionSummary {
  const sizes = new Map<string, number>();
  for (const cluster of report.clusters) for (const file of cluster.files) sizes.set(file.path, file.size);
  let files = 0;
  let bytes = 0;
  let clusters = 0;
  for (const { act } of selection.clusters) {
    if (act.length > 0) clusters++;
    files += act.length;
    for (const path of act) bytes += sizes.get(path) ?? 0;
  }
  return { files, bytes, clusters };
}
