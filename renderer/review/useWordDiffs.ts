// The word diff of each file against the base, computed once per pair of texts (a cluster
// event reloads the texts, a new base changes the pairs; unchanged pairs keep their diff).
// Diffs are made by a background worker, so a long pair never freezes the page; a column
// shows its plain text until its diff arrives.
import { useEffect, useMemo, useRef, useState } from 'react';
import { diffClient } from '../diff/diffClient.ts';
import type { WordDiff } from '../diff/wordDiff.ts';
import type { DocumentText } from '../store/selectionSlice.ts';

interface Pair {
  base: string;
  other: string;
}

interface CachedDiff extends Pair {
  diff: WordDiff | null;
}

interface Requested extends Pair {
  controller: AbortController;
}

const samePair = (a: Pair, b: Pair) => a.base === b.base && a.other === b.other;

/** By file index (all but the base): the diff, null when the texts are too different to diff in time, absent while loading. */
export function useWordDiffs(texts: Record<number, DocumentText>, fileCount: number, baseIndex: number): Record<number, WordDiff | null> {
  const cache = useRef(new Map<number, CachedDiff>());
  const requested = useRef(new Map<number, Requested>());
  // The cache's version (the cache is a ref): bumped when a diff arrives.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const base = texts[baseIndex];
    if (base?.status !== 'ready') return;
    for (let i = 0; i < fileCount; i++) {
      const other = texts[i];
      if (i === baseIndex || other?.status !== 'ready') continue;
      const pair = { base: base.text, other: other.text };
      const cached = cache.current.get(i);
      const pending = requested.current.get(i);
      if ((cached && samePair(cached, pair)) || (pending && samePair(pending, pair))) continue;
      // A request for a pair no longer shown is dropped before the worker starts it.
      pending?.controller.abort();
      const controller = new AbortController();
      requested.current.set(i, { ...pair, controller });
      void diffClient()
        .diff(pair.base, pair.other, controller.signal)
        .then((diff) => {
          if (controller.signal.aborted) return;
          requested.current.delete(i);
          cache.current.set(i, { ...pair, diff });
          setVersion((n) => n + 1);
        });
    }
  }, [texts, fileCount, baseIndex]);

  useEffect(() => {
    const pending = requested.current;
    return () => {
      for (const request of pending.values()) request.controller.abort();
      pending.clear();
    };
  }, []);

  return useMemo(() => {
    const diffs: Record<number, WordDiff | null> = {};
    const base = texts[baseIndex];
    if (base?.status !== 'ready') return diffs;
    for (let i = 0; i < fileCount; i++) {
      const other = texts[i];
      const cached = cache.current.get(i);
      if (i === baseIndex || other?.status !== 'ready' || !cached) continue;
      if (samePair(cached, { base: base.text, other: other.text })) diffs[i] = cached.diff;
    }
    return diffs;
    // `version` changes when the cache (a ref) gained a diff.
  }, [texts, fileCount, baseIndex, version]);
}
