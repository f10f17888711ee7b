// kill -9 while the index is being written: it must open, pass SQLite's integrity check, and hold
// no row whose data was computed from another identity than the one it claims.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openFileIndex } from '../../../../electron/node/index/fileIndex.ts';
import { prepareIndexRows } from '../../../../electron/node/index/indexRows.ts';
import type { KnownFile } from '../../../../electron/node/index/knownFiles.ts';
import type { WalkedFile } from '../../../../electron/node/scan/types.ts';
import { contentExtraction, contentHashes } from './fixtures/syntheticFiles.ts';

const writerPath = fileURLToPath(new URL('./fixtures/crashWriter.ts', import.meta.url));

let dir: string;
let root: string;
let indexPath: string;

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'shingle-crash-')));
  root = join(dir, 'root');
  mkdirSync(root);
  indexPath = join(dir, 'index.sqlite');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the writer until it has finished `rounds` rounds, lets it write on a little, then kills it. */
async function killWriterMidway(rounds: number, extraMs: number): Promise<void> {
  const child = spawn(process.execPath, [writerPath, indexPath, root], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        if (out.includes(`round ${rounds - 1}\n`)) resolve();
      });
      child.on('exit', () => reject(new Error(`writer exited early: ${stderr}`)));
    });
    await new Promise((resolve) => setTimeout(resolve, extraMs));
  } finally {
    child.kill('SIGKILL');
  }
  expect(await exited).toBe('SIGKILL');
}

function stored(): Map<string, KnownFile> {
  const db = new DatabaseSync(indexPath);
  try {
    expect(db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    const byPath = new Map<string, KnownFile>();
    const rows = prepareIndexRows(db);
    rows.loadBelow(root, byPath);
    rows.loadExtractionsBelow(root, byPath);
    return byPath;
  } finally {
    db.close();
  }
}

function expectConsistent(byPath: Map<string, KnownFile>): void {
  for (const [path, known] of byPath) {
    const file: WalkedFile = { path, fileId: known.fileId, size: known.size, mtimeMs: known.mtimeMs, ctimeMs: known.ctimeMs, nlink: 1 };
    // The writer's ctime says which name the file had: 7 ms after the mtime when renamed.
    expect(known.ctimeMs - known.mtimeMs, path).toBe(path.includes('/moved-') ? 7 : 3);
    const expected = contentHashes(file);
    if (known.sampleHash !== null) expect(known.sampleHash, path).toBe(expected.sample);
    if (known.fullHash !== null) expect(known.fullHash, path).toBe(expected.full);
    for (const extraction of known.extractions?.values() ?? []) expect(extraction, path).toEqual(contentExtraction(file));
  }
}

it('survives kill -9 at any moment of writing, with every row consistent', { timeout: 120_000 }, async () => {
  for (const [rounds, extraMs] of [
    [2, 0],
    [3, 37],
    [2, 111],
    [4, 5],
  ] as const) {
    await killWriterMidway(rounds, extraMs);
    const byPath = stored();
    expect(byPath.size).toBeGreaterThan(1000);
    expectConsistent(byPath);
  }
  // And the index the crashes left still serves a scan.
  const index = openFileIndex(indexPath);
  index.beginScan([root], []);
  index.finishScan();
  index.close();
  expect(stored().size).toBe(0);
});
