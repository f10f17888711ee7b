// The results follow a batch in one update when it ends: its finished steps' files leave the
// results together, refused, failed and never-run ones stay, and nothing is read or changed while
// it runs (each update saves the results to the disk, which slowed the batch itself).
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
  it('takes every finished step out of the results in one update at the end, reading each step once', () => {
    const total = 3000;
    const batch = fakeBatch(total);
    const gone: string[][] = [];
    const follow = followActions(batch.actions, { filesGone: (_batchId, paths) => void gone.push([...paths]) });
    // A progress event before every step, and the last after them all, as the engine emits them.
    for (let done = 0; done < total; done++) {
      batch.settle(done);
      follow({ batchId: 7, done, total, failed: 0 });
    }
    expect(gone).toEqual([]);
    expect(batch.rowsRead()).toBe(0);
    batch.settle(total);
    follow({ batchId: 7, done: total, total, failed: 0 });
    expect(gone).toHaveLength(1);
    expect(gone[0]).toHaveLength(2000);
    expect(new Set(gone[0]).size).toBe(2000);
    expect(gone[0]).not.toContain('/docs/2.txt');
    expect(batch.rowsRead()).toBe(total);
  });

  it('a stopped batch: the steps it took leave, those it never ran stay; batches kept apart', () => {
    const batch = fakeBatch(10);
    const gone: [number, string[]][] = [];
    const follow = followActions(batch.actions, { filesGone: (batchId, paths) => void gone.push([batchId, [...paths]]) });
    batch.settle(4);
    follow({ batchId: 1, done: 4, total: 10, failed: 0 });
    // Stopped after four steps: its last progress says done = total, the rest still pending.
    follow({ batchId: 1, done: 10, total: 10, failed: 0 });
    follow({ batchId: 2, done: 10, total: 10, failed: 0 });
    expect(gone).toEqual([
      [1, ['/docs/0.txt', '/docs/1.txt', '/docs/3.txt']],
      [2, ['/docs/0.txt', '/docs/1.txt', '/docs/3.txt']],
    ]);
  });
});
