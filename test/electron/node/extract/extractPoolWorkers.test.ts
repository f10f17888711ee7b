// Issue 26 item 3: the pool starts its workers as the work waiting needs them, keeps them warm for
// every step its callers name, and ends one that handed over a text longer than its step allows.
// Threads are counted as Node starts them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createExtractPool } from '../../../../electron/node/extract/extractPool.ts';
import { postProcessStep } from '../../../../electron/node/extract/extractStep.ts';
import type { ExtractPool } from '../../../../electron/node/extract/extractPool.ts';

let dir: string;
let pool: ExtractPool | undefined;
let threads = 0;
const started = () => threads++;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'shingle-extract-workers-'));
  threads = 0;
  process.on('worker', started);
});
afterEach(async () => {
  process.off('worker', started);
  await pool?.destroy();
  pool = undefined;
  rmSync(dir, { recursive: true, force: true });
});

function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

it('starts no worker before the first document, and one for a few small documents', async () => {
  pool = createExtractPool({ threads: 3 });
  expect(threads).toBe(0);
  const paths = Array.from({ length: 40 }, (_, i) => file(`note-${i}.txt`, `note number ${i}`));
  const results = await Promise.all(paths.map((path) => pool!.extract(path)));
  expect(results.map((result) => result.ok && result.text)).toEqual(paths.map((_, i) => `note number ${i}`));
  expect(threads).toBe(1);
});

it('starts more workers, up to its threads, as work queues', async () => {
  pool = createExtractPool({ threads: 3 });
  // Named as PDFs, a megabyte each: seconds of work by the pool's estimate, though each is soon found to be no PDF.
  const paths = Array.from({ length: 6 }, (_, i) => file(`report-${i}.pdf`, `${'not a pdf '.repeat(100_000)}${i}`));
  const results = await Promise.all(paths.map((path) => pool!.extract(path, undefined, 1_000_010)));
  expect(results.every((result) => !result.ok)).toBe(true);
  expect(threads).toBe(3);
});

it('serves every step with the same warm worker, loading each step module once', async () => {
  pool = createExtractPool({ threads: 1 });
  const counting = postProcessStep<{ calls: number; words: number }>(pathToFileURL(file('counting.mjs', 'let calls = 0;\nexport default (text) => ({ calls: ++calls, words: text.split(" ").length });')));
  const doc = file('doc.txt', 'one two three');
  expect(await pool.extract(doc)).toMatchObject({ ok: true, text: 'one two three' });
  expect(await pool.extract(doc, undefined, 0, counting)).toMatchObject({ ok: true, calls: 1, words: 3 });
  expect(await pool.extract(doc)).toMatchObject({ ok: true, text: 'one two three' });
  expect(await pool.extract(doc, undefined, 0, counting)).toMatchObject({ ok: true, calls: 2, words: 3 });
  expect(threads).toBe(1);
});

it('ends a worker that handed over a text longer than its step allows, and starts another when needed', async () => {
  pool = createExtractPool({ threads: 1 });
  const capped = { endWorkerAfterChars: 20 };
  expect(await pool.extract(file('short.txt', 'short'), undefined, 0, capped)).toMatchObject({ ok: true, text: 'short' });
  expect(threads).toBe(1);
  expect(await pool.extract(file('long.txt', 'a text well over twenty characters'), undefined, 0, capped)).toMatchObject({ ok: true });
  expect(await pool.extract(file('after.txt', 'after'))).toMatchObject({ ok: true, text: 'after' });
  expect(threads).toBe(2);
});
