// Applies the plan in argv[2] with the journal at argv[3]; once the first step has acted, fills
// the disk the journal is on (argv[4], a file to grow until no space is left). Prints the error
// the batch ended with: the child of the full-journal test (journalFull.test.ts).
import { readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { ActionJournal } from '../../../../electron/node/actions/actionJournal.ts';
import { applyPlan } from '../../../../electron/node/actions/applyPlan.ts';
import type { ActionPlan } from '../../../../electron/node/actions/planActions.ts';

async function fillDisk(path: string): Promise<void> {
  const file = await open(path, 'w');
  try {
    for (const block = Buffer.alloc(4096); ; ) await file.write(block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    await file.close();
  }
}

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as ActionPlan;
const journal = new ActionJournal(process.argv[3]!);
try {
  await applyPlan(plan, { journal, afterAct: () => fillDisk(process.argv[4]!) });
  process.stdout.write('no error\n');
} catch (error) {
  process.stdout.write(`${(error as Error).constructor.name}: ${(error as Error).message}\n`);
}
