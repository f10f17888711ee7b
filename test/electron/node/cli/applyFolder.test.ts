// `shingle apply --folder DIR` as a user runs it on a real scan's report: the folder's copies of
// the other folder's files go, the rest of it stays (and is listed in the dry run).
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editEveryNthWord, prose } from '../../../helpers/documents.ts';
import { runCli } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { scanToReport } from './applyFixture.ts';

const COPIES = 8;

describe('shingle apply --folder', () => {
  let tree: TempTree;
  let report: string;
  beforeAll(async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < COPIES; i++) files[`Docs/doc${i}.txt`] = files[`Backup/doc${i}.txt`] = prose(600 + i);
    files['Docs/plan.txt'] = prose(700);
    files['Backup/plan.txt'] = editEveryNthWord(prose(700), 25);
    files['Backup/own.txt'] = prose(701, 1, 2);
    tree = await createTempTree(files);
    report = await scanToReport(tree, tree.root);
  });
  afterAll(() => tree.remove());

  it('--dry-run lists the copies it would trash and the files that stay; the run removes only the copies', async () => {
    const dry = await runCli(['apply', report, '--folder', 'Backup', '--action', 'trash', '--dry-run', '--journal', tree.path('journal.sqlite')], { cwd: tree.root });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`  trash ${tree.path('Backup/doc0.txt')} (copy of ${tree.path('Docs/doc0.txt')})`);
    expect(dry.stdout).toContain(`${tree.path('Backup')}/ (stays):\n`);
    expect(dry.stdout).toContain(`  keep ${tree.path('Backup/own.txt')}: only in this folder: stays`);
    expect(dry.stdout).toContain(`  keep ${tree.path('Backup/plan.txt')}: an edited version`);
    expect(dry.stdout.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`^Would trash ${COPIES} files, .+; 0 refused\\.$`));
    expect(existsSync(tree.path('Backup/doc0.txt'))).toBe(true);

    const run = await runCli(['apply', report, '--folder', tree.path('Backup'), '--action', 'trash', '--journal', tree.path('journal.sqlite')], { cwd: tree.root });
    expect(run.code, run.stderr).toBe(0);
    for (let i = 0; i < COPIES; i++) expect(existsSync(tree.path(`Backup/doc${i}.txt`))).toBe(false);
    for (const kept of ['Backup/own.txt', 'Backup/plan.txt', 'Docs/doc0.txt', 'Docs/plan.txt']) expect(existsSync(tree.path(kept)), kept).toBe(true);
  });

  it('refuses --folder with --keep, and a folder that is in no pair, in one line with exit 2', async () => {
    for (const args of [
      ['apply', report, '--folder', 'Backup', '--keep', 'newest', '--action', 'trash'],
      ['apply', report, '--folder', 'Backup', '--include', 'near', '--action', 'trash'],
      ['apply', report, '--folder', 'Elsewhere', '--action', 'trash'],
    ]) {
      const result = await runCli(args, { cwd: tree.root });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });
});
