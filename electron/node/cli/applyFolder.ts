// `shingle apply --folder DIR`: the folder names one side of a duplicate-folder pair of the
// report; the other side keeps the twins. Folders are compared as real paths, like the report's,
// and by identity when the text matches none (the report scanned through a bind mount, say).
import { displayPath } from '../../../shared/fsName.ts';
import type { FolderMatch, ScanReport } from '../../../shared/report.ts';
import { createIdentityCache } from '../actions/folderIdentity.ts';
import { planFolderCleanup } from '../actions/planFolderCleanup.ts';
import type { ActionPlan, PlanOptions } from '../actions/planActions.ts';
import { UsageError } from './harness.ts';

export async function planFolderArgument(report: ScanReport, folder: string, options: Omit<PlanOptions, 'include'>): Promise<ActionPlan> {
  const pairs = await pairsHolding(report.folders ?? [], folder);
  if (pairs.length === 0) throw new UsageError(`--folder: ${displayPath(folder)} is not a folder of a duplicate-folder pair in the report`);
  if (pairs.length > 1) throw new UsageError(`--folder: ${displayPath(folder)} is in ${pairs.length} folder pairs; clean up through the app, or rescan one pair`);
  const { match, side } = pairs[0]!;
  return planFolderCleanup(match, report.clusters, side, options);
}

/** The pairs with `folder` as one side, by its text, else by its identity; and which side it is. */
async function pairsHolding(matches: readonly FolderMatch[], folder: string): Promise<{ match: FolderMatch; side: 'a' | 'b' }[]> {
  const named = matches.filter((match) => match.folders.includes(folder));
  if (named.length > 0) return named.map((match) => ({ match, side: match.folders[1] === folder ? 'b' : 'a' }));
  const identity = createIdentityCache();
  const wanted = await identity(folder);
  if (wanted === undefined) return [];
  const found: { match: FolderMatch; side: 'a' | 'b' }[] = [];
  for (const match of matches) {
    if ((await identity(match.folders[0])) === wanted) found.push({ match, side: 'a' });
    else if ((await identity(match.folders[1])) === wanted) found.push({ match, side: 'b' });
  }
  return found;
}
