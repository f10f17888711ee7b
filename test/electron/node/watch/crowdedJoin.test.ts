// The watcher's join of crowded documents, kept between bursts, against all pairs compared: after
// every burst of documents coming and going, whether it compares the newcomers one by one or
// joins everything again.
import { describe, expect, it } from 'vitest';
import { jaccard } from '../../../../shared/fingerprint/jaccard.ts';
import { createCrowdedJoin } from '../../../../electron/node/watch/crowdedJoin.ts';
import { seededRandom } from '../../../shared/textFixtures.ts';

const THRESHOLD = 0.5;

function allPairs(crowded: ReadonlyMap<string, Uint32Array>) {
  const texts = [...crowded.keys()].sort();
  const out: string[] = [];
  for (let i = 0; i < texts.length; i++)
    for (let j = i + 1; j < texts.length; j++) {
      const similarity = jaccard(crowded.get(texts[i]!)!, crowded.get(texts[j]!)!);
      if (similarity >= THRESHOLD) out.push(`${texts[i]} ${texts[j]} ${similarity}`);
    }
  return out;
}

describe('crowded join kept between bursts', () => {
  for (const [way, fullJoinAfter] of [['one by one', Infinity], ['joined again', 0]] as const) {
    it(`equals all pairs compared after every burst (${way})`, () => {
      const random = seededRandom(0xc40d);
      const int = (n: number) => Math.floor(random() * n);
      // Families of sets drawn from a few bases, so that some pairs pass the threshold and most don't.
      const bases = Array.from({ length: 4 }, (_, b) => Array.from({ length: 40 }, (_, i) => b * 1000 + i));
      const pool = Array.from({ length: 50 }, (_, n) => {
        const kept = bases[n % 4]!.filter(() => random() < 0.8);
        return [`doc-${n}`, Uint32Array.from(new Set([...kept, ...Array.from({ length: int(12) }, () => 100_000 + int(1_000_000))])).sort()] as const;
      });
      const join = createCrowdedJoin(THRESHOLD, fullJoinAfter);
      const crowded = new Map<string, Uint32Array>();
      let pairsSeen = 0;
      for (let burst = 0; burst < 60; burst++) {
        for (let k = int(4) + 1; k > 0; k--) {
          const [text, set] = pool[int(pool.length)]!;
          if (crowded.has(text)) crowded.delete(text);
          else crowded.set(text, set);
        }
        join.update(crowded);
        const found = [...join.pairs()].map(({ x, y, similarity }) => `${x} ${y} ${similarity}`).sort();
        const expected = allPairs(crowded);
        expect(found, `burst ${burst}`).toEqual(expected);
        pairsSeen += expected.length;
      }
      expect(pairsSeen).toBeGreaterThan(100);
    });
  }
});
