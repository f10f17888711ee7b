// `shingle undo [BATCH]`: undoes a batch of `shingle apply` (the last one by default).
// Exit codes: 0 all restored, 1 something could not be (listed, with the reason: a trashed file
// whose copy in the trash is gone is "not restored", never "restored" or "nothing to do"), or no
// such batch, or another batch holds the journal; 2 bad usage.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { displayPath } from '../../../shared/fsName.ts';
import { formatCount, plural } from '../../../shared/format.ts';
import { defaultJournalPath } from '../actions/actionJournal.ts';
import { JournalBusyError } from '../actions/journalLock.ts';
import { UndoError, undoBatch } from '../actions/undoBatch.ts';
import { openJournal } from './commandFiles.ts';
import { CommandFailure, parseCommandArgs, printHelp, UsageError } from './harness.ts';
import type { CommandContext } from './harness.ts';
import { terminalPath, terminalText } from './terminalText.ts';

export const undoUsage = `Usage: shingle undo [BATCH] [--journal PATH]

Puts back the files of a batch of \`shingle apply\` (by default the last one that acted on a
file): trashed and moved files return to their paths, hard-linked paths get their own copy
again. Nothing new at an original path is overwritten. Permanently deleted files cannot be
restored.

Options:
  --journal PATH   the journal of batches (default ${displayPath(defaultJournalPath())})
  -h, --help       show this help`;

export async function undoCommand(argv: string[], context: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { journal: { type: 'string' } });
  if (values.help) return printHelp(undoUsage);
  const batchText = positionals[0];
  if (positionals.length > 1 || (batchText !== undefined && !/^[1-9]\d*$/.test(batchText))) throw new UsageError('give at most one batch number');
  const journalPath = values.journal ? resolve(context.cwd, values.journal) : defaultJournalPath();
  // Not made just to say it is empty (a mistyped --journal would leave a journal behind).
  const found = await stat(journalPath).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : error));
  if (found === undefined) throw new CommandFailure(`no journal at ${displayPath(journalPath)}: no clean-up was recorded there`);
  if (found instanceof Error) throw new CommandFailure(`cannot read the journal ${displayPath(journalPath)}: ${found.message}`);
  const journal = openJournal(journalPath);
  try {
    // Undo does not stop half-way on Ctrl-C: each step it takes is recorded, and a second Ctrl-C exits at once.
    const result = await undoBatch(journal, batchText === undefined ? journal.lastActingBatchId() : Number(batchText));
    for (const o of result.outcomes) {
      // Restored, with what could not be put back as it was (an owner only an administrator may give).
      if (o.state === 'restored') {
        if (o.reason) process.stderr.write(`warning ${terminalPath(o.path)}: ${terminalText(o.reason)}\n`);
        continue;
      }
      process.stderr.write(`${o.state === 'refused' ? 'not restored' : 'nothing to do for'} ${terminalPath(o.path)}: ${terminalText(o.reason ?? '')}\n`);
    }
    const restored = result.outcomes.filter((o) => o.state === 'restored').length;
    const refused = result.outcomes.filter((o) => o.state === 'refused').length;
    const nothing = result.outcomes.length - restored - refused;
    process.stdout.write(`Batch ${result.batchId}: restored ${plural(restored, 'file')}${nothing > 0 ? `, nothing to do for ${formatCount(nothing)}` : ''}; ${formatCount(refused)} not restored.\n`);
    return refused === 0 ? 0 : 1;
  } catch (error) {
    if (error instanceof UndoError || error instanceof JournalBusyError) throw new CommandFailure(error.message, { cause: error });
    throw error;
  } finally {
    journal.close();
  }
}
