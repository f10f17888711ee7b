// The word diff of each file against the first, computed once per pair of texts (a cluster
// event reloads the texts; unchanged ones keep their diff).
import { useMemo, useRef } from 'react';
import { diffDocuments } from '../diff/wordDiff.ts';
import type { WordDiff } from '../diff/wordDiff.ts';
import type { DocumentText } from '../store/selectionSlice.ts';

interface CachedDiff {
  base: string;
  other: string;
  diff: WordDiff | null;
}

/** By file index (from 1): the diff, null when the texts are too different to diff in time, absent while loading. */
export function useWordDiffs(texts: Record<number, DocumentText>, fileCount: number): Record<number, WordDiff | null> {
  const cache = useRef(new Map<number, CachedDiff>());
  return useMemo(() => {
    const diffs: Record<number, WordDiff | null> = {};
    const base = texts[0];
    if (base?.status !== 'ready') return diffs;
    for (let i = 1; i < fileCount; i++) {
      const other = texts[i];
      if (other?.status !== 'ready') continue;
      let entry = cache.current.get(i);
      if (!entry || entry.base !== base.text || entry.other !== other.text) {
        entry = { base: base.text, other: other.text, diff: diffDocuments(base.text, other.text) };
        cache.current.set(i, entry);
      }
      diffs[i] = entry.diff;
    }
    return diffs;
  }, [texts, fileCount]);
}
