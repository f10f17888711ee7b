// The journal's batch lock between processes: of two attempts at the same moment one gets it;
// a lock held for a while is refused in one line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JournalBusyError, lockJournal } from '../../../../electron/node/actions/journalLock.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'shingle-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Two threads try the lock of one fresh journal at once; what each got. */
async function race(path: string): Promise<string[]> {
  const go = new Int32Array(new SharedArrayBuffer(4));
  const workers = [0, 1].map(() => new Worker(new URL('./fixtures/lockAttempt.ts', import.meta.url), { workerData: { path, go } }));
  const next = (worker: Worker) => new Promise<string>((resolve, reject) => worker.once('message', resolve).once('error', reject));
  try {
    await Promise.all(workers.map(next));
    const outcomes = Promise.all(workers.map(next));
    Atomics.store(go, 0, 1);
    Atomics.notify(go, 0);
    return await outcomes;
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

describe('journal lock', () => {
  it('gives it to one of two attempts at the same moment, never to neither', async () => {
    for (let round = 0; round < 30; round++) {
      const outcomes = await race(join(dir, `${round}`, 'journal.sqlite'));
      expect(outcomes.filter((outcome) => outcome === 'locked').length, outcomes.join(' | ')).toBeGreaterThanOrEqual(1);
    }
  });

  it('refuses while another holds it, and gives it once released', () => {
    const path = join(dir, 'journal.sqlite');
    const held = lockJournal(path);
    expect(() => lockJournal(path)).toThrow(JournalBusyError);
    held.release();
    lockJournal(path).release();
  });
});
