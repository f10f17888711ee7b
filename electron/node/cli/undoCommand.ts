// `shingle undo [BATCH]`: undoes a batch of `shingle apply` (the last one by default).
// Exit codes: 0 all restored, 1 something could not be (listed, with the reason: a trashed file
// whose copy in the trash is gone is "not restored", never "restored" or "nothing to do"), 2 bad usage.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { displayPath } from '../../../shared/fsName.ts';
import { ActionJournal, defaultJournalPath } from '../actions/actionJournal.ts';
import { JournalBusyError } from '../actions/journalLock.ts';
import { UndoError, undoBatch } from '../actions/undoBatch.ts';

export const undoUsage = `Usage: shingle undo [BATCH] [--journal PATH]

Puts back the files of a batch of \`shingle apply\` (the last batch by default): trashed and
moved files return to their paths, hard-linked paths get their own copy again. Nothing new at
an original path is overwritten. Permanently deleted files cannot be restored.

Options:
  --journal PATH   the journal of batches (default ${displayPath(defaultJournalPath())})
  -h, --help       show this help`;

export async function runUndoCommand(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { journal: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
    });
  } catch (error) {
    process.stderr.write(`shingle undo: ${(error as Error).message.split('\n')[0]}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${undoUsage}\n`);
    return 0;
  }
  const batchText = positionals[0];
  if (positionals.length > 1 || (batchText !== undefined && !/^[1-9]\d*$/.test(batchText))) {
    process.stderr.write('shingle undo: give at most one batch number\n');
    return 2;
  }
  const journalPath = values.journal ? resolve(process.cwd(), values.journal) : defaultJournalPath();
  let journal: ActionJournal;
  try {
    journal = new ActionJournal(journalPath);
  } catch (error) {
    process.stderr.write(`shingle undo: cannot open the journal ${displayPath(journalPath)}: ${(error as Error).message.split('\n')[0]}\n`);
    return 1;
  }
  try {
    const result = await undoBatch(journal, batchText === undefined ? journal.lastBatchId() : Number(batchText));
    for (const o of result.outcomes) if (o.state === 'refused') process.stderr.write(`not restored ${displayPath(o.path)}: ${o.reason}\n`);
    const restored = result.outcomes.filter((o) => o.state === 'restored').length;
    const refused = result.outcomes.filter((o) => o.state === 'refused').length;
    process.stdout.write(`Batch ${result.batchId}: restored ${restored} file${restored === 1 ? '' : 's'}; ${refused} not restored.\n`);
    return refused === 0 ? 0 : 1;
  } catch (error) {
    if (!(error instanceof UndoError) && !(error instanceof JournalBusyError)) throw error;
    process.stderr.write(`shingle undo: ${error.message}\n`);
    return 1;
  } finally {
    journal.close();
  }
}
