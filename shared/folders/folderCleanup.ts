// A folder clean-up as a selection for the one planner (planActions): in every cluster, the files
// of the folder cleaned up that are byte copies or the same text as a file of the folder kept go;
// those files of the kept folder are named to stay, so each removal is checked against its twin
// there. Nothing else is chosen: files only in the cleaned folder, its edited versions and every
// file outside the pair stay, and the planner's guards decide the rest as for any clean-up.
import { isWithin } from '../paths/isWithin.ts';
import type { Cluster, FolderMatch } from '../report.ts';
import { memberGroups } from '../selection/fileRelations.ts';
import type { ClusterSelection } from '../selection/selectFiles.ts';
import type { FolderSide } from './folderFiles.ts';

export interface FolderCleanup {
  /** The folder whose matched files go, and the folder their twins stay in. */
  cleaned: string;
  kept: string;
  /** Only the clusters with something to remove, in the order given. */
  selection: ClusterSelection[];
}

export function folderCleanupSelection(match: FolderMatch, clusters: readonly Cluster[], side: FolderSide, platform?: string): FolderCleanup {
  const [kept, cleaned] = side === 'b' ? match.folders : [match.folders[1], match.folders[0]];
  const selection: ClusterSelection[] = [];
  for (const cluster of clusters) {
    // A contained cluster's container is there for reference (see copyKeys).
    const counts = (i: number) => !(cluster.kind === 'contained' && i === 0);
    const inKept = cluster.files.map((file, i) => counts(i) && isWithin(file.path, kept, platform));
    const inCleaned = cluster.files.map((file, i) => counts(i) && isWithin(file.path, cleaned, platform));
    if (!inKept.includes(true) || !inCleaned.includes(true)) continue;
    const { text } = memberGroups(cluster);
    const keptTexts = new Set(text.filter((_, j) => inKept[j]));
    const act = cluster.files.filter((_, i) => inCleaned[i] && keptTexts.has(text[i]!)).map((file) => file.path);
    if (act.length === 0) continue;
    const actTexts = new Set(text.filter((_, i) => inCleaned[i] && keptTexts.has(text[i]!)));
    const keep = cluster.files.filter((_, j) => inKept[j] && actTexts.has(text[j]!)).map((file) => file.path);
    selection.push({ clusterId: cluster.id, keep, act });
  }
  return { cleaned, kept, selection };
}
