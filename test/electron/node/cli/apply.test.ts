// `shingle apply` and `shingle undo` as a user runs them, on a real scan's report.
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { exists } from '../../../helpers/exists.ts';
import { runCli } from '../../../helpers/runCli.ts';

const body = 'The minutes of the meeting, word for word.\n'.repeat(30);

describe('shingle apply / undo (CLI)', () => {
  let tree: TempTree;
  let report: string;
  let journal: string;
  beforeAll(async () => {
    tree = await createTempTree({ 'docs/minutes.txt': body, 'downloads/minutes (1).txt': body, 'downloads/minutes-copy.txt': body });
    const scan = await runCli(['scan', tree.path('docs'), tree.path('downloads'), '--json', '--no-near', '--no-index']);
    expect(scan.code).toBe(0);
    report = tree.path('report.json');
    journal = tree.path('journal.sqlite');
    await writeFile(report, scan.stdout);
  });
  afterAll(() => tree.remove());

  it('--dry-run prints per group what it would keep and trash, and changes nothing', async () => {
    const result = await runCli(['apply', report, '--keep', 'in:docs', '--action', 'trash', '--dry-run'], { cwd: tree.root });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^exact-.*:$/);
    expect(lines.slice(1, 4)).toEqual([
      `  keep ${tree.path('docs/minutes.txt')}`,
      `  trash ${tree.path('downloads/minutes (1).txt')} (copy of ${tree.path('docs/minutes.txt')})`,
      `  trash ${tree.path('downloads/minutes-copy.txt')} (copy of ${tree.path('docs/minutes.txt')})`,
    ]);
    expect(body.length * 2).toBe(2580);
    expect(lines.at(-1)).toBe('Would trash 2 files, 2.58 KB, 1 group; 0 refused.');
    expect((await readdir(tree.path('downloads'))).sort()).toEqual(['minutes (1).txt', 'minutes-copy.txt']);
  });

  it('--reference keeps a folder out of reach', async () => {
    const result = await runCli(['apply', report, '--keep', 'in:docs', '--action', 'trash', '--dry-run', '--reference', 'downloads'], { cwd: tree.root });
    expect(result.stdout).toContain(`  skip ${tree.path('downloads/minutes-copy.txt')}: in a reference folder`);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('Would trash 0 files, 0 B, 0 groups; 2 refused.');
  });

  it('refuses bad usage with one line and exit 2; delete needs --yes', async () => {
    for (const args of [
      ['apply', report, '--action', 'trash'],
      ['apply', report, '--keep', 'biggest', '--action', 'trash'],
      ['apply', report, '--keep', 'newest', '--action', 'shred'],
      ['apply', report, '--keep', 'newest', '--action', 'move'],
      ['apply', report, '--keep', 'newest', '--action', 'delete', '--journal', journal],
      ['apply', tree.path('nope.json'), '--keep', 'newest', '--action', 'trash'],
    ]) {
      const result = await runCli(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
    }
    expect((await readdir(tree.path('downloads'))).sort()).toEqual(['minutes (1).txt', 'minutes-copy.txt']);
  });

  it('trashes, then undo puts the files back', async () => {
    const applied = await runCli(['apply', report, '--keep', 'in:docs', '--action', 'trash', '--journal', journal], { cwd: tree.root });
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(/^Batch (\d+): trash 2 files \(2\.\d+ KB\); 0 not done\. Undo with: shingle undo \1\n$/);
    expect(await readdir(tree.path('downloads'))).toEqual([]);

    const again = await runCli(['apply', report, '--keep', 'in:docs', '--action', 'trash', '--journal', journal], { cwd: tree.root });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`skipped ${tree.path('downloads/minutes-copy.txt')}: the file no longer exists`);
    expect(again.stdout).toBe('Nothing to trash; 2 not done.\n');

    const undone = await runCli(['undo', '1', '--journal', journal]);
    expect(undone.code).toBe(0);
    expect(undone.stdout).toBe('Batch 1: restored 2 files; 0 not restored.\n');
    expect(await readFile(tree.path('downloads/minutes-copy.txt'), 'utf8')).toBe(body);
    const twice = await runCli(['undo', '1', '--journal', journal]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toBe('shingle undo: batch 1 was already undone\n');
  });

  it('says in one line that there is no journal at a mistyped --journal, and makes none', async () => {
    const missing = tree.path('state/typo.sqlite');
    const undone = await runCli(['undo', '--journal', missing]);
    expect(undone.code).toBe(1);
    expect(undone.stderr).toBe(`shingle undo: no journal at ${missing}: no clean-up was recorded there\n`);
    expect(await exists(missing)).toBe(false);
  });
});
