// Whether a Delete mark will act: a clean-up by marks removes an edited version only with edited
// versions included, and an excerpt only with excerpts included, so a mark on one may not act.
// Worked out as the engine's plan does (electron/node/actions/planActions.ts): the files marked
// Delete go, each related to what stays (shared/selection/fileRelations.ts); one of a kind left
// out stays, and may then be the twin another marked file is a copy of.
import type { IncludeKind } from '../contract/vocabulary.ts';
import type { Cluster } from '../report.ts';
import { fileRelations, kindNeeded } from '../selection/fileRelations.ts';
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
  const markOf = (i: number) => (marks && Object.hasOwn(marks, cluster.files[i]!.path) ? marks[cluster.files[i]!.path] : undefined);
  const marked = cluster.files.flatMap((_, i) => (markOf(i) === 'delete' ? [i] : []));
  const outcomes = new Map<number, MarkOutcome>();
  // Marks never leave every file Delete, nor the container (the engine refuses both): nothing to say.
  if (marked.length === cluster.files.length) return outcomes;
  const acted = new Set(marked.filter((i) => !(cluster.kind === 'contained' && i === 0)));
  const named = cluster.files.flatMap((_, i) => (markOf(i) === 'keep' ? [i] : []));
  const staying = () => new Set(cluster.files.map((_, i) => i).filter((i) => !acted.has(i)));
  const relationsNow = () => {
    const stay = staying();
    return fileRelations(cluster, stay, named.find((i) => stay.has(i)) ?? Math.min(...stay), named);
  };
  let relations = relationsNow();
  for (;;) {
    const blocked = [...acted].sort((x, y) => x - y).find((i) => {
      const needed = kindNeeded(relations[i]!.relation);
      return needed !== undefined && !include.includes(needed);
    });
    if (blocked === undefined) break;
    acted.delete(blocked);
    outcomes.set(blocked, kindNeeded(relations[blocked]!.relation)!);
    relations = relationsNow();
  }
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
