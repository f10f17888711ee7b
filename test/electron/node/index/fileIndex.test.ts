// The SQLite index's storage: what it writes, how, and what it reads back.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileIndexError } from '../../../../electron/node/index/fileIndex.ts';
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

describe('file index storage', () => {
  it('round-trips hashes and fingerprints, typed arrays as Uint32Array, across a reopen', () => {
    const withLists = walkedFile(join(t.root, 'lists.txt'), { size: 1001, fileId: '1:1' });
    const withSimhash = walkedFile(join(t.root, 'simhash.txt'), { size: 1002, fileId: '1:2' });
    const failed = walkedFile(join(t.root, 'failed.pdf'), { size: 1005, fileId: '1:3' });
    const emptyLists = walkedFile(join(t.root, 'empty-lists.txt'), { size: 1017, fileId: '1:4' });
    const all = [withLists, withSimhash, failed, emptyLists];
    let index = t.openIndex();
    index.beginScan([t.root], all);
    for (const file of all) {
      index.saveHashes(file, contentHashes(file));
      index.saveExtraction(file, SETTINGS, contentExtraction(file));
    }
    index.finishScan();
    index = t.reopen(index);
    index.beginScan([t.root], all);
    for (const file of all) {
      expect(index.hashes(file)).toEqual(contentHashes(file));
      const extraction = index.extraction(file, SETTINGS);
      expect(extraction).toEqual(contentExtraction(file));
      if (extraction?.ok) {
        expect(extraction.fingerprint.sketch).toBeInstanceOf(Uint32Array);
        expect(extraction.fingerprint.sample).toBeInstanceOf(Uint32Array);
      }
    }
    const lists = index.extraction(withLists, SETTINGS);
    expect(lists?.ok && lists.fingerprint.lists).toBeInstanceOf(Uint32Array);
    const simhash = index.extraction(withSimhash, SETTINGS);
    expect(simhash?.ok && simhash.fingerprint.simhash).toEqual(expect.objectContaining({ hi: expect.any(Number) }));
    expect(index.extraction(failed, SETTINGS)).toEqual({ ok: false, code: 'EPDF', message: expect.stringMatching(/^unreadable /) });
    const empty = index.extraction(emptyLists, SETTINGS);
    expect(empty?.ok && empty.fingerprint.lists).toEqual(new Uint32Array(0));
  });

  it('stores a non-UTF-8 name as its exact bytes and finds it again, also below a 0xFF byte', () => {
    const latin1 = walkedFile(join(t.root, 'caf\udce9.txt'), { fileId: '1:1' });
    const rawFF = walkedFile(join(t.root, '\udcff', 'x\udcfe.txt'), { fileId: '1:2' });
    let index = t.openIndex();
    scan(index, [t.root], [latin1, rawFF]);
    expect(t.storedPaths()).toEqual([bytesOf(latin1.path), bytesOf(rawFF.path)].sort(Buffer.compare));
    expect(t.storedPaths()[0]!.includes(0xe9) || t.storedPaths()[1]!.includes(0xe9)).toBe(true);
    index = t.reopen(index);
    index.beginScan([t.root], [latin1, rawFF]);
    expect(index.hashes(latin1)).toEqual(contentHashes(latin1));
    expect(index.hashes(rawFF)).toEqual(contentHashes(rawFF));
    expect(index.hashes({ ...latin1, path: join(t.root, 'caf\u00e9.txt') })).toBeUndefined();
  });

  it('keeps everything across close and reopen, in WAL mode', () => {
    const file = walkedFile(join(t.root, 'a.txt'));
    let index = t.openIndex();
    scan(index, [t.root], [file]);
    index.saveMemo('jaccard|x|y', '0.75');
    index = t.reopen(index);
    index.beginScan([t.root], [file]);
    expect(index.hashes(file)).toEqual(contentHashes(file));
    expect(index.extraction(file, SETTINGS)).toEqual(contentExtraction(file));
    expect(index.memo('jaccard|x|y')).toBe('0.75');
    expect(index.memo('jaccard|x|z')).toBeUndefined();
    const db = new DatabaseSync(t.indexPath, { readOnly: true });
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    db.close();
  });

  it('forgets memos no scan has used for 30 days', () => {
    let index = t.openIndex();
    index.saveMemo('old', 'a');
    index.saveMemo('recent', 'b');
    index.commit();
    const db = new DatabaseSync(t.indexPath);
    db.prepare("UPDATE memos SET used_ms = ? WHERE key = 'old'").run(Date.now() - 31 * 86_400_000);
    db.prepare("UPDATE memos SET used_ms = ? WHERE key = 'recent'").run(Date.now() - 29 * 86_400_000);
    db.close();
    index.beginScan([t.root], []);
    index.finishScan();
    index = t.reopen(index);
    expect(index.memo('old')).toBeUndefined();
    expect(index.memo('recent')).toBe('b');
  });

  it('batches saves: nothing is written per file before the batch is due', () => {
    const files = Array.from({ length: 20 }, (_, i) => walkedFile(join(t.root, `f${i}.txt`), { fileId: `1:${i}` }));
    const index = t.openIndex();
    index.beginScan([t.root], files);
    for (const file of files) index.saveHashes(file, contentHashes(file));
    expect(t.storedPaths()).toEqual([]);
    index.commit();
    expect(t.storedPaths()).toHaveLength(20);
  });

  it('writes a due batch within its delay, without commit', () => {
    vi.useFakeTimers();
    try {
      const index = t.openIndex({ batchDelayMs: 20 });
      index.saveHashes(walkedFile(join(t.root, 'a.txt')), { full: 'ff' });
      vi.advanceTimersByTime(19);
      expect(t.storedPaths()).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(t.storedPaths()).toEqual([bytesOf(join(t.root, 'a.txt'))]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stores the saves when asked to (storeSaves), once there are enough to be worth a commit', () => {
    const files = Array.from({ length: 1000 }, (_, i) => walkedFile(join(t.root, `s${i}.txt`), { fileId: `1:${i}` }));
    const index = t.openIndex();
    index.beginScan([t.root], files);
    for (const file of files.slice(0, 999)) index.saveHashes(file, contentHashes(file));
    index.storeSaves!();
    expect(t.storedPaths()).toEqual([]);
    index.saveHashes(files[999]!, contentHashes(files[999]!));
    index.storeSaves!();
    expect(t.storedPaths()).toHaveLength(1000);
  });
});

describe('file index sharing', () => {
  it('lets two processes’ scans of different roots share one file', () => {
    const other = t.folder('other');
    const mine = walkedFile(join(t.root, 'a.txt'), { fileId: '1:1' });
    const theirs = walkedFile(join(other, 'b.txt'), { fileId: '1:2' });
    const first = t.openIndex();
    const second = t.openIndex();
    first.beginScan([t.root], [mine]);
    second.beginScan([other], [theirs]);
    first.saveHashes(mine, contentHashes(mine));
    second.saveHashes(theirs, contentHashes(theirs));
    second.finishScan();
    first.finishScan();
    const third = t.openIndex();
    third.beginScan([t.root, other], [mine, theirs]);
    expect(third.hashes(mine)).toEqual(contentHashes(mine));
    expect(third.hashes(theirs)).toEqual(contentHashes(theirs));
  });

  it('keeps saving when a batch cannot be written, and reports it at commit', () => {
    const index = t.openIndex({ busyTimeoutMs: 20, batchSize: 2 });
    const files = [1, 2, 3].map((i) => walkedFile(join(t.root, `f${i}.txt`), { fileId: `1:${i}` }));
    const writer = new DatabaseSync(t.indexPath);
    writer.exec('BEGIN IMMEDIATE');
    expect(() => files.slice(0, 2).forEach((file) => index.saveHashes(file, contentHashes(file)))).not.toThrow();
    expect(index.hashes(files[0]!)).toEqual(contentHashes(files[0]!));
    writer.exec('ROLLBACK');
    writer.close();
    expect(() => index.commit()).toThrow(FileIndexError);
    index.saveHashes(files[2]!, contentHashes(files[2]!));
    index.commit();
    expect(t.storedPaths()).toEqual([bytesOf(files[2]!.path)]);
  });
});
