// `shingle scan`: parse, check the roots, run the scan service, print, pick the exit code.
import { runScan } from '../scan/scanService.ts';
import { formatErrors, formatHumanReport } from './humanReport.ts';
import { createProgressLine } from './progressLine.ts';
import { cancelOnCtrlC, prepareScanCommand } from './commandSetup.ts';
import { scanUsage } from './scanArgs.ts';

export async function runScanCommand(argv: string[]): Promise<number> {
  const prepared = await prepareScanCommand(argv, 'scan', scanUsage);
  if (typeof prepared === 'number') return prepared;
  const { command, cache: opened } = prepared;
  const ctrlC = cancelOnCtrlC();
  const progress = process.stderr.isTTY ? createProgressLine(process.stderr) : undefined;
  try {
    // Without an index a scan needs no cache, and without one hashing can start during the walk.
    const cache = command.indexPath === null ? undefined : opened.cache;
    const report = await runScan(command.options, { signal: ctrlC.signal, onProgress: progress?.update, cache });
    progress?.clear();
    if (command.json) {
      process.stdout.write(`${JSON.stringify(report)}\n`);
    } else {
      process.stdout.write(formatHumanReport(report));
      process.stderr.write(formatErrors(report));
    }
    return 0;
  } catch (error) {
    progress?.clear();
    if (ctrlC.signal.aborted) {
      process.stderr.write('shingle: scan cancelled\n');
      return 130;
    }
    process.stderr.write(`shingle: scan failed: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  } finally {
    ctrlC.dispose();
    // Writes what the index buffered: what this scan learnt, even if it was cancelled.
    opened.close();
  }
}
