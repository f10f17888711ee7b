// Where a passage of one document sits in another: the diff's segments, paired run by run
// (common runs and the changes between them), map a character offset in one text to the
// offset of the same words in the other. Scrolling together anchors on these runs, so a
// copy with a section inserted or cut off still shows the passage the person is reading.
import type { WordDiff } from './wordDiff.ts';

export interface RunPair {
  base: number;
  baseLength: number;
  other: number;
  otherLength: number;
}

/** One pair per diff segment: the base side and the other side always have as many. */
export function runPairs(diff: WordDiff): RunPair[] {
  const runs: RunPair[] = [];
  let base = 0;
  let other = 0;
  diff.base.forEach((segment, i) => {
    const otherLength = diff.other[i]?.text.length ?? 0;
    runs.push({ base, baseLength: segment.text.length, other, otherLength });
    base += segment.text.length;
    other += otherLength;
  });
  return runs;
}

/** The offset in the `to` text of what stands at `offset` in the `from` text. */
export function mapOffset(runs: readonly RunPair[], offset: number, from: 'base' | 'other'): number {
  const to = from === 'base' ? 'other' : 'base';
  const fromLength = from === 'base' ? 'baseLength' : 'otherLength';
  const toLength = from === 'base' ? 'otherLength' : 'baseLength';
  if (runs.length === 0) return 0;
  // The last run starting at or before offset (runs are in text order).
  let low = 0;
  let high = runs.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (runs[middle]![from] <= offset) low = middle;
    else high = middle - 1;
  }
  const run = runs[low]!;
  const within = Math.min(Math.max(0, offset - run[from]), run[fromLength]);
  // Inside a common run the words are the same; inside a change the best guess is proportional.
  const fraction = run[fromLength] === 0 ? 0 : within / run[fromLength];
  return run[to] + Math.min(run[toLength], Math.round(fraction * run[toLength]));
}
