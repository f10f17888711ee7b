// The journal could not record a step: nothing may be acted on unrecorded, so the batch stops
// there. The message names the cause (a full disk, a read-only one, an I/O error) in one line:
// SQLite's own words for it hid it ("disk I/O error" for a full disk; a rollback after SQLite had
// already rolled back said "cannot rollback - no transaction is active" instead).
import { dirname } from 'node:path';
import { displayPath } from '../../../shared/fsName.ts';
import { storageCause } from '../index/storageFailure.ts';

export class JournalWriteError extends Error {}

/** `error`, met writing the journal at `journalPath`, as a JournalWriteError naming its cause. */
export function journalWriteError(journalPath: string, error: unknown): JournalWriteError {
  if (error instanceof JournalWriteError) return error;
  const cause = storageCause(error, dirname(journalPath)) ?? (error as Error).message.split('\n')[0];
  return new JournalWriteError(`the journal ${displayPath(journalPath)} cannot be written: ${cause}`, { cause: error });
}
