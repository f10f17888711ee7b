// Issue 25 item 5: `move --to` is checked like the trash. A destination whose subfolder is a
// symbolic link elsewhere, or that other users can write to, receives nothing; the dry run
// prints where each file really lands. Runs as whoever runs the tests (no other user needed).
import { chmod, mkdir, readdir, symlink } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exists } from '../../../helpers/exists.ts';
import { runCli } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { scanToReport } from './applyFixture.ts';

const body = 'Quarterly figures, final version.\n'.repeat(40);

describe('apply --action move --to DIR', () => {
  let tree: TempTree;
  let report: string;
  beforeEach(async () => {
    tree = await createTempTree({ 'docs/keep/figures.txt': body, 'docs/old/figures.txt': body, 'elsewhere/.keep': '' });
    report = await scanToReport(tree, tree.path('docs'));
    await mkdir(tree.path('attic'), { mode: 0o755 });
    await chmod(tree.path('attic'), 0o755);
  });
  afterEach(() => tree.remove());

  const moveTo = (to: string, ...more: string[]) => runCli(['apply', report, '--keep', `in:${tree.path('docs/keep')}`, '--action', 'move', '--to', to, '--journal', tree.path('journal.sqlite'), ...more], { env: { XDG_DATA_HOME: tree.path('xdg') } });
  const move = (...more: string[]) => moveTo(tree.path('attic'), ...more);

  it('the dry run prints the final path of each file, numbered when the name is taken', async () => {
    let result = await move('--dry-run');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`move ${tree.path('docs/old/figures.txt')} -> ${tree.path('attic/old/figures.txt')} (copy of ${tree.path('docs/keep/figures.txt')})`);
    await tree.write('attic/old/figures.txt', 'something else already there');
    result = await move('--dry-run');
    expect(result.stdout).toContain(`-> ${tree.path('attic/old/figures (2).txt')} (copy of`);
  });

  it('refuses a destination whose subfolder is a symbolic link elsewhere: nothing moved', async () => {
    // Another user's trick: the folder the file would go into leads into their own folder.
    await symlink(tree.path('elsewhere'), tree.path('attic/old'));
    for (const more of [['--dry-run'], []]) {
      const result = await move(...more);
      expect(result.code, result.stderr).toBe(more.length === 0 ? 1 : 0);
      expect(result.stdout + result.stderr).toContain(`skip${more.length === 0 ? 'ped' : ''} ${tree.path('docs/old/figures.txt')}: the folder ${tree.path('attic/old')}, where it would be moved to, is a symbolic link`);
    }
    expect(await readdir(tree.path('elsewhere'))).toEqual(['.keep']);
    expect(await exists(tree.path('docs/old/figures.txt'))).toBe(true);
  });

  it('refuses a destination other users can write to: nothing moved', async () => {
    await chmod(tree.path('attic'), 0o777);
    const result = await move();
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`skipped ${tree.path('docs/old/figures.txt')}: the folder ${tree.path('attic')}, where it would be moved to, can be written by other users`);
    expect(await readdir(tree.path('attic'))).toEqual([]);
    expect(await exists(tree.path('docs/old/figures.txt'))).toBe(true);
  });

  it('refuses a destination in a folder others can write to without the sticky bit: nothing moved', async () => {
    await mkdir(tree.path('shared'));
    await chmod(tree.path('shared'), 0o777);
    const result = await moveTo(tree.path('shared/attic'));
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`the folder to move to, ${tree.path('shared/attic')}, lies in a folder other users can write to, without the sticky bit`);
    expect(await readdir(tree.path('shared'))).toEqual([]);
  });

  it('moves into a destination of its own', async () => {
    const result = await move();
    expect(result.code, result.stderr).toBe(0);
    expect(await exists(tree.path('attic/old/figures.txt'))).toBe(true);
  });
});
