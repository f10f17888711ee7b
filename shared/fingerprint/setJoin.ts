// Every pair of sets at or above a Jaccard threshold, exactly, without comparing all pairs when
// the sets allow it: prefix and positional filtering (AllPairs / PPJoin, Xiao et al., WWW 2008).
// Used where the LSH index gives up: a bucket of a thousand form letters from one template is
// skipped (candidatePairs.ts), and a pair of letters whose only agreeing bands were such buckets
// would be missed. Short documents carry their sets (pairTriage.ts), so these are joined here.
//
// Tokens are ranked rarest first, so two sets above the threshold share a token among the first
// few of each (the prefixes; the one a set is indexed under is shorter, as in AllPairs); a token shared at positions i and j bounds the overlap still possible
// by what follows it in both sets, and a pair that cannot reach the overlap the threshold needs
// is dropped at once. Form letters meet on their rare words (names, amounts); two that share only
// the template are dropped by the positional bound without a merge of their sets.
import { intersectionSize } from './jaccard.ts';

/** Overlap two sets of these sizes need for Jaccard ≥ t: |x ∩ y| ≥ t / (1 + t) · (|x| + |y|). */
function overlapNeeded(t: number, x: number, y: number): number {
  return Math.ceil((t / (1 + t)) * (x + y) - 1e-9);
}

/** The first tokens of a set of `size` (rarest first) that any partner at Jaccard ≥ t must share one of. */
function prefixLength(t: number, size: number): number {
  return size - Math.ceil(t * size - 1e-9) + 1;
}

/**
 * The first tokens of a set that later sets look it up by: those sets are no smaller, so a pair
 * needs an overlap of at least 2t / (1 + t) of this one, and shares a token among these. A
 * template's common words fall after them, so letters never meet on the template alone.
 */
function indexedLength(t: number, size: number): number {
  return size - Math.ceil(((2 * t) / (1 + t)) * size - 1e-9) + 1;
}

/** Each set's tokens as ranks, rarest first (then by value), over these sets only; each array sorted. */
function rankTokens(sets: readonly Uint32Array[]): Uint32Array[] {
  let total = 0;
  for (const set of sets) total += set.length;
  const all = new Uint32Array(total);
  let at = 0;
  for (const set of sets) {
    all.set(set, at);
    at += set.length;
  }
  all.sort();
  // The distinct tokens, ascending, and how many sets hold each (a set holds a token once).
  const tokens = new Uint32Array(total);
  const frequency = new Uint32Array(total);
  let distinct = 0;
  for (let i = 0; i < total; i++) {
    if (distinct > 0 && tokens[distinct - 1] === all[i]) frequency[distinct - 1]!++;
    else {
      tokens[distinct] = all[i]!;
      frequency[distinct++] = 1;
    }
  }
  const byRarity = Uint32Array.from({ length: distinct }, (_, i) => i).sort((p, q) => frequency[p]! - frequency[q]! || p - q);
  const rankOf = new Uint32Array(distinct);
  byRarity.forEach((token, rank) => (rankOf[token] = rank));
  const indexOf = (token: number) => {
    let low = 0;
    let high = distinct - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (tokens[middle]! < token) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return sets.map((set) => Uint32Array.from(set, (token) => rankOf[indexOf(token)]!).sort());
}

/**
 * The pairs [a, b] (indices into `sets`, a < b) whose Jaccard resemblance is ≥ `threshold`
 * (0 < threshold ≤ 1). Each set is sorted and distinct; empty sets never pair.
 */
export function setsAtLeast(sets: readonly Uint32Array[], threshold: number): [number, number][] {
  if (!(threshold > 0 && threshold <= 1)) throw new RangeError(`a Jaccard threshold in (0, 1], not ${threshold}`);
  const ranked = rankTokens(sets);
  // Smallest first: a set meets only the sets before it, none of them larger.
  const order = ranked.map((_, i) => i).filter((i) => ranked[i]!.length > 0);
  order.sort((p, q) => ranked[p]!.length - ranked[q]!.length || p - q);

  // Per token (rank): the sets indexed under it and the token's position in each, in one array
  // (a list per token cost a hundred megabytes at 8,000 letters).
  let ranks = 0;
  for (const set of ranked) if (set.length > 0) ranks = Math.max(ranks, set[set.length - 1]! + 1);
  const start = new Uint32Array(ranks + 1);
  for (const x of order) for (let i = 0; i < indexedLength(threshold, ranked[x]!.length); i++) start[ranked[x]![i]! + 1]!++;
  for (let r = 0; r < ranks; r++) start[r + 1]! += start[r]!;
  const end = start.slice(0, ranks);
  const postedSet = new Uint32Array(start[ranks]!);
  const postedAt = new Uint32Array(start[ranks]!);

  const overlap = new Int32Array(sets.length);
  const touched: number[] = [];
  const pairs: [number, number][] = [];
  for (const x of order) {
    const tokens = ranked[x]!;
    const size = tokens.length;
    const smallest = threshold * size;
    const prefix = prefixLength(threshold, size);
    for (let i = 0; i < prefix; i++) {
      const token = tokens[i]!;
      for (let k = start[token]!; k < end[token]!; k++) {
        const y = postedSet[k]!;
        const other = ranked[y]!.length;
        if (other < smallest || overlap[y]! < 0) continue;
        // Overlap still possible: this token, and at most the shorter of the two remainders.
        const possible = overlap[y]! + 1 + Math.min(size - i - 1, other - postedAt[k]! - 1);
        if (overlap[y] === 0) touched.push(y);
        overlap[y] = possible >= overlapNeeded(threshold, size, other) ? overlap[y]! + 1 : -1;
      }
    }
    for (const y of touched) {
      if (overlap[y]! > 0 && intersectionSize(tokens, ranked[y]!) >= overlapNeeded(threshold, size, ranked[y]!.length)) pairs.push(x < y ? [x, y] : [y, x]);
      overlap[y] = 0;
    }
    touched.length = 0;
    for (let i = 0; i < indexedLength(threshold, size); i++) {
      const token = tokens[i]!;
      postedSet[end[token]!] = x;
      postedAt[end[token]!++] = i;
    }
  }
  return pairs;
}
