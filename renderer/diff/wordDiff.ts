// Word-level diff of two extracted texts, split into what each side of a side-by-side view
// shows. Each side's segments are cut from that side's own text, so every pane shows its
// document exactly (diffWords keeps only one side's whitespace in the words both share).
import { diffWords } from 'diff';

/**
 * same: in both texts; removed: only in the base; added: only in the other text; gap: an
 * empty marker where the other side has words this one lacks.
 */
export type SegmentKind = 'same' | 'removed' | 'added' | 'gap';

export interface Segment {
  text: string;
  kind: SegmentKind;
  /** Which difference this segment belongs to, counting from 0 in document order. */
  change?: number;
}

export interface WordDiff {
  base: Segment[];
  other: Segment[];
  changes: number;
}

/** Word diffs are quadratic in the worst case: two unrelated long texts are not worth the wait. */
export const DIFF_TIMEOUT_MS = 1500;

function nonSpaceLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (!/\s/.test(text.charAt(i))) n++;
  return n;
}

/** Replaces each segment's text with the stretch of source holding the same words. */
export function alignToSource(segments: readonly Segment[], source: string): Segment[] {
  let cursor = 0;
  const aligned = segments.map((segment) => {
    const wanted = nonSpaceLength(segment.text);
    let end = cursor;
    for (let seen = 0; end < source.length && seen < wanted; end++) if (!/\s/.test(source.charAt(end))) seen++;
    const text = source.slice(cursor, end);
    cursor = end;
    return { ...segment, text };
  });
  const last = aligned.at(-1);
  if (last && cursor < source.length) last.text += source.slice(cursor);
  return aligned;
}

/** Segments of base and other, or null when the diff took longer than timeoutMs. */
export function diffDocuments(base: string, other: string, timeoutMs = DIFF_TIMEOUT_MS): WordDiff | null {
  const parts = diffWords(base, other, { timeout: timeoutMs });
  if (!parts) return null;
  const baseSide: Segment[] = [];
  const otherSide: Segment[] = [];
  let changes = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (!part.added && !part.removed) {
      baseSide.push({ text: part.value, kind: 'same' });
      otherSide.push({ text: part.value, kind: 'same' });
      continue;
    }
    // A run of removed and added parts is one difference, shown on both sides.
    const change = changes++;
    let removed = '';
    let added = '';
    for (; i < parts.length && (parts[i]!.added || parts[i]!.removed); i++) {
      if (parts[i]!.removed) removed += parts[i]!.value;
      else added += parts[i]!.value;
    }
    i--;
    baseSide.push(removed ? { text: removed, kind: 'removed', change } : { text: '', kind: 'gap', change });
    otherSide.push(added ? { text: added, kind: 'added', change } : { text: '', kind: 'gap', change });
  }
  return { base: alignToSource(baseSide, base), other: alignToSource(otherSide, other), changes };
}

/** Leading space, words, trailing space: only the words of a change are highlighted. */
export function splitSpace(text: string): [lead: string, words: string, trail: string] {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!;
  return [match[1]!, match[2]!, match[3]!];
}
