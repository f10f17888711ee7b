// The page's side of bulk marks: the undo step of a mark over the clusters a filter shows, and
// what to say when a Delete mark will not act (an edited version or excerpt while that kind is
// not included in the clean-up). Pure, over the engine's clusters and marks.
import type { IncludeKind } from '../../shared/contract/vocabulary.ts';
import { plural } from '../../shared/format.ts';
import { markAllChanges } from '../../shared/marks/bulkMarks.ts';
import type { MarkAllKind } from '../../shared/marks/bulkMarks.ts';
import { deleteMarkOutcomes } from '../../shared/marks/markOutcomes.ts';
import type { MarkCounts } from '../../shared/marks/markOutcomes.ts';
import type { Cluster } from '../../shared/report.ts';
import { KeepRuleError, parseKeepRule } from '../../shared/selection/keepRules.ts';
import type { KeepRule } from '../../shared/selection/keepRules.ts';
import { ruleTexts } from '../cleanup/cleanupRules.ts';
import type { CleanupDraft } from '../cleanup/cleanupRules.ts';
import type { MarksByCluster } from '../engine/contractTypes.ts';
import { baseName } from '../format/paths.ts';
import type { MarkChange } from '../store/marksSlice.ts';

/** The clean-up's names of the kinds a person includes (its check boxes). */
export const includeLabels: Record<IncludeKind, string> = { near: 'Edited versions', contained: 'Excerpts' };

const kindNames: Record<IncludeKind, string> = { near: 'an edited version', contained: 'an excerpt' };

/** The kinds the clean-up's draft includes. */
export function includedKinds(draft: Pick<CleanupDraft, 'includeNear' | 'includeContained'>): IncludeKind[] {
  return [...(draft.includeNear ? (['near'] as const) : []), ...(draft.includeContained ? (['contained'] as const) : [])];
}

/** The keep rules of the clean-up's criteria, in order; none while one does not parse (a format list being typed). */
export function draftKeepRules(draft: CleanupDraft): KeepRule[] {
  try {
    return ruleTexts(draft).map(parseKeepRule);
  } catch (error) {
    if (error instanceof KeepRuleError) return [];
    throw error;
  }
}

/**
 * One undo step marking every cluster given (those a filter shows). Where a cluster needs a
 * keeper, it is the file the clean-up's keep criteria would keep (`draft`), so that marking all
 * and cleaning up by the criteria keep the same file.
 */
export function markAllStep(kind: MarkAllKind, clusters: readonly Cluster[], marks: MarksByCluster, isReference: (path: string) => boolean, draft: CleanupDraft): MarkChange[] {
  const rules = draftKeepRules(draft);
  return clusters.flatMap((cluster) => markAllChanges(kind, cluster, marks[cluster.id], isReference, rules).map((change) => ({ clusterId: cluster.id, ...change })));
}

/**
 * Said when a file just marked Delete will stay: the kind it needs is not included. Null when
 * every such file goes.
 */
export function willNotActNote(cluster: Cluster, marks: MarksByCluster, include: readonly IncludeKind[], marked: readonly number[]): string | null {
  const outcomes = deleteMarkOutcomes(cluster, marks[cluster.id], include);
  const staying = marked.flatMap((i) => {
    const outcome = outcomes.get(i);
    return outcome === undefined || outcome === 'goes' ? [] : [{ i, kind: outcome }];
  });
  const first = staying[0];
  if (!first) return null;
  const what = staying.length === 1 ? `${baseName(cluster.files[first.i]!.path)} is ${kindNames[first.kind]}` : `${plural(staying.length, 'file')} marked Delete are edited versions or excerpts`;
  const kinds = [...new Set(staying.map((s) => includeLabels[s.kind]))].map((label) => `“${label}”`).join(' and ');
  return `${what}: ${staying.length === 1 ? 'it stays' : 'they stay'} unless ${kinds} ${kinds.includes(' and ') ? 'are' : 'is'} ticked in the clean-up.`;
}

/** "8 marked · 6 will go · 2 need Edited versions", or null with no Delete mark. */
export function markCountsText(counts: MarkCounts): string | null {
  if (counts.marked === 0) return null;
  const parts = [`${counts.marked} marked Delete`, `${counts.willGo} will go`];
  const needing = (Object.keys(counts.need) as IncludeKind[]).filter((kind) => counts.need[kind] > 0);
  for (const kind of needing) parts.push(`${counts.need[kind]} need ${includeLabels[kind]}`);
  return parts.join(' · ');
}

/** What a folder's bulk mark touches, in words, before it is made. */
export function folderMarkText(mark: 'keep' | 'delete', count: { files: number; clusters: number; lastCopies: number; reference: number; othersGo: number }): string {
  if (count.files === 0) return mark === 'delete' ? 'Nothing here to mark Delete.' : 'Every file here is marked Keep already.';
  const parts = [`Marks ${plural(count.files, 'file')} ${mark === 'delete' ? 'Delete' : 'Keep'} in ${plural(count.clusters, 'cluster')}.`];
  if (count.lastCopies > 0) parts.push(`${count.lastCopies === 1 ? 'One cluster has' : `${count.lastCopies} clusters have`} every file here or marked Delete: one file of ${count.lastCopies === 1 ? 'it' : 'each'} stays, marked Keep.`);
  if (mark === 'delete' && count.reference > 0) parts.push(`${plural(count.reference, 'file')} in reference folders stay${count.reference === 1 ? 's' : ''}.`);
  if (count.othersGo > 0) parts.push(`The other ${plural(count.othersGo, 'file')} of these clusters, unmarked, then go in a clean-up by marks.`);
  return parts.join(' ');
}
