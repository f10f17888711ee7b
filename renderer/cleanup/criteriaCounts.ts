// How many clusters in scope each keep criterion decides, for the figure beside it: the clusters the
// person marked are decided by their marks (when used), an excerpt's cluster keeps its larger
// document whatever the rules say, and the others go to the criterion that settles which copy stays
// (shared/selection/decidingRule.ts), or to the path when every criterion ties.
import type { Cluster } from '../../shared/report.ts';
import { decidingRule } from '../../shared/selection/decidingRule.ts';
import { KeepRuleError, parseKeepRule } from '../../shared/selection/keepRules.ts';
import type { KeepRule } from '../../shared/selection/keepRules.ts';
import type { MarksByCluster } from '../engine/contractTypes.ts';
import { criterionText } from './cleanupRules.ts';
import type { CleanupDraft } from './cleanupRules.ts';

export interface CriteriaCounts {
  /** Per criterion, in the draft's order: null for one that names no rule ("leave them", a folder rule without its folder). */
  byCriterion: (number | null)[];
  /** Ties on every criterion: the path decides. */
  byPath: number;
}

/** Null when a criterion does not parse (a format list being typed). */
export function criteriaCounts(clusters: readonly Cluster[], draft: CleanupDraft, marks: MarksByCluster): CriteriaCounts | null {
  const texts = draft.criteria.map(criterionText);
  const rules: KeepRule[] = [];
  /** The criterion each rule comes from. */
  const from: number[] = [];
  try {
    texts.forEach((text, i) => {
      if (text === null) return;
      rules.push(parseKeepRule(text));
      from.push(i);
    });
  } catch (error) {
    if (error instanceof KeepRuleError) return null;
    throw error;
  }
  const byCriterion = texts.map((text): number | null => (text === null ? null : 0));
  let byPath = 0;
  if (rules.length === 0) return { byCriterion, byPath };
  for (const cluster of clusters) {
    if (cluster.kind === 'contained') continue;
    if (draft.useMarks && Object.keys(marks[cluster.id] ?? {}).length > 0) continue;
    const at = decidingRule(cluster.files, rules);
    if (at === null) continue;
    if (at === rules.length) byPath++;
    else byCriterion[from[at]!] = (byCriterion[from[at]!] ?? 0) + 1;
  }
  return { byCriterion, byPath };
}
