// A folder with one cluster of each kind, scanned by the real CLI, for the apply tests: a near
// cluster of mixed formats (a .txt, its byte twin, its .html, an edited draft), an exact pair and
// an excerpt of a book. The .txt and a.txt are the newest, so `--keep newest` keeps them.
import { lstat, readFile, utimes, writeFile } from 'node:fs/promises';
import { expect } from 'vitest';
import type { ScanReport } from '../../../../shared/report.ts';
import { editEveryNthWord, prose, renderHtml } from '../../../helpers/documents.ts';
import { runCli } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

export const NEWEST = new Date(Date.UTC(2030, 0, 1));

export async function createKindsTree(): Promise<TempTree> {
  const text = prose(1);
  const book = prose(2, 12);
  const tree = await createTempTree({
    'docs/near/report.txt': text,
    'docs/near/copy/report.txt': text,
    'docs/near/report.html': renderHtml(text),
    'docs/near/draft.txt': editEveryNthWord(text, 15),
    'docs/contained/book.txt': book,
    'docs/contained/chapter.txt': book.split('\n\n').slice(0, 4).join('\n\n'),
    'docs/exact/a.txt': prose(3),
    'docs/exact/b.txt': prose(3),
  });
  for (const name of ['docs/near/report.txt', 'docs/exact/a.txt']) await utimes(tree.path(name), NEWEST, NEWEST);
  return tree;
}

/**
 * A home folder where an edited licence (GFDL-1.2.txt, beside the original GFDL.txt in Documents)
 * has a byte copy in a backup, and the original one in Downloads: one near cluster, listed by the
 * scan with the Backup copy first.
 */
export const LICENSES = {
  original: 'home/Documents/Licenses/GFDL.txt',
  downloaded: 'home/Downloads/GFDL.txt',
  edited: 'home/Documents/Licenses/GFDL-1.2.txt',
  backup: 'home/Backup/Documents-2023/Licenses/GFDL-1.2.txt',
} as const;

export async function createLicensesTree(): Promise<TempTree> {
  const text = prose(7);
  const edited = editEveryNthWord(text, 20);
  return createTempTree({ [LICENSES.original]: text, [LICENSES.downloaded]: text, [LICENSES.edited]: edited, [LICENSES.backup]: edited });
}

/** Scans `folder` (as named, maybe through a symlink) and writes the report next to the tree. */
export async function scanToReport(tree: TempTree, folder: string, name = 'report.json'): Promise<string> {
  const scan = await runCli(['scan', folder, '--json', '--no-index']);
  expect(scan.code, scan.stderr).toBe(0);
  return tree.write(name, scan.stdout);
}

export async function readReportFile(path: string): Promise<ScanReport> {
  return JSON.parse(await readFile(path, 'utf8')) as ScanReport;
}

/** Rewrites a file with other bytes of the same size and puts its mtime back: only ctime or a hash can tell. */
export async function rewriteKeepingSizeAndMtime(path: string): Promise<void> {
  const before = await lstat(path);
  const content = await readFile(path, 'utf8');
  const at = content.indexOf('the ');
  await writeFile(path, `${content.slice(0, at)}THE ${content.slice(at + 4)}`);
  await utimes(path, before.atimeMs / 1000, before.mtimeMs / 1000);
  const after = await lstat(path);
  expect(after.size).toBe(before.size);
  expect(Math.abs(after.mtimeMs - before.mtimeMs)).toBeLessThan(0.01);
}

/** What the dry run says per file: path → 'keep' | the action | 'skip'. */
export function dryRunDecisions(stdout: string): Map<string, string> {
  const decisions = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const match = /^ {2}(\S+) (\/.*?)(?: \((?:copy of|same text as|same words as|edited version|excerpt).*\)|: .*)?$/.exec(line);
    if (match) decisions.set(match[2]!, match[1]!);
  }
  return decisions;
}
