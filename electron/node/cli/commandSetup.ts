// What the long-running commands share: Ctrl-C handling, and scan/watch's arguments, roots and cache.
import { FileIndexError } from '../index/fileIndex.ts';
import { openCache } from './cacheOption.ts';
import { checkRoots, parseScanArgs, UsageError } from './scanArgs.ts';
import type { ScanCommand } from './scanArgs.ts';

/** The first Ctrl-C aborts `signal` so the command can stop its workers; a second exits at once (130). */
export function cancelOnCtrlC(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSigint = () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort(new Error('cancelled'));
  };
  process.on('SIGINT', onSigint);
  return { signal: controller.signal, dispose: () => process.off('SIGINT', onSigint) };
}

export interface PreparedScanCommand {
  command: ScanCommand;
  cache: ReturnType<typeof openCache>;
}

/**
 * Parses `shingle scan` or `shingle watch` arguments, checks the roots and opens the cache. Returns
 * the exit code instead when there is nothing more to do: 0 after --help, 2 on bad usage, 1 when
 * the index cannot be used (each with its message printed).
 */
export async function prepareScanCommand(argv: string[], name: 'scan' | 'watch', usage: string): Promise<PreparedScanCommand | number> {
  let command: ScanCommand;
  try {
    command = parseScanArgs(argv, process.cwd(), name);
    if (command.help) {
      process.stdout.write(`${usage}\n`);
      return 0;
    }
    await checkRoots(command.options.roots);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`shingle ${name}: ${error.message}\n`);
    return 2;
  }
  try {
    return { command, cache: openCache(command.indexPath) };
  } catch (error) {
    if (!(error instanceof FileIndexError)) throw error;
    process.stderr.write(`shingle ${name}: ${error.message}\n`);
    return 1;
  }
}
