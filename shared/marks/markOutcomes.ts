// Whether a Delete mark will act: a clean-up by marks removes an edited version only with edited
// versions included, and an excerpt only with excerpts included, so a mark on one may not act.
// Worked out by the rule the engine's plan follows (shared/selection/settleRemovals.ts), on the
// selection the marks make (selectWithMarks).
import type { IncludeKind } from '../contract/vocabulary.ts';
import type { Cluster } from '../report.ts';
import { kindNeeded } from '../selection/fileRelations.ts';
import { selectWithMarks } from '../selection/selectFiles.ts';
import { keepOrder, settleRemovals } from '../selection/settleRemovals.ts';
import type { ClusterMarks } from './bulkMarks.ts';

/** A Delete mark goes, or needs this kind included to. */
export type MarkOutcome = 'goes' | IncludeKind;

export interface MarkCounts {
  /** Files marked Delete. */
  marked: number;
  /** Of those, the ones a clean-up by marks with the kinds included removes. */
  willGo: number;
  /** Of those, the ones that stay unless this kind is included. */
  need: Record<IncludeKind, number>;
}

/** Each file marked Delete (by position) with what becomes of it in a clean-up by marks including `include`. */
export function deleteMarkOutcomes(cluster: Cluster, marks: ClusterMarks | undefined, include: readonly IncludeKind[]): Map<number, MarkOutcome> {
  const outcomes = new Map<number, MarkOutcome>();
  const selection = selectWithMarks(cluster, [], marks);
  const indexOf = new Map(cluster.files.map((f, i) => [f.path, i] as const));
  const marked = cluster.files.flatMap((f, i) => (marks && Object.hasOwn(marks, f.path) && marks[f.path] === 'delete' ? [i] : []));
  // Marks never leave every file Delete, nor the container (the engine refuses both): nothing to say.
  if (marked.length === 0 || marked.length === cluster.files.length) return outcomes;
  const acted = new Set(marked.filter((i) => !(cluster.kind === 'contained' && i === 0)));
  const named = selection.keep.map((path) => indexOf.get(path)!);
  const { held } = settleRemovals(cluster, acted, named, keepOrder(cluster, selection.order), (relation) => {
    const needed = kindNeeded(relation);
    return needed !== undefined && !include.includes(needed);
  });
  for (const [i, { relation }] of held) outcomes.set(i, kindNeeded(relation)!);
  for (const i of acted) outcomes.set(i, 'goes');
  return outcomes;
}

export function countMarkOutcomes(clusters: Iterable<{ cluster: Cluster; marks: ClusterMarks | undefined }>, include: readonly IncludeKind[]): MarkCounts {
  const counts: MarkCounts = { marked: 0, willGo: 0, need: { near: 0, contained: 0 } };
  for (const { cluster, marks } of clusters) {
    for (const outcome of deleteMarkOutcomes(cluster, marks, include).values()) {
      counts.marked++;
      if (outcome === 'goes') counts.willGo++;
      else counts.need[outcome]++;
    }
  }
  return counts;
}
