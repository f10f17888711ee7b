// A rescan of 50,000 unchanged files: one query per root to load them, one more for their
// fingerprints once one is asked for, none per lookup.
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StatementSync } from 'node:sqlite';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openFileIndex } from '../../../../electron/node/index/fileIndex.ts';
import type { WalkedFile } from '../../../../electron/node/scan/types.ts';
import { SETTINGS, contentExtraction, contentHashes } from './fixtures/syntheticFiles.ts';

const FILES = 50_000;
const methods = ['all', 'get', 'iterate', 'run'] as const;
let dir: string;
let queries = 0;
const originals = new Map(methods.map((name) => [name, StatementSync.prototype[name]]));

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'shingle-speed-')));
  for (const name of methods) {
    const original = originals.get(name) as (...args: unknown[]) => unknown;
    (StatementSync.prototype as unknown as Record<string, unknown>)[name] = function (this: StatementSync, ...args: unknown[]) {
      queries++;
      return original.apply(this, args);
    };
  }
});

afterEach(() => {
  for (const [name, original] of originals) (StatementSync.prototype as unknown as Record<string, unknown>)[name] = original;
  rmSync(dir, { recursive: true, force: true });
});

function timed<T>(run: () => T): { result: T; ms: number } {
  const started = performance.now();
  const result = run();
  return { result, ms: performance.now() - started };
}

it('loads 50,000 rows in one query per root and answers their lookups from memory', () => {
  const roots = [join(dir, 'a'), join(dir, 'b')];
  for (const root of roots) mkdirSync(root);
  const files: WalkedFile[] = Array.from({ length: FILES }, (_, i) => ({
    path: join(roots[i % 2]!, `folder${Math.floor(i / 50)}`, `document-${i}.txt`),
    size: 1001 + i,
    mtimeMs: 1_700_000_000_000 + i + 0.25,
    ctimeMs: 1_700_000_000_000 + i + 0.5,
    fileId: `2049:${i}`,
    nlink: 1,
  }));
  const extractions = files.map(contentExtraction);
  const indexPath = join(dir, 'index.sqlite');

  let index = openFileIndex(indexPath);
  index.beginScan(roots, files);
  const save = timed(() => {
    files.forEach((file, i) => {
      index.saveHashes(file, contentHashes(file));
      index.saveExtraction(file, SETTINGS, extractions[i]!);
    });
    index.finishScan();
  });
  index.close();

  index = openFileIndex(indexPath);
  queries = 0;
  const load = timed(() => index.beginScan(roots, files));
  expect(queries).toBe(roots.length);
  // The files' rows answer every hash lookup; the fingerprints are not read for them.
  expect(files.filter((file) => index.hashes(file) !== undefined).length).toBe(FILES);
  expect(queries).toBe(roots.length);
  // The first extraction asked for loads them all, one more query per root.
  const lookups = timed(() => files.filter((file) => index.hashes(file) !== undefined && index.extraction(file, SETTINGS) !== undefined).length);
  expect(lookups.result).toBe(FILES);
  expect(queries).toBe(2 * roots.length);
  const finish = timed(() => index.finishScan());
  index.close();

  console.log(
    `50,000 files: save ${save.ms.toFixed(0)} ms, load ${load.ms.toFixed(0)} ms, ` +
      `100,000 lookups ${lookups.ms.toFixed(0)} ms, finishScan ${finish.ms.toFixed(0)} ms`,
  );
  // No time limit here (the machine may be busy): what the test holds to is the query count above.
});
