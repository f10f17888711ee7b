// `shingle scan`: parse, check the roots, run the scan service, print, pick the exit code.
import { runScan } from '../scan/scanService.ts';
import { formatErrors, formatHumanReport } from './humanReport.ts';
import { createProgressLine } from './progressLine.ts';
import { FileIndexError } from '../index/fileIndex.ts';
import { openCache } from './cacheOption.ts';
import { checkRoots, parseScanArgs, scanUsage, UsageError } from './scanArgs.ts';
import type { ScanCommand } from './scanArgs.ts';

export async function runScanCommand(argv: string[]): Promise<number> {
  let command: ScanCommand;
  try {
    command = parseScanArgs(argv, process.cwd());
    if (command.help) {
      process.stdout.write(`${scanUsage}\n`);
      return 0;
    }
    await checkRoots(command.options.roots);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`shingle scan: ${error.message}\n`);
    return 2;
  }

  let opened: ReturnType<typeof openCache>;
  try {
    opened = openCache(command.indexPath);
  } catch (error) {
    if (!(error instanceof FileIndexError)) throw error;
    process.stderr.write(`shingle scan: ${error.message}\n`);
    return 1;
  }

  const controller = new AbortController();
  const onSigint = () => {
    // A second Ctrl-C means: stop now, even if the workers have not wound down.
    if (controller.signal.aborted) process.exit(130);
    controller.abort(new Error('cancelled'));
  };
  process.on('SIGINT', onSigint);
  const progress = process.stderr.isTTY ? createProgressLine(process.stderr) : undefined;
  try {
    const report = await runScan(command.options, { signal: controller.signal, onProgress: progress?.update, cache: opened.cache });
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
    if (controller.signal.aborted) {
      process.stderr.write('shingle: scan cancelled\n');
      return 130;
    }
    process.stderr.write(`shingle: scan failed: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  } finally {
    process.off('SIGINT', onSigint);
    // Writes what the index buffered: what this scan learnt, even if it was cancelled.
    opened.close();
  }
}
