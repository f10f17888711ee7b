// Issue 25 item 6: a full or read-only disk under the journal ends `shingle apply` with one line
// naming it, and nothing is acted on. The journal lies on a tmpfs of a few kilobytes (tinyDisk.ts).
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliPath, runCli } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { FILL_DISK, onTinyDisk, tinyDiskUnavailable } from '../actions/tinyDisk.ts';
import type { ShellResult } from '../actions/tinyDisk.ts';

const body = 'The minutes of the meeting, word for word.\n'.repeat(30);
const unavailable = tinyDiskUnavailable();
const journalModule = fileURLToPath(new URL('../../../../electron/node/actions/actionJournal.ts', import.meta.url));
// Opens (so makes) the journal at $DISK/journal.sqlite, as an earlier clean-up would have.
const MAKE_JOURNAL = `"$NODE" --input-type=module -e 'const { ActionJournal } = await import(process.env.JOURNAL_MODULE); new ActionJournal(process.env.DISK + "/journal.sqlite").close()'`;
// Keeps the journal open (its -wal and -shm files made) until killed, so the apply after it can
// open the journal on the full disk and fails at its first write; says so through a fifo.
const HOLD_JOURNAL = `mkfifo "$DISK/held"\n"$NODE" --input-type=module -e 'const { ActionJournal } = await import(process.env.JOURNAL_MODULE); new ActionJournal(process.env.DISK + "/journal.sqlite"); (await import("node:fs")).writeFileSync(process.env.DISK + "/held", "held\\n"); setInterval(() => {}, 1 << 30)' &\nread held < "$DISK/held"`;
const APPLY = '"$NODE" "$CLI" apply "$REPORT" --keep in:"$KEEP" --action delete --yes --journal "$DISK/$JOURNAL"';

describe.skipIf(unavailable !== undefined)(`a journal on a full or read-only disk (${unavailable ?? 'tmpfs in a namespace'})`, () => {
  let tree: TempTree;
  let env: Record<string, string>;
  beforeAll(async () => {
    tree = await createTempTree({ 'keep/minutes.txt': body, 'copies/minutes (1).txt': body, 'copies/minutes (2).txt': body });
    const scan = await runCli(['scan', tree.path('keep'), tree.path('copies'), '--json', '--no-near', '--no-index']);
    expect(scan.code, scan.stderr).toBe(0);
    await writeFile(tree.path('report.json'), scan.stdout);
    await mkdir(tree.path('disk'));
    env = { NODE: process.execPath, CLI: cliPath, REPORT: tree.path('report.json'), KEEP: tree.path('keep'), JOURNAL_MODULE: journalModule, JOURNAL: 'journal.sqlite', XDG_DATA_HOME: tree.path('data') };
  });
  afterAll(() => tree.remove());

  async function expectOneLineNothingDone(result: ShellResult, cause: RegExp): Promise<void> {
    expect(result.code, result.stderr).toBe(1);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines, result.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(cause);
    expect(lines[0]).not.toMatch(/rollback|transaction|SQLITE|disk I\/O error|unable to open/);
    expect((await readdir(tree.path('copies'))).sort()).toEqual(['minutes (1).txt', 'minutes (2).txt']);
  }

  it('a full disk: one line saying so, nothing deleted', async () => {
    const result = await onTinyDisk(tree.path('disk'), 256, `${HOLD_JOURNAL}\n${FILL_DISK}\n${APPLY}\ncode=$?\nkill $!\nexit $code`, env);
    await expectOneLineNothingDone(result, /^shingle apply: .*journal .*cannot be written: the disk is full.*nothing was acted on/);
  });

  it('a full disk where a new journal would be made: one line saying so, nothing deleted', async () => {
    const result = await onTinyDisk(tree.path('disk'), 256, `${FILL_DISK}\n${APPLY}`, env);
    await expectOneLineNothingDone(result, /^shingle apply: the journal .* cannot be written: the disk is full/);
  });

  it('a read-only disk: one line saying so, nothing deleted', async () => {
    const result = await onTinyDisk(tree.path('disk'), 256, `${MAKE_JOURNAL} || exit 98\nmount -o remount,ro "$DISK" || exit 97\n${APPLY}`, env);
    await expectOneLineNothingDone(result, /^shingle apply: .*journal .*cannot be written: the file system is read-only/);
  });

  it('a read-only disk where a new journal would be made: one line saying so', async () => {
    const result = await onTinyDisk(tree.path('disk'), 256, `mount -o remount,ro "$DISK" || exit 97\n${APPLY}`, { ...env, JOURNAL: 'state/journal.sqlite' });
    await expectOneLineNothingDone(result, /^shingle apply: the journal .* cannot be written: the file system is read-only/);
  });
});

describe.skipIf(unavailable !== undefined)(`an index on a full or read-only disk (${unavailable ?? 'tmpfs in a namespace'})`, () => {
  let tree: TempTree;
  beforeAll(async () => {
    tree = await createTempTree({ 'docs/minutes.txt': body, 'docs/other.txt': `${body}and more\n` });
    await mkdir(tree.path('disk'));
  });
  afterAll(() => tree.remove());

  const SCAN = '"$NODE" "$CLI" scan "$DOCS" --no-near --index "$DISK/index.sqlite" > /dev/null || exit 96';
  const RESCAN = 'echo changed >> "$DOCS/other.txt"\n"$NODE" "$CLI" scan "$DOCS" --no-near --index "$DISK/index.sqlite" > /dev/null';

  for (const [what, spoil, cause] of [
    ['full', FILL_DISK, /the disk is full/],
    ['read-only', 'mount -o remount,ro "$DISK" || exit 97', /the file system is read-only/],
  ] as const) {
    it(`a ${what} disk: one line saying so`, async () => {
      const result = await onTinyDisk(tree.path('disk'), 256, `${SCAN}\n${spoil}\n${RESCAN}`, { NODE: process.execPath, CLI: cliPath, DOCS: tree.path('docs') });
      expect(result.code, result.stderr).toBe(1);
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines, result.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/^shingle scan: .*The index .* cannot be written: /);
      expect(lines[0]).toMatch(cause);
    });
  }
});
