// `shingle apply --folder DIR`: the folder names one side of a duplicate-folder pair of the
// report; the other side keeps the twins. Folders are compared as real paths, like the report's.
import { displayPath } from '../../../shared/fsName.ts';
import type { ScanReport } from '../../../shared/report.ts';
import { planFolderCleanup } from '../actions/planFolderCleanup.ts';
import type { ActionPlan, PlanOptions } from '../actions/planActions.ts';
import { UsageError } from './harness.ts';

export async function planFolderArgument(report: ScanReport, folder: string, options: Omit<PlanOptions, 'include'>): Promise<ActionPlan> {
  const pairs = (report.folders ?? []).filter((match) => match.folders.includes(folder));
  if (pairs.length === 0) throw new UsageError(`--folder: ${displayPath(folder)} is not a folder of a duplicate-folder pair in the report`);
  if (pairs.length > 1) throw new UsageError(`--folder: ${displayPath(folder)} is in ${pairs.length} folder pairs; clean up through the app, or rescan one pair`);
  const match = pairs[0]!;
  return planFolderCleanup(match, report.clusters, match.folders[1] === folder ? 'b' : 'a', options);
}
