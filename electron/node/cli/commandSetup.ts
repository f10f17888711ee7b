// What scan and watch share: their arguments, roots and cache, prepared before any work starts.
import { openCache } from './cacheOption.ts';
import { checkRoots, parseScanArgs } from './scanArgs.ts';
import type { ScanCommand } from './scanArgs.ts';

export interface PreparedScanCommand {
  command: ScanCommand;
  cache: ReturnType<typeof openCache>;
}

/**
 * Parses `shingle scan` or `shingle watch` arguments, checks the roots and opens the cache, or
 * returns 'help'. Bad usage throws UsageError; an index that cannot be used, CommandFailure
 * (exit 1) with the index's own message — before any scanning, so no work is thrown away.
 */
export async function prepareScanCommand(argv: string[], cwd: string, name: 'scan' | 'watch'): Promise<PreparedScanCommand | 'help'> {
  const command = parseScanArgs(argv, cwd, name);
  if (command.help) return 'help';
  await checkRoots(command.options.roots);
  return { command, cache: openCache(command.indexPath) };
}
