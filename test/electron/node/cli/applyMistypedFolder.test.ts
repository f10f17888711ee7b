// A --reference or --keep in:/not-in: folder that is not there (a typo) protects nothing: the
// files it was meant to keep would be acted on. It is bad usage: exit 2, one line, nothing done.
import { readdir, utimes } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { scanToReport } from './applyFixture.ts';

const contract = 'This agreement is made between the two parties named below.\n'.repeat(30);

describe('shingle apply with a folder that is not there', () => {
  let tree: TempTree;
  let report: string;
  beforeAll(async () => {
    tree = await createTempTree({ 'root/Archive/contract.txt': contract, 'root/Inbox/contract.txt': contract });
    // The inbox's copy is the oldest: `--keep oldest` keeps it and acts on the archived one,
    // which `--reference root/Archive` protects and a typo in it would not.
    await utimes(tree.path('root/Inbox/contract.txt'), new Date(2020, 0, 1), new Date(2020, 0, 1));
    report = await scanToReport(tree, tree.path('root'));
  });
  afterAll(() => tree.remove());

  async function expectUsageError(args: string[], line: string) {
    const result = await runCli(['apply', report, ...args, '--action', 'trash'], { cwd: tree.root });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toBe(`shingle apply: ${line}\n`);
    expect(result.stdout).toBe('');
    expect(await readdir(tree.path('root/Archive'))).toEqual(['contract.txt']);
    expect(await readdir(tree.path('root/Inbox'))).toEqual(['contract.txt']);
  }

  it('--reference naming a missing folder is bad usage, and nothing is trashed', async () => {
    await expectUsageError(['--keep', 'oldest', '--reference', 'root/Archve'], `--reference: ${tree.path('root/Archve')} does not exist`);
  });

  it('--reference naming a file is bad usage', async () => {
    await expectUsageError(['--keep', 'oldest', '--reference', 'root/Archive/contract.txt'], `--reference: ${tree.path('root/Archive/contract.txt')} is not a folder`);
  });

  it('--keep in: and not-in: naming a missing folder are bad usage', async () => {
    await expectUsageError(['--keep', 'in:root/Archve'], `--keep in: ${tree.path('root/Archve')} does not exist`);
    await expectUsageError(['--keep', 'not-in:root/Inbx'], `--keep not-in: ${tree.path('root/Inbx')} does not exist`);
  });

  it('the same options naming folders that are there still work', async () => {
    const result = await runCli(['apply', report, '--keep', 'not-in:root/Archive', '--reference', 'root/Archive', '--action', 'trash', '--dry-run'], { cwd: tree.root });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`skip ${tree.path('root/Archive/contract.txt')}: in a reference folder`);
  });
});
