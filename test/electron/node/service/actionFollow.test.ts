// The results follow a running batch step by step: each finished step's file leaves the results
// once, refused and failed ones stay, and every step is read from the journal once in all, not
// once per progress event (which made following a batch quadratic in its size).
import { describe, expect, it } from 'vitest';
import { followActions } from '../../../../electron/node/service/actionFollow.ts';
import type { BulkActions } from '../../../../electron/node/service/bulkActions.ts';

type Step = ReturnType<BulkActions['steps']>[number];

/** A journal of `total` steps, settled up to `settled`; every third one refused. */
function fakeBatch(total: number) {
  let settled = 0;
  let rowsRead = 0;
  const stateOf = (seq: number): Step['state'] => (seq >= settled ? 'pending' : seq % 3 === 2 ? 'refused' : 'done');
  const actions: Pick<BulkActions, 'steps'> = {
    steps(_batchId, from, to) {
      const steps: Step[] = [];
      for (let seq = from; seq < Math.min(to, total); seq++) steps.push({ seq, path: `/docs/${seq}.txt`, state: stateOf(seq) });
      rowsRead += steps.length;
      return steps;
    },
  };
  return { actions, settle: (n: number) => void (settled = n), rowsRead: () => rowsRead };
}

describe('following a batch', () => {
  it('takes each finished step out of the results once, reading each step once', () => {
    const total = 3000;
    const batch = fakeBatch(total);
    const gone: string[][] = [];
    const follow = followActions(batch.actions, { filesGone: (_batchId, paths) => void gone.push([...paths]) });
    // A progress event before every step, and the last after them all, as the engine emits them.
    for (let done = 0; done <= total; done++) {
      batch.settle(done);
      follow({ batchId: 7, done, total, failed: 0 });
    }
    const paths = gone.flat();
    expect(paths).toHaveLength(2000);
    expect(new Set(paths).size).toBe(2000);
    expect(paths).not.toContain('/docs/2.txt');
    expect(batch.rowsRead()).toBe(total);
  });

  it('follows throttled progress and keeps batches apart', () => {
    const batch = fakeBatch(10);
    const gone: [number, string[]][] = [];
    const follow = followActions(batch.actions, { filesGone: (batchId, paths) => void gone.push([batchId, [...paths]]) });
    batch.settle(4);
    follow({ batchId: 1, done: 4, total: 10, failed: 0 });
    follow({ batchId: 2, done: 4, total: 10, failed: 0 });
    batch.settle(10);
    follow({ batchId: 1, done: 10, total: 10, failed: 1 });
    expect(gone).toEqual([
      [1, ['/docs/0.txt', '/docs/1.txt', '/docs/3.txt']],
      [2, ['/docs/0.txt', '/docs/1.txt', '/docs/3.txt']],
      [1, ['/docs/4.txt', '/docs/6.txt', '/docs/7.txt', '/docs/9.txt']],
    ]);
    // A batch is forgotten at its end: a later batch with the same id (a new journal) starts anew.
    follow({ batchId: 1, done: 2, total: 10, failed: 0 });
    expect(gone.at(-1)).toEqual([1, ['/docs/0.txt', '/docs/1.txt']]);
  });
});
