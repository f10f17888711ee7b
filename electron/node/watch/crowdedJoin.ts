// The watcher's pairs among documents of crowded LSH buckets (too many documents agreed on a band:
// form letters from one template), kept between bursts. The scan joins such documents exactly on
// their sets (setJoin.ts, nearClusters.ts crowdedPairs); the watcher keeps that join's pairs and,
// when a burst brings a few documents into crowded buckets, compares only those with the others,
// so a letter saved into a folder of 20,000 costs 20,000 merges of small sets, not a new join.
import { jaccard } from '../../../shared/fingerprint/jaccard.ts';
import { setsAtLeast } from '../../../shared/fingerprint/setJoin.ts';

export interface CrowdedJoin {
  /** Takes the documents now in crowded buckets that carry their sets, by text key. */
  update(crowded: ReadonlyMap<string, Uint32Array>): void;
  /** The pairs at or above the threshold among them, with their exact resemblance. */
  pairs(): Iterable<{ x: string; y: string; similarity: number }>;
}

// Newcomers × documents past which one join of them all costs less than comparing each newcomer
// with each (the join's prefix filter skips most pairs; a merge of two sets costs each in full).
const FULL_JOIN_AFTER = 1_000_000;

export function createCrowdedJoin(threshold: number, fullJoinAfter = FULL_JOIN_AFTER): CrowdedJoin {
  /** The documents joined so far, with their sets. */
  const joined = new Map<string, Uint32Array>();
  /** Each joined document's partners at or above the threshold, with their resemblance. */
  const partners = new Map<string, Map<string, number>>();

  const link = (x: string, y: string, similarity: number) => {
    partners.get(x)!.set(y, similarity);
    partners.get(y)!.set(x, similarity);
  };

  function leave(text: string): void {
    for (const other of partners.get(text)!.keys()) partners.get(other)?.delete(text);
    partners.delete(text);
    joined.delete(text);
  }

  function joinAll(crowded: ReadonlyMap<string, Uint32Array>): void {
    joined.clear();
    partners.clear();
    const texts = [...crowded.keys()];
    for (const text of texts) {
      joined.set(text, crowded.get(text)!);
      partners.set(text, new Map());
    }
    const sets = texts.map((text) => crowded.get(text)!);
    for (const [i, j] of setsAtLeast(sets, threshold)) link(texts[i]!, texts[j]!, jaccard(sets[i]!, sets[j]!));
  }

  return {
    update(crowded) {
      for (const text of [...joined.keys()]) if (!crowded.has(text)) leave(text);
      const newcomers = [...crowded.keys()].filter((text) => !joined.has(text));
      if (newcomers.length === 0) return;
      if (newcomers.length * crowded.size > fullJoinAfter) return joinAll(crowded);
      for (const text of newcomers) {
        const set = crowded.get(text)!;
        partners.set(text, new Map());
        for (const [other, otherSet] of joined) {
          const similarity = jaccard(set, otherSet);
          if (similarity >= threshold) link(text, other, similarity);
        }
        joined.set(text, set);
      }
    },
    *pairs() {
      for (const [x, ofX] of partners) for (const [y, similarity] of ofX) if (x < y) yield { x, y, similarity };
    },
  };
}
