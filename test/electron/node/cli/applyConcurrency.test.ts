// `shingle apply` and `undo` against each other and against bad input: one batch at a time per
// journal across processes, truthful undo, one clear line for a broken report or an ended prompt.
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import { lockJournal } from '../../../../electron/node/actions/journalLock.ts';
import { cliPath, runCli } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { exists } from '../../../helpers/exists.ts';

const PAIRS = 40;

/** PAIRS folders of two copies each, a.txt older than b.txt, and the report of a scan of them. */
async function pairsTree(tree: TempTree, folder: string): Promise<string> {
  for (let i = 0; i < PAIRS; i++) {
    const body = `pair ${folder} ${i}: ${'some words that fill the file '.repeat(20)}\n`;
    await tree.write(`${folder}/${i}/a.txt`, body);
    await tree.write(`${folder}/${i}/b.txt`, body);
    const { utimes } = await import('node:fs/promises');
    await utimes(tree.path(`${folder}/${i}/a.txt`), 1_000_000, 1_000_000);
  }
  const scan = await runCli(['scan', tree.path(folder), '--json', '--no-index', '--no-near']);
  expect(scan.code, scan.stderr).toBe(0);
  return tree.write(`${folder}.json`, scan.stdout);
}

describe('shingle apply: one batch at a time, truthful undo, clear failures', () => {
  let tree: TempTree;
  beforeEach(async () => {
    tree = await createTempTree();
  });
  afterEach(() => tree.remove());

  it('two applies with opposite keep rules, as two processes at once, never remove both copies', async () => {
    const report = await pairsTree(tree, 'pairs');
    const journal = tree.path('journal.sqlite');
    const [newest, oldest] = await Promise.all(
      ['newest', 'oldest'].map((rule) => runCli(['apply', report, '--keep', rule, '--action', 'delete', '--yes', '--journal', journal])),
    );
    for (let i = 0; i < PAIRS; i++) {
      const left = (await readdir(tree.path(`pairs/${i}`))).length;
      expect(left, `pair ${i}`).toBe(1);
    }
    // The one that came second either found the journal busy or found every file it keeps gone.
    expect([newest!.code, oldest!.code].sort()).toEqual([0, 1]);
    expect(`${newest!.stderr}${oldest!.stderr}`).not.toMatch(/database is locked/);
  });

  it('says in one line that another batch holds the journal, and touches nothing', async () => {
    const report = await pairsTree(tree, 'pairs');
    const journal = tree.path('journal.sqlite');
    const held = lockJournal(journal);
    try {
      const result = await runCli(['apply', report, '--keep', 'newest', '--action', 'trash', '--journal', journal]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^shingle apply: another clean-up or undo is running on this journal .*\n$/);
      const undo = await runCli(['undo', '--journal', journal]);
      expect(undo.stderr).toMatch(/^shingle undo: (the journal holds no batch|another clean-up)/);
    } finally {
      held.release();
    }
    expect(await readdir(tree.path('pairs/0'))).toEqual(['a.txt', 'b.txt']);
  });

  it('two applies creating a new journal at once both get to it, never "database is locked"', async () => {
    const reports = [await pairsTree(tree, 'one'), await pairsTree(tree, 'two')];
    for (let round = 0; round < 4; round++) {
      const journal = tree.path(`journals/${round}/journal.sqlite`);
      const results = await Promise.all(reports.map((report) => runCli(['apply', report, '--keep', 'newest', '--action', 'move', '--to', tree.path(`attic/${round}`), '--journal', journal])));
      for (const result of results) {
        expect(result.stderr).not.toMatch(/database is locked|Error:|at /);
        if (result.code !== 0) expect(result.stderr).toMatch(/another clean-up or undo is running|no longer exists/);
      }
    }
  });

  it('undo after the trash was emptied says "not restored" with the reason and exits 1', async () => {
    const report = await pairsTree(tree, 'pairs');
    const journalPath = tree.path('journal.sqlite');
    const applied = await runCli(['apply', report, '--keep', 'newest', '--action', 'trash', '--journal', journalPath]);
    expect(applied.code).toBe(0);
    const journal = new ActionJournal(journalPath);
    const steps = journal.steps(1);
    journal.close();
    expect(steps).toHaveLength(PAIRS);
    // Empty the trash of one file, as the person's file manager would.
    await rm(steps[0]!.destination!);
    const undone = await runCli(['undo', '--journal', journalPath]);
    expect(undone.code).toBe(1);
    expect(undone.stderr).toMatch(new RegExp(`^not restored ${steps[0]!.path}: its copy in the trash is gone`));
    expect(undone.stdout).toBe(`Batch 1: restored ${PAIRS - 1} files; 1 not restored.\n`);
    // Not marked undone: the batch was not wholly undone.
    const again = await runCli(['undo', '--journal', journalPath]);
    expect(again.stderr).not.toContain('already undone');
    expect(again.code).toBe(1);
  });

  it('a report with files: null, a null cluster or a numeric path gets one line and exit 2', async () => {
    const good = { version: 1, roots: ['/x'], stats: { files: 0, bytes: 0, ms: 0 }, errors: [] };
    const broken = {
      'files-null.json': { ...good, clusters: [{ id: 'c', kind: 'exact', similarity: 1, reclaimable: 0, files: null }] },
      'null-cluster.json': { ...good, clusters: [null] },
      'numeric-path.json': { ...good, clusters: [{ id: 'c', kind: 'exact', similarity: 1, reclaimable: 0, files: [{ path: 5, size: 1, mtime: 1 }] }] },
    };
    for (const [name, content] of Object.entries(broken)) {
      const path = await tree.write(name, JSON.stringify(content));
      for (const args of [['apply', path, '--keep', 'newest', '--action', 'trash', '--dry-run'], ['export', '--csv', path]]) {
        const result = await runCli(args);
        expect(result.code, `${args[0]} ${name}`).toBe(2);
        expect(result.stderr, `${args[0]} ${name}`).toMatch(/^shingle (apply|export): .*not a version 1 shingle scan --json report \(.+ at clusters\.0.*\)\n$/);
      }
    }
  });

  const hasScript = spawnSync('script', ['--version']).status === 0;
  it.skipIf(!hasScript).each([
    ['Ctrl-D', '\x04', 1, 'shingle apply: nothing deleted'],
    ['Ctrl-C', '\x03', 130, 'shingle apply: cancelled: nothing deleted'],
  ])('%s at the delete prompt deletes nothing (needs util-linux script for a terminal)', async (_key, keystroke, code, said) => {
    const report = await pairsTree(tree, 'pairs');
    await mkdir(tree.path('state'));
    const command = [process.execPath, cliPath, 'apply', report, '--keep', 'newest', '--action', 'delete', '--yes', '--journal', tree.path('state/journal.sqlite')];
    const quoted = command.map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ');
    const child = spawn('script', ['-qec', quoted, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
    await new Promise<void>((resolve) =>
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        if (output.includes("Type 'delete' to go on")) resolve();
      }),
    );
    child.stdin.write(keystroke);
    expect(await exit).toBe(code);
    expect(output).toContain(said);
    expect(output).not.toMatch(/Error|at /);
    expect(await exists(tree.path('pairs/0/a.txt'))).toBe(true);
  });
});
