// `shingle apply` in-process, as on a terminal: a progress line on stderr, and Ctrl-C (the
// harness's abort signal) stopping a batch between files with exit 130.
import { readdir } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyCommand } from '../../../../electron/node/cli/applyCommand.ts';
import { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import type { CommandContext } from '../../../../electron/node/cli/harness.ts';
import { describeApplyProgress } from '../../../../electron/node/cli/progressLine.ts';
import { runCli } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { exists } from '../../../helpers/exists.ts';

const COPIES = 4;
const body = 'The budget for the coming year, line by line.\n'.repeat(30);

let tree: TempTree;
let report: string;
let stderr: string;
let stdout: string;
let warnings: string[];
const isTTY = Object.getOwnPropertyDescriptor(process.stderr, 'isTTY');

beforeEach(async () => {
  tree = await createTempTree(Object.fromEntries(Array.from({ length: COPIES }, (_, i) => [`docs/copy-${i}.txt`, body])));
  const scan = await runCli(['scan', tree.path('docs'), '--json', '--no-index', '--no-near']);
  expect(scan.code, scan.stderr).toBe(0);
  report = await tree.write('report.json', scan.stdout);
  stderr = '';
  stdout = '';
  warnings = [];
});

afterEach(async () => {
  vi.restoreAllMocks();
  if (isTTY) Object.defineProperty(process.stderr, 'isTTY', isTTY);
  else delete (process.stderr as { isTTY?: boolean }).isTTY;
  await tree.remove();
});

/** Captures stdout and stderr, with stderr playing a terminal; `onStderr` sees each write. */
function asOnATerminal(onStderr: (chunk: string) => void = () => {}): void {
  Object.defineProperty(process.stderr, 'isTTY', { value: true, configurable: true });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    onStderr(String(chunk));
    return true;
  });
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
}

function context(signal: AbortSignal): CommandContext {
  return { signal, debug: false, cwd: tree.root, warn: (text) => warnings.push(text) };
}

const moveArgs = () => [report, '--keep', 'shortest-path', '--action', 'move', '--to', 'attic', '--journal', tree.path('journal.sqlite')];

describe('shingle apply on a terminal', () => {
  it('words its progress line in the width it has, keeping the file name and escaping it', () => {
    const path = `/home/someone/${'deep/'.repeat(12)}budget\r2024.txt`;
    expect(describeApplyProgress('trash', { done: 1, total: 1, failed: 0, path: '/a.txt' }, 79)).toBe('Trashing: 1 of 1 file (100%) · /a.txt');
    const line = describeApplyProgress('trash', { done: 2, total: 3, failed: 1, path }, 60);
    expect(line).toBe(`Trashing: 2 of 3 files (66%) · 1 not done · …${`${'deep/'.repeat(12)}budget\\x0D2024.txt`.slice(-(60 - 45))}`);
    expect(line).toHaveLength(60);
  });

  it('shows its progress on stderr and wipes it before the outcome', async () => {
    asOnATerminal();
    expect(await applyCommand(moveArgs(), context(new AbortController().signal))).toBe(0);
    // The line fits the terminal's width by losing the path's start, never the file's name.
    expect(stderr).toMatch(new RegExp(`\\r\x1b\\[2KMoving: 0 of ${COPIES - 1} files \\(0%\\) · …?[^\\r]*/docs/copy-\\d\\.txt\\r`));
    expect(stderr).toContain(`\r\x1b[2KMoving: 1 of ${COPIES - 1} files (33%)`);
    expect(stderr.endsWith('\r\x1b[2K')).toBe(true);
    expect(stdout).toMatch(new RegExp(`^Batch 1: move ${COPIES - 1} files \\(.+\\); 0 not done\\. Undo with: shingle undo 1\\n$`));
    expect(await readdir(tree.path('attic'))).toHaveLength(COPIES - 1);
  });

  it('Ctrl-C stops the batch between files: exit 130, and the journal keeps what was done', async () => {
    const ctrlC = new AbortController();
    asOnATerminal((chunk) => {
      if (chunk.includes('Moving:')) ctrlC.abort(new Error('cancelled'));
    });
    expect(await applyCommand(moveArgs(), context(ctrlC.signal))).toBe(130);
    expect(warnings).toEqual(['cancelled; the journal records the steps done']);
    const stillThere = (await Promise.all(Array.from({ length: COPIES }, (_, i) => exists(tree.path(`docs/copy-${i}.txt`))))).filter(Boolean);
    // Cancelled at the first file: at most that one moved.
    expect(stillThere.length).toBeGreaterThanOrEqual(COPIES - 1);
    // Every file not moved counts as not done, those the cancel left unreached too.
    const moved = COPIES - stillThere.length;
    expect(stdout).toMatch(new RegExp(`^Batch 1: move ${moved} files? \\(.+\\); ${COPIES - 1 - moved} not done\\.`));
    const journal = new ActionJournal(tree.path('journal.sqlite'));
    try {
      expect(journal.batch(1)?.state).toBe('cancelled');
    } finally {
      journal.close();
    }
  });

  it('Ctrl-C before the batch starts changes nothing and records no batch', async () => {
    const ctrlC = new AbortController();
    ctrlC.abort(new Error('cancelled'));
    asOnATerminal();
    expect(await applyCommand(moveArgs(), context(ctrlC.signal))).toBe(130);
    expect(warnings).toEqual(['cancelled; nothing was changed']);
    expect(await exists(tree.path('journal.sqlite'))).toBe(false);
    expect(stdout).toBe('');
  });
});
