// `shingle scan`: parse, check the roots, open the index, run the scan service, print.
import { runScan } from '../scan/scanService.ts';
import { printHelp } from './harness.ts';
import type { CommandContext } from './harness.ts';
import { formatFolderSummary } from './folderSummaryText.ts';
import { formatErrors, formatHumanReport } from './humanReport.ts';
import { createProgressLine } from './progressLine.ts';
import { prepareScanCommand } from './commandSetup.ts';
import { dismissalsOf } from './dismissalsOption.ts';
import { scanUsage } from './scanArgs.ts';

export async function scanCommand(argv: string[], context: CommandContext): Promise<number> {
  const prepared = await prepareScanCommand(argv, context.cwd, 'scan');
  if (prepared === 'help') return printHelp(scanUsage);
  const { command, cache: opened } = prepared;
  const progress = process.stderr.isTTY ? createProgressLine(process.stderr) : undefined;
  try {
    // Without an index a scan needs no cache, and without one hashing can start during the walk.
    const cache = command.indexPath === null ? undefined : opened.cache;
    const dismissals = dismissalsOf(command);
    const report = await runScan(command.options, { signal: context.signal, onProgress: progress?.update, cache, ...(dismissals ? { dismissals } : {}) });
    progress?.clear();
    if (command.json) {
      process.stdout.write(`${JSON.stringify(report)}\n`);
    } else {
      if (command.summary) process.stdout.write(formatFolderSummary(report));
      process.stdout.write(formatHumanReport(report));
      process.stderr.write(formatErrors(report));
    }
    return 0;
  } finally {
    progress?.clear();
    // Writes what the index buffered: what this scan learnt, even if it was cancelled.
    opened.close();
  }
}
