// Issue 11 item 7: the pool's cost per document stays constant however many wait, and its
// watchdog never blames a file for time its own (busy) event loop took to hear the result.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { getEventListeners } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Piscina } from 'piscina';
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
