// Which of the files a selection acts on really go. A removal that needs a kind the person left
// out (an edited version without 'near', an excerpt without 'contained'), or that the action
// cannot make (a hard link to anything but a byte copy), stays — one at a time and the
// best-ranked first, since a file that stays may become the twin another file duplicates (an
// edited version's own byte copy is still a copy of it), so of an edited version's copies the one
// the rules or marks rank best stays. One rule for the engine's plan and for the counts of what
// the person's marks will do.
import type { Cluster } from '../report.ts';
import { fileRelations } from './fileRelations.ts';
import type { FileRelation, Relation } from './fileRelations.ts';

/** The cluster's file indexes, best to keep first: as `order` ranks their paths, then the others in report order. */
export function keepOrder(cluster: Cluster, order: readonly string[] = []): number[] {
  const at = new Map(order.map((path, rank) => [path, rank] as const));
  const rank = (i: number) => at.get(cluster.files[i]!.path) ?? order.length + i;
  return cluster.files.map((_, i) => i).sort((a, b) => rank(a) - rank(b));
}

export interface SettledRemovals {
  /** Every file's relation to what stays, once the held files stay. */
  relations: FileRelation[];
  /** The files held back, in the order they were, each with the relation that held it. */
  held: Map<number, FileRelation>;
}

/**
 * Settles `acted` (changed in place: the held files leave it). `named` are the files chosen to
 * stay (the first that stays is the keeper), `byRank` every file best to keep first, and `holds`
 * says which relation cannot go.
 */
export function settleRemovals(cluster: Cluster, acted: Set<number>, named: readonly number[], byRank: readonly number[], holds: (relation: Relation) => boolean): SettledRemovals {
  const relationsNow = () => {
    const staying = new Set(cluster.files.map((_, i) => i).filter((i) => !acted.has(i)));
    const keeper = named.find((i) => staying.has(i)) ?? byRank.find((i) => staying.has(i))!;
    return fileRelations(cluster, staying, keeper, named);
  };
  const held = new Map<number, FileRelation>();
  let relations = relationsNow();
  for (;;) {
    const blocked = byRank.find((i) => acted.has(i) && holds(relations[i]!.relation));
    if (blocked === undefined) return { relations, held };
    acted.delete(blocked);
    held.set(blocked, relations[blocked]!);
    relations = relationsNow();
  }
}
