// Names and folders too long for their space lose whole segments from the middle, never part of
// a word: "libgnutls28-…-copyright.txt", "Backup/…/Licenses". What must stay (the extension, the
// part that tells a name from its siblings) is never cut; the start and the end are kept.

/** Runs of these separate the segments a cut may drop. */
const SEPARATORS = /[\s/\\\-_.,;:()[\]{}+~]+/g;

export const ELLIPSIS = '…';

/** A candidate: text[0, head) + "…" + text[tail, end); head === tail when nothing is cut. */
export interface Cut {
  head: number;
  tail: number;
}

export function cutText(text: string, cut: Cut): string {
  return cut.head === cut.tail ? text : text.slice(0, cut.head) + ELLIPSIS + text.slice(cut.tail);
}

/**
 * Where a cut may start (just after a separator run, or at 0) and end (at the start of a
 * separator run, or at the end): the removed part is then whole segments, and each side keeps its
 * separator ("Documents/" + "…" + "/Licenses").
 */
export function cutPoints(text: string): { heads: number[]; tails: number[] } {
  const heads = [0];
  const tails: number[] = [];
  for (const match of text.matchAll(SEPARATORS)) {
    const start = match.index;
    const end = start + match[0].length;
    if (start > 0) tails.push(start);
    if (end < text.length) heads.push(end);
  }
  tails.push(text.length);
  return { heads, tails };
}

/** The extension of a file name (".txt"), to be kept whole; null for a folder or a bare name. */
export function extensionRange(name: string): [number, number] | null {
  const dot = name.lastIndexOf('.');
  return dot > 0 && name.length - dot <= 8 ? [dot, name.length] : null;
}

/** Every cut that keeps the `keep` ranges, the whole text first. */
export function cutCandidates(text: string, keep: readonly (readonly [number, number])[]): Cut[] {
  const { heads, tails } = cutPoints(text);
  const out: Cut[] = [{ head: text.length, tail: text.length }];
  for (const head of heads) {
    for (const tail of tails) {
      // Dropping fewer characters than the ellipsis takes saves nothing.
      if (tail - head < 2) continue;
      if (keep.some(([start, end]) => start < tail && end > head)) continue;
      out.push({ head, tail });
    }
  }
  return out;
}

/** Width of the text a cut shows, given the width of each prefix (prefix[i]: text[0, i)). */
function cutWidth(c: Cut, prefix: readonly number[], ellipsis: number): number {
  const total = prefix[prefix.length - 1] ?? 0;
  return c.head === c.tail ? total : prefix[c.head]! + ellipsis + total - prefix[c.tail]!;
}

/**
 * The candidate that fits `available` with the most kept, given the width of each prefix of the
 * text and of the ellipsis; null when none fits. A tie goes to the longer end.
 */
export function bestCut(candidates: readonly Cut[], prefix: readonly number[], ellipsis: number, available: number): Cut | null {
  let best: Cut | null = null;
  let bestWidth = -1;
  for (const c of candidates) {
    const w = cutWidth(c, prefix, ellipsis);
    if (w > available) continue;
    if (w > bestWidth || (w === bestWidth && best !== null && c.tail < best.tail)) {
      best = c;
      bestWidth = w;
    }
  }
  return best;
}

export function narrowestCut(candidates: readonly Cut[], prefix: readonly number[], ellipsis: number): Cut {
  return candidates.reduce((a, b) => (cutWidth(b, prefix, ellipsis) < cutWidth(a, prefix, ellipsis) ? b : a));
}

const WORD = /[^\s/\\\-_.,;:()[\]{}+~]+/g;

/** The first word and the last (before the extension, if any), as ranges. */
export function endWords(text: string, extension: [number, number] | null): { first: [number, number] | null; last: [number, number] | null } {
  const words = [...text.matchAll(WORD)].map((m): [number, number] => [m.index, m.index + m[0].length]);
  const before = extension ? words.filter(([start]) => start < extension[0]) : words;
  return { first: words[0] ?? null, last: before.at(-1) ?? null };
}

/** The words a character range touches (separators at its edges left out): whole segments. */
export function wholeSegments(text: string, range: readonly [number, number]): [number, number] {
  let [start, end] = range;
  const separator = (i: number) => new RegExp(`^${SEPARATORS.source}$`).test(text[i] ?? '');
  while (start < end - 1 && separator(start)) start++;
  while (end - 1 > start && separator(end - 1)) end--;
  const { heads, tails } = cutPoints(text);
  const from = Math.max(...heads.filter((h) => h <= start));
  const to = Math.min(...tails.filter((t) => t >= Math.max(end, start + 1)));
  return [from, to];
}
