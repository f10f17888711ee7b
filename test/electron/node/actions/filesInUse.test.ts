// Issue 25 item 3: a file another process holds open for writing is refused, in the preview and
// at run time, naming the process; one open only for reading is not. The holder is a real child
// process that opens the file and says so on stdout. macOS asks lsof (its canned output here, and
// the real lsof where this machine has one); Windows reports a move refused by a sharing violation.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { lstat, readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import { applyPlan } from '../../../../electron/node/actions/applyPlan.ts';
import { checkPlanOnDisk } from '../../../../electron/node/actions/checkPlan.ts';
import { filesOpenForWriting, inUse, inUseByMoveError, parseLsof } from '../../../../electron/node/actions/filesInUse.ts';
import type { RunTool } from '../../../../electron/node/actions/platformTool.ts';
import { planActions } from '../../../../electron/node/actions/planActions.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { clusterOf, reportOf } from './actionFixture.ts';

const body = 'a mailbox identical to its backup\n'.repeat(40);

/** A child process holding `path` open with `flags` ('r+' to write, 'r' to read), once it has it open. */
async function holdOpen(path: string, flags: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', `require('node:fs').openSync(process.argv[1], '${flags}'); process.stdout.write('open\\n'); setInterval(() => {}, 1 << 30);`, path], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(chunk.toString()).toBe('open\n');
  return child;
}

describe.skipIf(process.platform !== 'linux')('files in use', () => {
  let tree: TempTree;
  let journal: ActionJournal;
  let holder: ChildProcess | undefined;
  beforeEach(async () => {
    tree = await createTempTree({ 'keep/a.txt': body, 'dup/b.txt': body });
    journal = new ActionJournal(tree.path('state/journal.sqlite'));
  });
  afterEach(async () => {
    if (holder && holder.exitCode === null) {
      const exited = once(holder, 'exit');
      holder.kill();
      await exited;
    }
    holder = undefined;
    journal.close();
    await tree.remove();
  });

  async function deletePlan() {
    const [a, b] = [tree.path('keep/a.txt'), tree.path('dup/b.txt')];
    const report = reportOf([tree.root], [await clusterOf('c1', [a, b])]);
    return planActions(report, { clusters: [{ clusterId: 'c1', keep: [a], act: [b] }] }, { action: 'delete' });
  }

  it('refuses a file another process holds open for writing, naming it', async () => {
    holder = await holdOpen(tree.path('dup/b.txt'), 'r+');
    const reason = new RegExp(`^in use by PID ${holder.pid} \\((node|MainThread)\\): it is open for writing`);
    const plan = await deletePlan();
    const checked = await checkPlanOnDisk(plan);
    expect(checked.steps).toEqual([]);
    expect(checked.refused[0]!.reason).toMatch(reason);
    const result = await applyPlan(plan, { journal });
    expect(result.outcomes[0]!.state).toBe('refused');
    expect(result.outcomes[0]!.reason).toMatch(reason);
    expect(await readFile(tree.path('dup/b.txt'), 'utf8')).toBe(body);
  });

  it('acts on a file another process only reads', async () => {
    holder = await holdOpen(tree.path('dup/b.txt'), 'r');
    const result = await applyPlan(await checkPlanOnDisk(await deletePlan()), { journal });
    expect(result.outcomes.map((o) => o.state)).toEqual(['done']);
  });
});

describe('files in use on macOS (lsof) and Windows (a refused move)', () => {
  const lsofOutput = ['p501', 'cMail', 'f3', 'ar', 'tREG', 'D0x1000004', 'i77', 'f4', 'au', 'tREG', 'D0x1000004', 'i88', 'f5', 'aw', 'tDIR', 'D0x1000004', 'i99', 'p502', 'csqlite3', 'f6', 'aw', 'tREG', 'D0x1000005', 'i77', ''].join('\n');

  it("reads lsof's fields: files open for writing (w, u), regular files only, each with its process", () => {
    const writers = parseLsof(lsofOutput, 1);
    expect([...writers.keys()]).toEqual([`${0x1000004}:88`, `${0x1000005}:77`]);
    expect(inUse(writers, { dev: 0x1000005, ino: 77 })).toBe('in use by PID 502 (sqlite3): it is open for writing, and what that program writes after would be lost');
    expect(inUse(writers, { dev: 0x1000004, ino: 77 })).toBeUndefined();
    // This process's own files are not someone else's.
    expect(parseLsof(lsofOutput, 502).size).toBe(1);
  });

  it('asks lsof on macOS, and knows none without it', async () => {
    const asked: string[][] = [];
    const run: RunTool = async (command, args) => (asked.push([command, ...args]), { code: 0, stdout: Buffer.from(lsofOutput), stderr: '' });
    expect((await filesOpenForWriting({ platform: 'darwin', run })).size).toBe(2);
    expect(asked).toEqual([['lsof', '-w', '-n', '-P', '-F', 'pcfatDi']]);
    expect((await filesOpenForWriting({ platform: 'darwin', run: async () => 'absent' })).size).toBe(0);
  });

  it.skipIf(spawnSync('lsof', ['-v']).error !== undefined)("the real lsof's answer names a real holder (lsof is installed here)", async () => {
    const tree = await createTempTree({ 'mailbox': body });
    const holder = await holdOpen(tree.path('mailbox'), 'r+');
    try {
      const writers = await filesOpenForWriting({ platform: 'darwin' });
      expect(inUse(writers, await lstat(tree.path('mailbox')))).toMatch(new RegExp(`^in use by PID ${holder.pid} `));
    } finally {
      const exited = once(holder, 'exit');
      holder.kill();
      await exited;
      await tree.remove();
    }
  });

  it('Windows: a move refused by a sharing violation is "in use" with its cause; elsewhere not', () => {
    const busy = Object.assign(new Error('EBUSY: resource busy or locked, rename'), { code: 'EBUSY' });
    expect(inUseByMoveError(busy, 'win32')).toBe('in use by another program: Windows refused to move it (EBUSY, a sharing violation: the program opened it without letting others rename or delete it); nothing was done to it');
    expect(inUseByMoveError(Object.assign(new Error('EPERM'), { code: 'EPERM' }), 'win32')).toMatch(/^Windows refused to move it \(EPERM\): another program may have it open/);
    expect(inUseByMoveError(busy, 'linux')).toBeUndefined();
    expect(inUseByMoveError(Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }), 'win32')).toBeUndefined();
  });
});
