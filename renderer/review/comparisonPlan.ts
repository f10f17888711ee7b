// What the comparison of a cluster shows, worked out from the diffs of every member against
// the base: which member differs most (the view opens on it), which members have the same
// text as another (labelled, not shown as an empty diff), and the order Next difference walks
// every column's differences in.
import type { WordDiff } from '../diff/wordDiff.ts';

export interface ComparisonPlan {
  /** The member the view opens on: the most differences from the base; null while none is ready. */
  mostDifferent: number | null;
  /** For a member with the same words as another (the base or an earlier member): that member. */
  sameAs: Record<number, number>;
  /** Members whose differences Next difference walks, in column order: distinct texts with differences. */
  walk: number[];
}

/** The words of a text, so that texts differing only in spacing or line breaks compare equal. */
export function wordsKey(text: string): string {
  return text.split(/\s+/).filter(Boolean).join(' ');
}

/**
 * diffs: by member index, null when too different to diff, absent while loading.
 * keys: wordsKey of each loaded member's text.
 * scanned: the members read with OCR (a scan): never the same text as another member, however
 * well OCR read it, so each is shown and walked as a text of its own.
 */
export function planComparison(fileCount: number, base: number, diffs: Record<number, WordDiff | null>, keys: Record<number, string>, scanned: ReadonlySet<number> = new Set()): ComparisonPlan {
  const sameAs: Record<number, number> = {};
  const walk: number[] = [];
  let mostDifferent: number | null = null;
  let most = -1;
  const seen = new Map<string, number>();
  if (keys[base] !== undefined && !scanned.has(base)) seen.set(keys[base], base);
  for (let i = 0; i < fileCount; i++) {
    if (i === base) continue;
    const diff = diffs[i];
    if (diff === undefined) continue;
    const key = keys[i];
    const twin = scanned.has(i) ? undefined : diff?.changes === 0 && !scanned.has(base) ? base : key === undefined ? undefined : seen.get(key);
    if (twin !== undefined) {
      sameAs[i] = twin;
      continue;
    }
    if (key !== undefined && !scanned.has(i)) seen.set(key, i);
    // Too different to diff counts as the most different only when nothing else differs.
    const changes = diff === null ? 0 : diff.changes;
    if (changes > most) {
      most = changes;
      mostDifferent = i;
    }
    if (changes > 0) walk.push(i);
  }
  return { mostDifferent, sameAs, walk };
}

export interface DifferenceCursor {
  column: number;
  change: number;
}

/**
 * The next (delta 1) or previous (-1) difference across the walked columns: through one column's
 * differences, then on to the next column's, wrapping at the ends. Without a cursor it starts in
 * `start` (the compared column) when that has differences.
 */
export function stepDifference(
  walk: readonly number[],
  changesOf: (column: number) => number,
  cursor: DifferenceCursor | null,
  delta: 1 | -1,
  start: number,
): DifferenceCursor | null {
  if (walk.length === 0) return null;
  const edge = (column: number) => ({ column, change: delta > 0 ? 0 : changesOf(column) - 1 });
  if (!cursor || !walk.includes(cursor.column)) return edge(walk.includes(start) ? start : walk[0]!);
  const change = cursor.change + delta;
  if (change >= 0 && change < changesOf(cursor.column)) return { column: cursor.column, change };
  const at = walk.indexOf(cursor.column);
  return edge(walk[(at + delta + walk.length) % walk.length]!);
}
