// The figures a plan may claim for a file beside the one it duplicates, from the report alone: what
// each member was measured to, and the bound the measured chain vouches for between any two.
// Each planned removal carries the least figure its last check must find again (checkStep.ts).
import type { Cluster } from '../../../shared/report.ts';
import type { Relation } from '../../../shared/selection/fileRelations.ts';
import type { RemovalRelation } from './planActions.ts';

/** Measures from the scan may be sketch estimates: a fresh exact measure may come out this much lower. */
const MEASURE_MARGIN = 0.15;
/** Whatever a report claims, a pair sharing less than this is not a near-duplicate. */
const MIN_VERIFIED_SIMILARITY = 0.2;

/** The member a member's `similarity` is measured to: the one `matches` names, else the first file. */
function partnerOf(cluster: Cluster, i: number): number {
  if (i === 0) return -1;
  const named = cluster.files[i]!.matches;
  const j = named === undefined ? 0 : cluster.files.findIndex((f) => f.path === named);
  return j < 0 ? 0 : j;
}

/**
 * The least resemblance the report vouches for between members a and b. Jaccard distance
 * (1 − J) is a metric, so along the chain of `matches` that joins them J(a, b) ≥ 1 − Σ(1 − s);
 * with every member measured to the first file this is the star's s1 + s2 − 1.
 */
function vouchedResemblance(cluster: Cluster, a: number, b: number): number {
  const costsUp = (start: number) => {
    const costs = new Map<number, number>();
    let cost = 0;
    for (let i = start; i >= 0 && !costs.has(i); i = partnerOf(cluster, i)) {
      costs.set(i, cost);
      cost += 1 - (cluster.files[i]!.similarity ?? cluster.similarity);
    }
    return costs;
  };
  const fromB = costsUp(b);
  let least = Infinity;
  for (const [member, cost] of costsUp(a)) {
    const other = fromB.get(member);
    if (other !== undefined) least = Math.min(least, cost + other);
  }
  return least === Infinity ? 0 : 1 - least;
}

/**
 * The figure a file is shown with beside the file it duplicates (`match`): its resemblance to it,
 * or its containment in it. The report measures each member to one partner; to any other member
 * only the bound vouchedResemblance gives is known, so it is shown as a bound (`atLeast`), and
 * for an excerpt nothing is.
 */
export function shownSimilarity(cluster: Cluster, relation: Relation, file: number, match: number | undefined): { similarity: number; atLeast?: true } | undefined {
  if (match === undefined || (relation !== 'edited' && relation !== 'excerpt')) return undefined;
  const measured = (member: number) => cluster.files[member]!.similarity ?? cluster.similarity;
  if (partnerOf(cluster, file) === match) return { similarity: measured(file) };
  if (relation === 'excerpt') return undefined;
  if (partnerOf(cluster, match) === file) return { similarity: measured(match) };
  return { similarity: vouchedResemblance(cluster, file, match), atLeast: true };
}

/** The least resemblance a fresh exact measure must find before `file` is removed for `match` (checkStep.ts). */
export function minSimilarity(cluster: Cluster, relation: RemovalRelation, file: number, match: number): number | undefined {
  if (relation !== 'edited' && relation !== 'excerpt') return undefined;
  const claimed = relation === 'excerpt' ? (cluster.files[file]!.similarity ?? cluster.similarity) : vouchedResemblance(cluster, file, match);
  return Math.max(MIN_VERIFIED_SIMILARITY, claimed - MEASURE_MARGIN);
}
