// Issue 25 item 3: a file another process holds open for writing is refused, in the preview and
// at run time, naming the process; one open only for reading is not. The holder is a real child
// process that opens the file and says so on stdout.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import { applyPlan } from '../../../../electron/node/actions/applyPlan.ts';
import { checkPlanOnDisk } from '../../../../electron/node/actions/checkPlan.ts';
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
