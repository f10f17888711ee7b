// The word diff of each file against the base, computed once per pair of texts (a cluster
// event reloads the texts, a new base changes the pairs; unchanged pairs keep their diff).
import { useMemo, useRef } from 'react';
import { diffDocuments } from '../diff/wordDiff.ts';
import type { WordDiff } from '../diff/wordDiff.ts';
import type { DocumentText } from '../store/selectionSlice.ts';

interface CachedDiff {
  base: string;
  other: string;
  diff: WordDiff | null;
}

/** By file index (all but the base): the diff, null when the texts are too different to diff in time, absent while loading. */
export function useWordDiffs(texts: Record<number, DocumentText>, fileCount: number, baseIndex: number): Record<number, WordDiff | null> {
  const cache = useRef(new Map<number, CachedDiff>());
  return useMemo(() => {
    const diffs: Record<number, WordDiff | null> = {};
    const base = texts[baseIndex];
    if (base?.status !== 'ready') return diffs;
    for (let i = 0; i < fileCount; i++) {
      const other = texts[i];
      if (i === baseIndex || other?.status !== 'ready') continue;
      let entry = cache.current.get(i);
      if (!entry || entry.base !== base.text || entry.other !== other.text) {
        entry = { base: base.text, other: other.text, diff: diffDocuments(base.text, other.text) };
        cache.current.set(i, entry);
      }
      diffs[i] = entry.diff;
    }
    return diffs;
  }, [texts, fileCount, baseIndex]);
}
