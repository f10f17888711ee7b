// The clean-up of one folder of a duplicate-folder pair, planned by the one planner: the folder's
// copies of the other folder's files become a selection (shared/folders/folderCleanup.ts) that
// planActions turns into guarded per-file steps, exactly as for a cluster clean-up. Its other
// files are listed as staying, with why, so the preview shows every file of the folder.
import { folderCleanupSelection } from '../../../shared/folders/folderCleanup.ts';
import type { FolderFileState, FolderSide } from '../../../shared/folders/folderFiles.ts';
import { REPORT_VERSION } from '../../../shared/report.ts';
import type { Cluster, FolderMatch, ScanReport } from '../../../shared/report.ts';
import { folderFilesNow } from './folderFilesNow.ts';
import { planActions } from './planActions.ts';
import type { ActionPlan, PlanOptions } from './planActions.ts';

const STAY_REASONS: Record<FolderFileState, string> = {
  'only-here': 'only in this folder: stays',
  changed: 'an edited version of a file in the other folder, not a copy: stays',
  // A matched file the clusters do not list is another name (hard link) of a file there.
  matched: 'another name of a file in the other folder (hard link): removing it frees nothing',
};

export async function planFolderCleanup(match: FolderMatch, clusters: readonly Cluster[], side: FolderSide, options: Omit<PlanOptions, 'include'>): Promise<ActionPlan> {
  const { cleaned, kept, selection } = folderCleanupSelection(match, clusters, side, process.platform);
  const chosen = new Set(selection.map((s) => s.clusterId));
  const scope = clusters.filter((cluster) => chosen.has(cluster.id));
  const report: ScanReport = { version: REPORT_VERSION, roots: [], clusters: scope, errors: [], stats: { files: 0, bytes: 0, ms: 0 } };
  // Copies and the same text only: an edited version is never a copy of the other folder's file.
  const plan = planActions(report, { clusters: selection }, { ...options, include: [] });
  const listed = new Set(plan.clusters.flatMap((cluster) => cluster.files.map((file) => file.path)));
  const files = (await folderFilesNow(match, clusters))[side];
  const staying = files.filter((file) => !listed.has(file.path)).map((file) => ({ ...file, reason: STAY_REASONS[file.state] }));
  return { ...plan, folder: { folderId: match.id, kept, cleaned, staying } };
}
