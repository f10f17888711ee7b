// The validity rules every ContentCache keeps, run on the SQLite index and on the memory cache.
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openFileIndex } from '../../../../electron/node/index/fileIndex.ts';
import type { ScanCache } from '../../../../electron/node/index/knownFiles.ts';
import { createMemoryCache } from '../../../../electron/node/index/memoryCache.ts';
import { RACY_WINDOW_MS } from '../../../../electron/node/scan/contentCache.ts';
import type { WalkedFile } from '../../../../electron/node/scan/types.ts';
import { SETTINGS, contentExtraction, contentHashes, walkedFile } from './fixtures/syntheticFiles.ts';

let dir: string;
let root: string;
const cleanups: (() => void)[] = [];

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'shingle-cache-')));
  root = join(dir, 'root');
  mkdirSync(root);
});

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const caches: [string, () => ScanCache][] = [
  ['SQLite index', () => {
    const index = openFileIndex(join(dir, 'index.sqlite'));
    cleanups.push(() => index.close());
    return index;
  }],
  ['memory cache', () => createMemoryCache()],
];

describe.each(caches)('%s', (_name, createCache) => {
  let cache: ScanCache;
  let file: WalkedFile;

  /** `file` known to the cache from a finished scan. */
  beforeEach(() => {
    cache = createCache();
    file = walkedFile(join(root, 'doc.txt'), { size: 1001 });
    cache.beginScan([root], [file]);
    cache.saveHashes(file, contentHashes(file));
    cache.saveExtraction(file, SETTINGS, contentExtraction(file));
    cache.finishScan();
  });

  it('hits while path, fileId, size, mtime and ctime are unchanged', () => {
    cache.beginScan([root], [file]);
    expect(cache.hashes({ ...file })).toEqual(contentHashes(file));
    expect(cache.extraction({ ...file }, SETTINGS)).toEqual(contentExtraction(file));
  });

  it.each([
    ['size', { size: 1002 }],
    ['mtime', { mtimeMs: 1_700_000_000_123.5 }],
    ['ctime (content rewritten with the old mtime)', { ctimeMs: 1_700_000_000_999 }],
    ['fileId (another file at the path)', { fileId: '2049:78' }],
  ])('misses when the %s changed', (_what, change) => {
    const changed = { ...file, ...change };
    cache.beginScan([root], [changed]);
    expect(cache.hashes(changed)).toBeUndefined();
    expect(cache.extraction(changed, SETTINGS)).toBeUndefined();
  });

  it('misses for other fingerprint settings', () => {
    cache.beginScan([root], [file]);
    expect(cache.extraction(file, 'chars/simhash')).toBeUndefined();
  });

  it('merges the hashes of one identity and starts afresh for another', () => {
    const other = walkedFile(join(root, 'other.txt'), { fileId: '1:5' });
    cache.beginScan([root], [file, other]);
    cache.saveHashes(other, { sample: 'aa' });
    cache.saveHashes(other, { full: 'bb' });
    expect(cache.hashes(other)).toEqual({ sample: 'aa', full: 'bb' });
    const changed = { ...other, size: other.size + 1 };
    cache.saveHashes(changed, { full: 'cc' });
    expect(cache.hashes(changed)).toEqual({ full: 'cc' });
    expect(cache.hashes(other)).toBeUndefined();
  });

  it('keeps what was known of a renamed or moved file (same fileId, size, mtime; new ctime) once its whole content proves it', () => {
    const moved = { ...file, path: join(root, 'sub', 'renamed.txt'), ctimeMs: file.ctimeMs + 10 };
    expect(cache.beginScan([root], [moved])).toEqual([moved]);
    expect(cache.extraction(moved, SETTINGS)).toBeUndefined();
    cache.saveHashes(moved, { full: contentHashes(file).full! });
    expect(cache.hashes(moved)).toEqual(contentHashes(file));
    expect(cache.extraction(moved, SETTINGS)).toEqual(contentExtraction(file));
    expect(cache.hashes(file)).toBeUndefined();
    cache.finishScan();
    cache.beginScan([root], [moved]);
    expect(cache.hashes(moved)).toEqual(contentHashes(file));
  });

  it('does not read a renamed file to prove it when the scan would not read it (no extraction, a size of its own)', () => {
    const other = walkedFile(join(root, 'other.bin'), { fileId: '1:6', size: 4321 });
    cache.beginScan([root], [other]);
    cache.saveHashes(other, { full: 'ab'.repeat(16) });
    cache.finishScan();
    const moved = { ...other, path: join(root, 'moved.bin'), ctimeMs: other.ctimeMs + 10 };
    expect(cache.beginScan([root], [moved])).toEqual([]);
    expect(cache.beginScan([root], [moved, walkedFile(join(root, 'same-size.bin'), { fileId: '1:7', size: 4321 })])).toEqual([moved]);
  });

  it('gives a renamed file nothing of its old entry when its content changed with the same size and mtime', () => {
    const rewritten = { ...file, path: join(root, 'renamed.txt'), ctimeMs: file.ctimeMs + 10 };
    cache.beginScan([root], [rewritten]);
    cache.saveHashes(rewritten, { full: '0'.repeat(32) });
    expect(cache.extraction(rewritten, SETTINGS)).toBeUndefined();
    expect(cache.hashes(rewritten)).toEqual({ full: '0'.repeat(32) });
  });

  it('does not take a rename for a file whose old path is still walked (a new hard link)', () => {
    const link = { ...file, path: join(root, 'link.txt'), ctimeMs: file.ctimeMs + 10 };
    expect(cache.beginScan([root], [file, link])).toEqual([]);
    expect(cache.hashes(link)).toBeUndefined();
  });

  it.each([
    ['size', { size: 1002 }],
    ['mtime', { mtimeMs: 1_700_000_000_124 }],
    ['fileId', { fileId: '2049:78' }],
  ])('does not take a rename when the %s differs', (_what, change) => {
    const other = { ...file, ...change, path: join(root, 'renamed.txt'), ctimeMs: file.ctimeMs + 10 };
    expect(cache.beginScan([root], [other])).toEqual([]);
    expect(cache.hashes(other)).toBeUndefined();
  });

  it('gives one old entry to one renamed file only', () => {
    const first = { ...file, path: join(root, 'copy1.txt'), ctimeMs: file.ctimeMs + 10 };
    const second = { ...file, path: join(root, 'copy2.txt'), ctimeMs: file.ctimeMs + 10 };
    expect(cache.beginScan([root], [first, second])).toHaveLength(1);
    for (const copy of [first, second]) cache.saveHashes(copy, { full: contentHashes(file).full! });
    expect([first, second].filter((copy) => cache.extraction(copy, SETTINGS) !== undefined)).toHaveLength(1);
  });

  it('forgets deleted files at finishScan, but not those under other roots', () => {
    const otherRoot = join(dir, 'root-other');
    mkdirSync(otherRoot);
    const elsewhere = walkedFile(join(otherRoot, 'b.txt'), { fileId: '1:7' });
    cache.beginScan([otherRoot], [elsewhere]);
    cache.saveHashes(elsewhere, contentHashes(elsewhere));
    cache.finishScan();
    cache.beginScan([root], []);
    cache.finishScan();
    cache.beginScan([root, otherRoot], [file, elsewhere]);
    expect(cache.hashes(file)).toBeUndefined();
    expect(cache.hashes(elsewhere)).toEqual(contentHashes(elsewhere));
  });

  it('keeps nothing it reads of a file written within RACY_WINDOW_MS of the pass, which a same-tick rewrite could change unseen', () => {
    const now = Date.now();
    const fresh = walkedFile(join(root, 'fresh.txt'), { fileId: '1:9', mtimeMs: now, ctimeMs: now });
    const older = walkedFile(join(root, 'older.txt'), { fileId: '1:10', mtimeMs: now - RACY_WINDOW_MS - 1000, ctimeMs: now });
    cache.finishScan();
    cache.beginScan([root], [file, fresh, older]);
    expect([cache.settled(fresh), cache.settled(older), cache.settled(file)]).toEqual([false, true, true]);
    for (const walked of [fresh, older]) {
      cache.saveHashes(walked, contentHashes(walked));
      cache.saveExtraction(walked, SETTINGS, contentExtraction(walked));
    }
    cache.finishScan();
    cache.beginScan([root], [file, fresh, older]);
    expect(cache.hashes(fresh)).toBeUndefined();
    expect(cache.extraction(fresh, SETTINGS)).toBeUndefined();
    expect(cache.hashes(older)).toEqual(contentHashes(older));
    expect(cache.extraction(older, SETTINGS)).toEqual(contentExtraction(older));
  });

  it('keeps memos', () => {
    expect(cache.memo('describe|k')).toBeUndefined();
    cache.saveMemo('describe|k', '');
    expect(cache.memo('describe|k')).toBe('');
  });
});
