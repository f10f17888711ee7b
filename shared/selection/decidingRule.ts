// Which rule of a keep chain decides a cluster: the chain keeps its best-ranked file, and a rule
// decides when it is the last one needed to set that file above every other (the first rule that
// tells two files apart orders them, so the others only break its ties).
import type { ReportFile } from '../report.ts';
import { compareByRule, rankFiles } from './keepRules.ts';
import type { KeepRule } from './keepRules.ts';

/**
 * The index of the rule that decides which file stays; `rules.length` when the path decides (a
 * rival ties with the kept file on every rule); null when there is nothing to decide (one file).
 */
export function decidingRule(files: readonly ReportFile[], rules: readonly KeepRule[]): number | null {
  const [kept, ...others] = rankFiles(files, rules);
  if (kept === undefined || others.length === 0) return null;
  let decider = 0;
  for (const other of others) {
    const apart = rules.findIndex((rule) => compareByRule(rule, kept, other) !== 0);
    decider = Math.max(decider, apart < 0 ? rules.length : apart);
  }
  return decider;
}

/** How many clusters each rule decides, the path's count last (`rules.length + 1` figures). */
export function decidedCounts(clusters: readonly (readonly ReportFile[])[], rules: readonly KeepRule[]): number[] {
  const counts = Array.from({ length: rules.length + 1 }, () => 0);
  for (const files of clusters) {
    const at = decidingRule(files, rules);
    if (at !== null) counts[at] = (counts[at] ?? 0) + 1;
  }
  return counts;
}
