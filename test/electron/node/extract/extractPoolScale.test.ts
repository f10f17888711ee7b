// Issue 11 item 7: the pool's cost per document stays constant however many wait, and its
// watchdog never blames a file for time its own (busy) event loop took to hear the result.
// Item 12, memory: two very large documents are never read side by side (a byte budget over what
// the workers have been handed), and a worker lets go of a long document as soon as it is done.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { getEventListeners } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Piscina } from 'piscina';
import { COLLECT_AFTER_BYTES } from '../../../../electron/node/extract/collectGarbage.ts';
import { createExtractPool } from '../../../../electron/node/extract/extractPool.ts';
import { monotonicMs, runningFile } from '../../../../electron/node/extract/extractProtocol.ts';
import type { ExtractBatch, ExtractResult, ExtractWorkerData } from '../../../../electron/node/extract/extractProtocol.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'shingle-extract-scale-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

it('adds one abort listener per signal, not one per document, and removes it when all are done', async () => {
  const pool = createExtractPool({ threads: 1 });
  try {
    const controller = new AbortController();
    const paths = Array.from({ length: 300 }, (_, i) => file(`doc-${i}.txt`, `document ${i}`));
    const results = paths.map((path) => pool.extract(path, controller.signal));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    expect((await Promise.all(results)).every((result) => result.ok)).toBe(true);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  } finally {
    await pool.destroy();
  }
});

it('settles every waiting document when the signal aborts, and keeps serving other callers', async () => {
  const pool = createExtractPool({ threads: 1 });
  try {
    const controller = new AbortController();
    const paths = Array.from({ length: 300 }, (_, i) => file(`doc-${i}.txt`, `document ${i}`));
    const results = paths.map((path) => pool.extract(path, controller.signal).then(() => 'done', (error: Error) => error.message));
    controller.abort(new Error('cancelled'));
    expect(new Set(await Promise.all(results))).toEqual(new Set(['cancelled']));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(await pool.extract(paths[0]!)).toMatchObject({ ok: true, text: 'document 0' });
  } finally {
    await pool.destroy();
  }
});

it('leaves no file marked running in its slot once a worker has finished a batch', async () => {
  // The pool's watchdog reads these cells; a finished batch still marked running is blamed (ETIMEOUT)
  // when the pool's event loop was too busy to hear the result in time.
  const workerData: ExtractWorkerData = { maxFileBytes: 1 << 20, progress: new Int32Array(new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT)), epoch: monotonicMs() };
  const piscina = new Piscina({ filename: new URL('../../../../electron/node/extract/extractWorker.ts', import.meta.url).href, minThreads: 1, maxThreads: 1, workerData });
  try {
    const batch: ExtractBatch = { slot: 1, paths: [file('a.txt', 'first'), file('b.txt', 'second')] };
    const results = (await piscina.run(batch)) as ExtractResult[];
    expect(results.map((r) => r.ok && r.text)).toEqual(['first', 'second']);
    expect(runningFile(workerData.progress, 1, workerData.epoch)).toBeNull();
  } finally {
    await piscina.destroy();
  }
});

it('hands its workers no more bytes at once than its budget, and a larger document only alone', async () => {
  const budget = 100;
  const pool = createExtractPool({ threads: 2, maxBytesInFlight: budget });
  try {
    // The sizes are what the caller says (the walk's sizes); the files themselves are small.
    const sizes = [60, 60, 30, 150, 10, 90, 0, 20, 20, 20, 70, 5, 101, 40];
    const seen: { documents: number; bytes: number }[] = [];
    // Read at every change the test can see: after the requests go in, and as each result comes back.
    const look = () => seen.push(pool.inFlight());
    const results = sizes.map((size, i) =>
      pool.extract(file(`doc-${i}.txt`, `document ${i}`), undefined, size).then((result) => {
        look();
        return result;
      }),
    );
    look();
    expect((await Promise.all(results)).map((r) => r.ok && r.text)).toEqual(sizes.map((_, i) => `document ${i}`));
    expect(seen.filter((s) => s.bytes > budget && s.documents !== 1)).toEqual([]);
    // The budget was used: more than one document at once, and the large ones alone.
    expect(seen.some((s) => s.documents > 1)).toBe(true);
    expect(seen.some((s) => s.bytes === 150 && s.documents === 1)).toBe(true);
    expect(pool.inFlight()).toEqual({ documents: 0, bytes: 0 });
  } finally {
    await pool.destroy();
  }
});

it('counts a batch by its largest document, since a worker reads one at a time: medium documents still go several at once', async () => {
  const budget = 100;
  const pool = createExtractPool({ threads: 2, maxBytesInFlight: budget });
  try {
    const seen: number[] = [];
    const results = Array.from({ length: 16 }, (_, i) =>
      pool.extract(file(`medium-${i}.txt`, `medium ${i}`), undefined, 40).then((result) => {
        seen.push(pool.inFlight().documents);
        return result;
      }),
    );
    expect((await Promise.all(results)).every((r) => r.ok)).toBe(true);
    // Summed, no more than two documents of 40 would fit in 100.
    expect(Math.max(...seen)).toBeGreaterThan(2);
  } finally {
    await pool.destroy();
  }
});

it('collects its garbage after a long document, so a waiting worker does not keep its text', async () => {
  const pool = createExtractPool<{ heldBytes: number }>({ threads: 1, postProcess: new URL('./heapStep.ts', import.meta.url) });
  try {
    const small = file('small.txt', 'a small document');
    const before = await pool.extract(small);
    const long = file('long.txt', 'word '.repeat(COLLECT_AFTER_BYTES / 5 + 1));
    expect(await pool.extract(long)).toMatchObject({ ok: true });
    const after = await pool.extract(small);
    if (!before.ok || !after.ok) throw new Error('the small document was not read');
    // Without the collection the long text (8 MiB) is still held when the next document comes.
    expect(after.heldBytes - before.heldBytes).toBeLessThan(COLLECT_AFTER_BYTES / 4);
  } finally {
    await pool.destroy();
  }
});
