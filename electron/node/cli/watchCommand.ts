// `shingle watch`: scan like `shingle scan`, then print how the duplicate groups change as files
// are saved, renamed and deleted, one line per change, until Ctrl-C.
import { formatBytes, formatCount, formatPercent, plural } from '../../../shared/format.ts';
import type { Cluster } from '../../../shared/report.ts';
import { RootGoneError, watchFolders } from '../watch/watchFolders.ts';
import type { ClusterChange, WatchSummary } from '../watch/watchFolders.ts';
import { dismissalsOf } from './dismissalsOption.ts';
import { prepareScanCommand } from './commandSetup.ts';
import { CommandFailure, ExitCode, printHelp } from './harness.ts';
import type { CommandContext } from './harness.ts';
import { createProgressLine } from './progressLine.ts';
import { terminalPath } from './terminalText.ts';

export const watchUsage = `Usage: shingle watch <dir>... [options]

Scans the folders like \`shingle scan\`, then follows them: each time files are saved, renamed
or deleted, prints how the duplicate groups changed, within seconds, until Ctrl-C.

Options:
  --json               one JSON object per line: {"event":"cluster-added"|"cluster-changed"|
                       "cluster-removed","cluster":{…}} (changed ones also carry "previousId"),
                       and "ready", "progress", "warning" and "file-error" events
  and every option of \`shingle scan\` (see shingle scan --help)

Exit status: 130 stopped with Ctrl-C; 1 a folder was deleted, renamed or unmounted while
watched, or the engine failed; 2 bad usage.`;

const SHOWN_PATHS = 3;

function describeCluster(cluster: Cluster): string {
  const n = cluster.files.length;
  const what =
    cluster.kind === 'exact'
      ? `${plural(n, 'identical file')}`
      : cluster.kind === 'near'
        ? `${plural(n, 'near-duplicate')}, similarity ≥ ${formatPercent(cluster.similarity)}`
        : `${formatCount(n - 1)} contained in the first`;
  const paths = cluster.files.slice(0, SHOWN_PATHS).map((f) => terminalPath(f.path));
  if (n > SHOWN_PATHS) paths.push(`and ${formatCount(n - SHOWN_PATHS)} more`);
  return `${what}, ${formatBytes(cluster.reclaimable)} reclaimable: ${paths.join(', ')}`;
}

function humanChange(change: ClusterChange): string {
  if (change.event === 'cluster-added') return `+ new group · ${describeCluster(change.cluster)}`;
  if (change.event === 'cluster-changed') return `~ group changed · ${describeCluster(change.cluster)}`;
  return `- group gone · ${describeCluster(change.cluster)}`;
}

function humanReady(summary: WatchSummary, groups: number): string {
  const errors = summary.errors.length === 0 ? '' : `, ${formatCount(summary.errors.length)} not read or compared`;
  return `Watching ${plural(summary.roots.length, 'folder')}: ${plural(summary.stats.files, 'file')}, ${plural(groups, 'group')}${errors}. Ctrl-C stops.`;
}

export async function watchCommand(argv: string[], context: CommandContext): Promise<number> {
  const prepared = await prepareScanCommand(argv, context.cwd, 'watch');
  if (prepared === 'help') return printHelp(watchUsage);
  const { command, cache: opened } = prepared;
  const { json } = command;
  const progress = !json && process.stderr.isTTY ? createProgressLine(process.stderr) : undefined;
  const print = (line: string) => {
    progress?.clear();
    process.stdout.write(`${line}\n`);
  };
  const warn = (text: string) => {
    progress?.clear();
    context.warn(text);
  };
  let groups = 0;
  // Read once, at the start: what the app dismisses while this runs applies from the next watch.
  const dismissals = dismissalsOf(command);
  try {
    await watchFolders(command.options, {
      cache: opened.cache,
      ...(dismissals ? { dismissals } : {}),
      signal: context.signal,
      ownFiles: command.indexPath === null ? [] : [command.indexPath],
      onChange(change) {
        groups += change.event === 'cluster-added' ? 1 : change.event === 'cluster-removed' ? -1 : 0;
        print(json ? JSON.stringify(change) : humanChange(change));
      },
      onReady: (summary) => print(json ? JSON.stringify({ event: 'ready', ...summary }) : humanReady(summary, groups)),
      onProgress: (p) => (json ? print(JSON.stringify({ event: 'progress', ...p })) : progress?.update(p)),
      onWarning: (message) => (json ? print(JSON.stringify({ event: 'warning', message })) : warn(message)),
      onFileError: (error) => (json ? print(JSON.stringify({ event: 'file-error', error })) : warn(`${terminalPath(error.path)}: ${error.message}`)),
    });
  } catch (error) {
    if (error instanceof RootGoneError) throw new CommandFailure(error.message, { cause: error });
    throw error;
  } finally {
    progress?.clear();
    opened.close();
  }
  // A watch only ends when Ctrl-C stops it.
  context.warn('stopped');
  return ExitCode.cancelled;
}
