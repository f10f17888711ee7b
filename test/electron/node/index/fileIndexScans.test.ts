// The SQLite index across scans: changed, renamed, deleted files; roots; files outside the roots.
import { rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bytesOf, createIndexFolder, scan } from './fixtures/indexFolder.ts';
import type { IndexFolder } from './fixtures/indexFolder.ts';
import { SETTINGS, contentExtraction, contentHashes, walkedFile } from './fixtures/syntheticFiles.ts';

let t: IndexFolder;

beforeEach(() => {
  t = createIndexFolder();
});

afterEach(() => {
  t.remove();
});

describe('file index loaded before the walk', () => {
  it('lets a first scan into an empty index save during the walk, and keeps those saves at beginScan', () => {
    const a = walkedFile(join(t.root, 'a.txt'));
    const b = walkedFile(join(t.root, 'b.txt'), { size: 1002 });
    let index = t.openIndex();
    expect(index.beginWalk([t.root])).toBe(true);
    index.saveHashes(a, contentHashes(a));
    expect(index.beginScan([t.root], [a, b])).toEqual([]);
    // Stored, not held in memory as well: no pass of this scan asks for a file's hash twice.
    expect(index.hashes(a)).toBeUndefined();
    index.saveHashes(b, contentHashes(b));
    index.finishScan();
    // A lookup after the scan (a watcher's) has them again.
    expect(index.hashes(a)).toEqual(contentHashes(a));
    expect(index.hashes(b)).toEqual(contentHashes(b));
    index = t.reopen(index);
    index.beginScan([t.root], [a, b]);
    expect(index.hashes(a)).toEqual(contentHashes(a));
    expect(index.hashes(b)).toEqual(contentHashes(b));
    index.finishScan();
  });

  it('after a first scan into an empty index, answers for a document both its extraction and its stored hashes', () => {
    const doc = walkedFile(join(t.root, 'doc.txt'));
    const index = t.openIndex();
    expect(index.beginWalk([t.root])).toBe(true);
    index.saveHashes(doc, contentHashes(doc));
    index.beginScan([t.root], [doc]);
    index.saveExtraction(doc, SETTINGS, contentExtraction(doc));
    index.finishScan();
    expect(index.hashes(doc)).toEqual(contentHashes(doc));
    expect(index.extraction(doc, SETTINGS)).toEqual(contentExtraction(doc));
  });

  it('says lookups must wait for the walk once anything is known under the roots (a file may have moved)', () => {
    const a = walkedFile(join(t.root, 'a.txt'));
    let index = t.openIndex();
    scan(index, [t.root], [a]);
    index = t.reopen(index);
    expect(index.beginWalk([t.root])).toBe(false);
    // Loaded once the walk is known.
    index.beginScan([t.root], [a]);
    expect(index.hashes(a)).toEqual(contentHashes(a));
    index.finishScan();
    expect(index.beginWalk([t.folder('elsewhere')])).toBe(true);
  });
});

describe('file index shared by two processes', () => {
  it('never pairs a save with the identity another index wrote for the same path meanwhile', () => {
    const theirs = walkedFile(join(t.root, 'a.txt'), { size: 1001 });
    const ours = { ...theirs, size: 1003, mtimeMs: theirs.mtimeMs + 1000, ctimeMs: theirs.ctimeMs + 1000 };
    const first = t.openIndex();
    const second = t.openIndex();
    // Both load an empty index: to each, the path is a new file.
    first.beginScan([t.root], [ours]);
    second.beginScan([t.root], [theirs]);
    second.saveHashes(theirs, contentHashes(theirs));
    second.commit();
    first.saveHashes(ours, contentHashes(ours));
    first.commit();
    expect(t.storedRows()).toEqual([{ path: bytesOf(theirs.path), size: theirs.size, ctime_ms: theirs.ctimeMs, sample_hash: contentHashes(theirs).sample }]);
  });
});

describe('file index identity', () => {
  it('answers for a file outside the loaded roots (a followed symlink) and never drops it', () => {
    const outside = walkedFile(join(t.folder('elsewhere'), 'target.txt'));
    let index = t.openIndex();
    scan(index, [t.root], [outside]);
    index = t.reopen(index);
    index.beginScan([t.root], [outside]);
    expect(index.hashes(outside)).toEqual(contentHashes(outside));
    index.finishScan();
    expect(t.storedPaths()).toEqual([bytesOf(outside.path)]);
  });

  it('gives a changed file’s row its new identity when only a fingerprint is saved', () => {
    const before = walkedFile(join(t.root, 'a.txt'), { size: 1001 });
    const after = { ...before, size: 1003, mtimeMs: before.mtimeMs + 1000, ctimeMs: before.ctimeMs + 1000 };
    let index = t.openIndex();
    scan(index, [t.root], [before]);
    index = t.reopen(index);
    index.beginScan([t.root], [after]);
    index.saveExtraction(after, SETTINGS, contentExtraction(after));
    index.finishScan();
    index = t.reopen(index);
    index.beginScan([t.root], [before]);
    expect(index.extraction(before, SETTINGS)).toBeUndefined();
    expect(index.hashes(before)).toBeUndefined();
    index.beginScan([t.root], [after]);
    expect(index.extraction(after, SETTINGS)).toEqual(contentExtraction(after));
    expect(index.hashes(after)).toBeUndefined();
  });

  it('replaces what was known of a changed file: its old fingerprints go, in memory and on disk', () => {
    const before = walkedFile(join(t.root, 'a.txt'), { size: 1001 });
    const after = { ...before, size: 1003, mtimeMs: before.mtimeMs + 1000, ctimeMs: before.ctimeMs + 1000 };
    let index = t.openIndex();
    scan(index, [t.root], [before]);
    index = t.reopen(index);
    index.beginScan([t.root], [after]);
    expect(index.extraction(after, SETTINGS)).toBeUndefined();
    index.saveHashes(after, contentHashes(after));
    expect(index.extraction(after, SETTINGS)).toBeUndefined();
    index.finishScan();
    index = t.reopen(index);
    index.beginScan([t.root], [after]);
    expect(index.hashes(after)).toEqual(contentHashes(after));
    expect(index.extraction(after, SETTINGS)).toBeUndefined();
    expect(index.hashes(before)).toBeUndefined();
  });
});

describe('file index scans', () => {
  it('drops files the walk no longer finds, and only under the scanned roots', () => {
    const other = t.folder('root-other');
    const sibling = t.folder('root0');
    const kept = walkedFile(join(t.root, 'kept.txt'), { fileId: '1:1' });
    const deleted = walkedFile(join(t.root, 'sub', 'deleted.txt'), { fileId: '1:2' });
    const elsewhere = walkedFile(join(other, 'b.txt'), { fileId: '1:3' });
    const next = walkedFile(join(sibling, 'c.txt'), { fileId: '1:4' });
    let index = t.openIndex();
    scan(index, [t.root, other, sibling], [kept, deleted, elsewhere, next]);
    index = t.reopen(index);
    scan(index, [t.root], [kept]);
    expect(t.storedPaths()).toEqual([kept, elsewhere, next].map((f) => bytesOf(f.path)).sort(Buffer.compare));
  });

  it('keeps the rows of a root that cannot be found (an unplugged drive)', () => {
    const drive = t.folder('drive');
    const file = walkedFile(join(drive, 'a.txt'));
    let index = t.openIndex();
    scan(index, [drive], [file]);
    rmSync(drive, { recursive: true });
    index = t.reopen(index);
    scan(index, [drive], []);
    expect(t.storedPaths()).toEqual([bytesOf(file.path)]);
  });

  it('follows a root given through a symlink to the real paths the walk reports', () => {
    const link = join(t.dir, 'link');
    symlinkSync(t.root, link);
    const kept = walkedFile(join(t.root, 'kept.txt'), { fileId: '1:1' });
    const deleted = walkedFile(join(t.root, 'deleted.txt'), { fileId: '1:2' });
    let index = t.openIndex();
    scan(index, [link], [kept, deleted]);
    index = t.reopen(index);
    scan(index, [link], [kept]);
    expect(t.storedPaths()).toEqual([bytesOf(kept.path)]);
  });

  it('moves a renamed file’s row to its new path once a hash of its whole content proves it unchanged', () => {
    const old = walkedFile(join(t.root, 'old.txt'), { fileId: '1:9', size: 1001 });
    const renamed = { ...old, path: join(t.root, 'sub', 'new.txt'), ctimeMs: old.ctimeMs + 50 };
    let index = t.openIndex();
    scan(index, [t.root], [old]);
    index = t.reopen(index);
    expect(index.beginScan([t.root], [renamed])).toEqual([renamed]);
    expect(index.extraction(renamed, SETTINGS)).toBeUndefined();
    index.saveHashes(renamed, { full: contentHashes(old).full! });
    expect(index.hashes(renamed)).toEqual(contentHashes(old));
    expect(index.extraction(renamed, SETTINGS)).toEqual(contentExtraction(old));
    index.finishScan();
    expect(t.storedRows()).toEqual([{ path: bytesOf(renamed.path), size: 1001, ctime_ms: renamed.ctimeMs, sample_hash: contentHashes(old).sample }]);
    index = t.reopen(index);
    expect(index.beginScan([t.root], [renamed])).toEqual([]);
    expect(index.extraction(renamed, SETTINGS)).toEqual(contentExtraction(old));
  });

  it('never gives a renamed file the entry of its old path when its content changed (same size and mtime)', () => {
    const old = walkedFile(join(t.root, 'old.txt'), { fileId: '1:9', size: 1001 });
    const rewritten = { ...old, path: join(t.root, 'new.txt'), ctimeMs: old.ctimeMs + 50 };
    let index = t.openIndex();
    scan(index, [t.root], [old]);
    index = t.reopen(index);
    expect(index.beginScan([t.root], [rewritten])).toEqual([rewritten]);
    index.saveHashes(rewritten, { full: 'f'.repeat(32) });
    expect(index.extraction(rewritten, SETTINGS)).toBeUndefined();
    expect(index.hashes(rewritten)).toEqual({ full: 'f'.repeat(32) });
    index.finishScan();
    index = t.reopen(index);
    index.beginScan([t.root], [rewritten]);
    expect(index.extraction(rewritten, SETTINGS)).toBeUndefined();
    expect(index.hashes(rewritten)).toEqual({ full: 'f'.repeat(32) });
  });

  it('moves a renamed file over a stale row at its new path', () => {
    const moved = walkedFile(join(t.root, 'a.txt'), { fileId: '1:1', size: 1001 });
    const replaced = walkedFile(join(t.root, 'b.txt'), { fileId: '1:2', size: 1002 });
    const movedNow = { ...moved, path: replaced.path, ctimeMs: moved.ctimeMs + 9 };
    let index = t.openIndex();
    scan(index, [t.root], [moved, replaced]);
    index = t.reopen(index);
    index.beginScan([t.root], [movedNow]);
    index.saveHashes(movedNow, { full: contentHashes(moved).full! });
    expect(index.hashes(movedNow)).toEqual(contentHashes(moved));
    index.finishScan();
    index = t.reopen(index);
    index.beginScan([t.root], [movedNow]);
    expect(index.extraction(movedNow, SETTINGS)).toEqual(contentExtraction(moved));
    expect(t.storedPaths()).toEqual([bytesOf(replaced.path)]);
  });
});
