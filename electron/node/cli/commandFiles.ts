// The files apply, undo and export are given, opened in one place each: the report (read and
// checked by readReport.ts; a file that is not a report Shingle reads is the user's mistake, so a
// usage error, exit 2) and the journal of batches (one that cannot be opened fails in one line).
import { displayPath } from '../../../shared/fsName.ts';
import type { ScanReport } from '../../../shared/report.ts';
import { ActionJournal } from '../actions/actionJournal.ts';
import { JournalWriteError } from '../actions/journalWriteError.ts';
import { readReport, ReportError } from '../actions/readReport.ts';
import { CommandFailure, UsageError } from './harness.ts';

export async function readReportArgument(path: string): Promise<ScanReport> {
  try {
    return await readReport(path);
  } catch (error) {
    if (error instanceof ReportError) throw new UsageError(error.message, { cause: error });
    throw error;
  }
}

export function openJournal(path: string): ActionJournal {
  try {
    return new ActionJournal(path);
  } catch (error) {
    // A JournalWriteError names the journal and the cause (a full or read-only disk) itself.
    const message = error instanceof JournalWriteError ? error.message : `cannot open the journal ${displayPath(path)}: ${(error as Error).message.split('\n')[0]}`;
    throw new CommandFailure(message, { cause: error });
  }
}
