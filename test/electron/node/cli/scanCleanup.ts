// A clean-up by the real CLI of a report holding one letter and its scan: the letter (the oldest)
// kept, the scan deleted. `apply` checks the scan, next to the action, on what OCR reads of it.
import { expect } from 'vitest';
import { exists } from '../../../helpers/exists.ts';
import { runCli } from '../../../helpers/runCli.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

export async function deleteScanOfLetter(tree: TempTree, reportJson: string, letter: string, scan: string): Promise<void> {
  const reportPath = await tree.write('state/report.json', reportJson);
  const applied = await runCli(['apply', reportPath, '--keep', 'oldest', '--include', 'near', '--action', 'delete', '--yes', '--journal', tree.path('state/journal.sqlite')]);
  expect(applied.stderr).toBe('');
  expect(applied.code).toBe(0);
  expect(await exists(tree.path(scan))).toBe(false);
  expect(await exists(tree.path(letter))).toBe(true);
}
