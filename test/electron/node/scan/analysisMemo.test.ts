// The analysis kept in the index (analysisMemo.ts): taken only for exactly the files and options it
// was made of, with dismissals and folders applied afresh, and never for a tree that changed.
import { createHash } from 'node:crypto';
import { chmodSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Dismissal } from '../../../../shared/dismissals.ts';
import type { ScanReport } from '../../../../shared/report.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import type { ScanOptions } from '../../../../shared/scanOptions.ts';
import { openFileIndex } from '../../../../electron/node/index/fileIndex.ts';
import type { FileIndex } from '../../../../electron/node/index/fileIndex.ts';
import { ANALYSIS_VERSION, analysisKey, walkDigest } from '../../../../electron/node/scan/analysisMemo.ts';
import { fileIdentity } from '../../../../electron/node/scan/contentCache.ts';
import { createMemoryCache } from '../../../../electron/node/index/memoryCache.ts';
import type { ScanCache } from '../../../../electron/node/index/knownFiles.ts';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import type { ScanHooks } from '../../../../electron/node/scan/scanService.ts';
import type { WalkedFile } from '../../../../electron/node/scan/types.ts';
import { editEveryNthWord, prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

let tree: TempTree;
beforeEach(async () => {
  tree = await createTempTree();
});
afterEach(() => tree.remove());

/** A scan with the index, counting what it asked the index of single files. */
async function scanWithIndex(options: Partial<ScanOptions> = {}, dismissals: Dismissal[] = [], hooks: Pick<ScanHooks, 'takeKeptAnalysis'> = {}): Promise<{ report: ScanReport; lookups: number }> {
  const index = openFileIndex(join(tree.root, 'index', 'index.sqlite'));
  let lookups = 0;
  const counting: FileIndex = {
    ...index,
    hashes: (file) => (lookups++, index.hashes(file)),
    extraction: (file, settings) => (lookups++, index.extraction(file, settings)),
  };
  try {
    const report = await runScan({ ...defaultScanOptions, roots: [tree.path('docs')], ...options }, { cache: counting, dismissals: () => dismissals, ...hooks });
    return { report, lookups };
  } finally {
    index.close();
  }
}

/** The report without what differs between any two runs (time, reads). */
function findings(report: ScanReport) {
  const { stats, ...rest } = report;
  return { ...rest, files: stats.files, bytes: stats.bytes };
}

/** A near pair of texts and an exact pair of binary files. */
async function writeDocuments(): Promise<{ a: string; b: string; photo: string; copy: string }> {
  const original = prose(21);
  const a = await tree.write('docs/a.txt', original);
  const b = await tree.write('docs/sub/b.txt', editEveryNthWord(original, 25));
  const bytes = Uint8Array.from({ length: 5000 }, (_, i) => (i * 7) % 256);
  const photo = await tree.write('docs/photo.bin', bytes);
  const copy = await tree.write('docs/sub/photo copy.bin', bytes);
  return { a, b, photo, copy };
}

describe('analysis kept in the index', () => {
  it('is taken by an unchanged rescan: the same findings, no file looked up or read', async () => {
    await writeDocuments();
    const first = await scanWithIndex();
    expect(first.report.clusters.map((c) => c.kind).sort()).toEqual(['exact', 'near']);

    const rescan = await scanWithIndex();
    expect(findings(rescan.report)).toEqual(findings(first.report));
    expect(rescan.lookups).toBe(0);
    expect(rescan.report.stats.filesRead).toBe(0);
  });

  it('is not taken once a file is touched, added or removed, and the findings follow the change', async () => {
    const { b, copy } = await writeDocuments();
    await scanWithIndex();

    utimesSync(b, new Date('2024-01-02T00:00:00Z'), new Date('2024-01-02T00:00:00Z'));
    const touched = await scanWithIndex();
    expect(touched.lookups).toBeGreaterThan(0);

    await tree.write('docs/new.txt', prose(5));
    expect((await scanWithIndex()).lookups).toBeGreaterThan(0);

    rmSync(copy);
    const removed = await scanWithIndex();
    expect(removed.lookups).toBeGreaterThan(0);
    expect(removed.report.clusters.map((c) => c.kind)).toEqual(['near']);
    expect(removed.report.clusters[0]!.files.map((f) => f.path)).toContain(b);
    // And the analysis of the changed tree is kept in turn.
    expect((await scanWithIndex()).lookups).toBe(0);
  });

  it('is kept per options: another threshold or near off analyses again', async () => {
    await writeDocuments();
    await scanWithIndex();
    expect((await scanWithIndex({ threshold: 0.9 })).lookups).toBeGreaterThan(0);
    const exactOnly = await scanWithIndex({ near: false });
    expect(exactOnly.lookups).toBeGreaterThan(0);
    expect(exactOnly.report.clusters.map((c) => c.kind)).toEqual(['exact']);
    expect((await scanWithIndex({ near: false })).report.clusters.map((c) => c.kind)).toEqual(['exact']);
  });

  it('is not taken when the scan asks not to (a watcher), nor kept by a cache for one process', async () => {
    await writeDocuments();
    await scanWithIndex();
    expect((await scanWithIndex({}, [], { takeKeptAnalysis: false })).lookups).toBeGreaterThan(0);
    const cache = createMemoryCache();
    const options = { ...defaultScanOptions, roots: [tree.path('docs')] };
    await runScan(options, { cache });
    let lookups = 0;
    const counting: ScanCache = { ...cache, hashes: (file) => (lookups++, cache.hashes(file)) };
    await runScan(options, { cache: counting });
    expect(lookups).toBeGreaterThan(0);
  });

  it('applies what the person dismissed since to the analysis it takes', async () => {
    const { photo, copy } = await writeDocuments();
    await scanWithIndex();
    const dismissed = await scanWithIndex({}, [{ paths: [photo, copy].sort() }]);
    expect(dismissed.lookups).toBe(0);
    expect(dismissed.report.clusters.map((c) => c.kind)).toEqual(['near']);
  });

  it.skipIf(process.getuid?.() === 0)('is not kept when a file could not be read (skipped as root, which reads everything)', async () => {
    await writeDocuments();
    await tree.write('docs/locked/x.bin', 'same bytes');
    const locked = await tree.write('docs/locked/y.bin', 'same bytes');
    chmodSync(locked, 0o000);
    try {
      const first = await scanWithIndex();
      expect(first.report.errors.map((e) => e.path)).toContain(locked);
      // The unreadable file may be readable next time: nothing was kept, so the rescan looks again.
      expect((await scanWithIndex()).lookups).toBeGreaterThan(0);
    } finally {
      chmodSync(locked, 0o644);
    }
  });
});

describe('analysis version', () => {
  it('pins what a fixed tree is found to hold: if this changes, bump ANALYSIS_VERSION and pin anew', async () => {
    await writeDocuments();
    // More of what the analysis decides: the same text in another format, and a text contained in another.
    const original = prose(21);
    await tree.write('docs/web/a.html', `<html><body><p>${original.replaceAll('\n\n', '</p><p>')}</p></body></html>`);
    const host = prose(31);
    await tree.write('docs/long.txt', `${host}\n\n${prose(32)}\n\n${prose(33)}`);
    await tree.write('docs/excerpt.txt', host);
    const { report } = await scanWithIndex();
    expect(report.clusters.map((c) => `${c.kind} ${c.files.length}`).sort()).toEqual(['contained 2', 'exact 2', 'near 3']);
    const docs = tree.path('docs');
    // Ids hash the members' paths and times depend on the run: the rest is what the analysis decides.
    const found = report.clusters.map(({ id: _id, files, ...cluster }) => ({
      ...cluster,
      files: files.map(({ mtime: _m, ctime: _c, ...file }) => ({ ...file, path: file.path.replace(docs, ''), ...(file.matches ? { matches: file.matches.replace(docs, '') } : {}) })),
    }));
    const digest = createHash('sha256').update(JSON.stringify(found)).digest('hex').slice(0, 16);
    expect({ version: ANALYSIS_VERSION, digest }).toEqual({ version: 5, digest: '92955a232c578501' });
  });
});

describe('analysis key and walk digest', () => {
  const file = (path: string, mtimeMs = 1000): WalkedFile => ({ path, size: 10, mtimeMs, ctimeMs: 2000, fileId: '1:2', nlink: 1 });

  it('names the version and tells options apart', () => {
    const options: ScanOptions = { ...defaultScanOptions, roots: ['/r'] };
    expect(analysisKey(options)).toContain(`:${ANALYSIS_VERSION}:`);
    expect(analysisKey({ ...options })).toBe(analysisKey(options));
    expect(analysisKey({ ...options, threshold: 0.6 })).not.toBe(analysisKey(options));
    expect(analysisKey({ ...options, roots: ['/s'] })).not.toBe(analysisKey(options));
    // The OCR languages shape the analysis only with OCR, and only when not the default.
    const ocr = { ...options, ocr: true };
    expect(analysisKey({ ...ocr, ocrLanguages: ['deu'] })).not.toBe(analysisKey(ocr));
    expect(analysisKey({ ...ocr, ocrLanguages: ['deu', 'eng'] })).toBe(analysisKey({ ...ocr, ocrLanguages: ['eng', 'deu'] }));
    expect(analysisKey({ ...ocr, ocrLanguages: ['eng'] })).toBe(analysisKey(ocr));
    expect(analysisKey({ ...options, ocrLanguages: ['deu'] })).toBe(analysisKey(options));
  });

  it('is the same in any walk order and changes with any field of any identity', () => {
    const files = [file('/r/a'), file('/r/b'), file('/r/c')];
    const digest = walkDigest(files);
    expect(walkDigest([...files].reverse())).toBe(digest);
    expect(walkDigest(files.slice(1))).not.toBe(digest);
    const changes: Partial<WalkedFile>[] = [{ path: '/r/b2' }, { fileId: '1:3' }, { size: 11 }, { mtimeMs: 1001 }, { ctimeMs: 2001 }, { nlink: 2 }];
    for (const change of changes) expect(walkDigest([files[0]!, { ...files[1]!, ...change }, files[2]!]), JSON.stringify(change)).not.toBe(digest);
  });

  it('is one SHA-256 of the paths, the ids and the numbers in path order, however many files (it is fed in slices)', () => {
    for (const count of [1, 8191, 8192, 8193, 20_000]) {
      const files = Array.from({ length: count }, (_, i) => ({ ...file(`/r/${String(i).padStart(6, '0')}`, 1000 + i), fileId: `1:${i}` }));
      const numbers = new Float64Array(files.flatMap((f) => [f.size, f.mtimeMs, f.ctimeMs, f.nlink]));
      const whole = createHash('sha256')
        .update(files.map((f) => f.path).join('\0'))
        .update('\0\0')
        .update(files.map((f) => f.fileId).join('\0'))
        .update(new Uint8Array(numbers.buffer))
        .digest('hex');
      expect(walkDigest([...files].reverse()), String(count)).toBe(whole);
    }
  });

  it('changes with every field of a file that its identity (fileIdentity, the caches\' rule) covers', () => {
    const base = file('/r/a');
    for (const field of Object.keys(base) as (keyof WalkedFile)[]) {
      const value = base[field];
      const changed = { ...base, [field]: typeof value === 'number' ? value + 1 : `${value}9` } as WalkedFile;
      if (fileIdentity(changed) !== fileIdentity(base)) expect(walkDigest([changed]), field).not.toBe(walkDigest([base]));
    }
  });
});
