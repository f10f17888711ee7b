// Issue 11 item 11: every way the index can be unusable ends the command in one line on stderr,
// exit 1, before any scanning, and leaves what is there untouched. Permission cases run the CLI
// as an unprivileged user when the tests run as root (runCli's `unprivileged`), so they bind.
import { chmodSync, chownSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runningAsRoot, UNPRIVILEGED_ID } from '../../../helpers/runCli.ts';
import type { CliResult } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const body = 'The quarterly report shows steady growth in every region.\n'.repeat(40);

let tree: TempTree;
beforeAll(async () => {
  tree = await createTempTree({ 'docs/report.txt': body, 'docs/copy.txt': body });
  // Readable by the unprivileged user the permission cases run as, through the test run's own
  // temporary folder (traverse only).
  chmodSync(tree.root, 0o755);
  if (runningAsRoot) chmodSync(dirname(tree.root), 0o711);
});
afterAll(() => tree.remove());

function expectOneLineFailure(result: CliResult, message: RegExp): void {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr.trimEnd().split('\n'), result.stderr).toHaveLength(1);
  expect(result.stderr).toMatch(/^shingle scan: /);
  expect(result.stderr).toMatch(message);
}

/** A folder nobody but its owner may write: the unprivileged user when running as root. */
function lockedFolder(name: string): string {
  const path = tree.path(name);
  mkdirSync(path, { recursive: true });
  chmodSync(path, 0o555);
  return path;
}

describe('an index that cannot be made', () => {
  it('--index under a file', async () => {
    const file = tree.path('docs/report.txt');
    expectOneLineFailure(await runCli(['scan', tree.path('docs'), '--index', `${file}/index.sqlite`]), /a file stands where a folder is needed.*--no-index/);
    expect(readFileSync(file, 'utf8')).toBe(body);
  });

  it('--index in a folder the user may not write', async () => {
    const locked = lockedFolder('locked-a');
    for (const index of [`${locked}/index.sqlite`, `${locked}/sub/index.sqlite`]) {
      expectOneLineFailure(await runCli(['scan', tree.path('docs'), '--index', index], { unprivileged: true }), /--no-index/);
    }
  });

  it('the default index when HOME cannot be written', async () => {
    const home = lockedFolder('locked-home');
    const result = await runCli(['scan', tree.path('docs')], { unprivileged: true, env: { HOME: home, XDG_DATA_HOME: undefined } });
    expectOneLineFailure(result, /permission denied.*--no-index/);
  });

  it('a read-only index, found before the scan starts', async () => {
    const folder = tree.path('read-only');
    mkdirSync(folder);
    const index = `${folder}/index.sqlite`;
    expect((await runCli(['scan', tree.path('docs'), '--index', index, '--no-near'])).code).toBe(0);
    // The folder stays writable (SQLite may make its -shm file there); the file itself is not.
    if (runningAsRoot) chownSync(folder, UNPRIVILEGED_ID, UNPRIVILEGED_ID);
    chmodSync(index, 0o444);
    const before = readFileSync(index);
    expectOneLineFailure(await runCli(['scan', tree.path('docs'), '--index', index, '--no-near'], { unprivileged: true }), /cannot be written.*--no-index/);
    expect(readFileSync(index).equals(before)).toBe(true);
  });

  it('an empty file given as --index is refused, not taken over', async () => {
    const index = tree.path('empty.sqlite');
    writeFileSync(index, '');
    expectOneLineFailure(await runCli(['scan', tree.path('docs'), '--index', index]), /empty file, not a Shingle index/);
    expect(readFileSync(index).length).toBe(0);
  });
});

describe('a damaged index', () => {
  const variants: Array<[string, (path: string) => void]> = [
    ['text instead of a database', (path) => writeFileSync(path, 'Dear diary,\n'.repeat(500))],
    ['zeros', (path) => writeFileSync(path, Buffer.alloc(8192))],
    ['cut short inside its first page', (path) => writeFileSync(path, readFileSync(path).subarray(0, 2000))],
    ['a garbled schema page', (path) => writeFileSync(path, Buffer.from(readFileSync(path)).fill(0x5a, 100, 4096))],
    ['a garbled header', (path) => writeFileSync(path, Buffer.from(readFileSync(path)).fill(0xff, 16, 24))],
    [
      'a table missing',
      (path) => {
        const db = new DatabaseSync(path);
        db.exec('PRAGMA foreign_keys = OFF; DROP TABLE files');
        db.close();
      },
    ],
    [
      'a folder in its place',
      (path) => {
        rmSync(path);
        mkdirSync(path);
      },
    ],
  ];

  it.each(variants)('%s: one line, exit 1, left as it is', async (_what, damage) => {
    const folder = tree.path(`damaged-${Math.random().toString(36).slice(2)}`);
    mkdirSync(folder);
    const index = `${folder}/index.sqlite`;
    expect((await runCli(['scan', tree.path('docs'), '--index', index, '--no-near'])).code).toBe(0);
    damage(index);
    const before = (() => {
      try {
        return readFileSync(index);
      } catch {
        return undefined;
      }
    })();
    const result = await runCli(['scan', tree.path('docs'), '--index', index, '--no-near']);
    expectOneLineFailure(result, /--no-index/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    if (before) expect(readFileSync(index).equals(before)).toBe(true);
  });
});

it('concurrent scans creating one new index all succeed (the second waits for the first)', async () => {
  const index = tree.path('shared/index.sqlite');
  const results = await Promise.all(Array.from({ length: 8 }, () => runCli(['scan', tree.path('docs'), '--index', index, '--no-near', '--json'])));
  for (const result of results) expect(result.code, result.stderr).toBe(0);
  expect(new Set(results.map((r) => JSON.stringify((JSON.parse(r.stdout) as { clusters: unknown }).clusters))).size).toBe(1);
});
