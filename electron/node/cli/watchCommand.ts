// `shingle watch`: scan like `shingle scan`, then print how the duplicate groups change as files
// are saved, renamed and deleted, one line per change, until Ctrl-C.
import { displayPath } from '../../../shared/fsName.ts';
import { formatBytes, formatCount } from '../../../shared/format.ts';
import type { Cluster } from '../../../shared/report.ts';
import { watchFolders } from '../watch/watchFolders.ts';
import type { ClusterChange, WatchSummary } from '../watch/watchFolders.ts';
import { createProgressLine } from './progressLine.ts';
import { FileIndexError } from '../index/fileIndex.ts';
import { cancelOnCtrlC, prepareScanCommand } from './commandSetup.ts';

export const watchUsage = `Usage: shingle watch <dir>... [options]

Scans the folders like \`shingle scan\`, then follows them: each time files are saved, renamed
or deleted, prints how the duplicate groups changed, within seconds, until Ctrl-C.

Options:
  --json               one JSON object per line: {"event":"cluster-added"|"cluster-changed"|
                       "cluster-removed","cluster":{…}} (changed ones also carry "previousId"),
                       and "ready", "progress", "warning" and "file-error" events
  and every option of \`shingle scan\` (see shingle scan --help)`;

const SHOWN_PATHS = 3;

function describeCluster(cluster: Cluster): string {
  const n = cluster.files.length;
  const what =
    cluster.kind === 'exact'
      ? `${n} identical files`
      : cluster.kind === 'near'
        ? `${n} near-duplicates, similarity ≥ ${Math.round(cluster.similarity * 100)}%`
        : `${n - 1} contained in the first`;
  const paths = cluster.files.slice(0, SHOWN_PATHS).map((f) => displayPath(f.path));
  if (n > SHOWN_PATHS) paths.push(`and ${formatCount(n - SHOWN_PATHS)} more`);
  return `${what}, ${formatBytes(cluster.reclaimable)} reclaimable: ${paths.join(', ')}`;
}

function humanChange(change: ClusterChange): string {
  if (change.event === 'cluster-added') return `+ new group · ${describeCluster(change.cluster)}`;
  if (change.event === 'cluster-changed') return `~ group changed · ${describeCluster(change.cluster)}`;
  return `- group gone · ${describeCluster(change.cluster)}`;
}

function humanReady(summary: WatchSummary, groups: number): string {
  const folders = summary.roots.length === 1 ? '1 folder' : `${formatCount(summary.roots.length)} folders`;
  const errors = summary.errors.length === 0 ? '' : `, ${formatCount(summary.errors.length)} unreadable`;
  const files = summary.stats.files;
  return `Watching ${folders}: ${formatCount(files)} ${files === 1 ? 'file' : 'files'}, ${formatCount(groups)} ${groups === 1 ? 'group' : 'groups'}${errors}. Ctrl-C stops.`;
}

export async function runWatchCommand(argv: string[]): Promise<number> {
  const prepared = await prepareScanCommand(argv, 'watch', watchUsage);
  if (typeof prepared === 'number') return prepared;
  const { command, cache: opened } = prepared;
  const ctrlC = cancelOnCtrlC();
  const { json } = command;
  const progress = !json && process.stderr.isTTY ? createProgressLine(process.stderr) : undefined;
  const print = (line: string, stream: NodeJS.WriteStream = process.stdout) => {
    progress?.clear();
    stream.write(`${line}\n`);
  };
  let groups = 0;
  let failure: unknown;
  try {
    await watchFolders(command.options, {
      cache: opened.cache,
      signal: ctrlC.signal,
      ownFiles: command.indexPath === null ? [] : [command.indexPath],
      onChange(change) {
        groups += change.event === 'cluster-added' ? 1 : change.event === 'cluster-removed' ? -1 : 0;
        print(json ? JSON.stringify(change) : humanChange(change));
      },
      onReady: (summary) => print(json ? JSON.stringify({ event: 'ready', ...summary }) : humanReady(summary, groups)),
      onProgress: (p) => (json ? print(JSON.stringify({ event: 'progress', ...p })) : progress?.update(p)),
      onWarning: (message) => (json ? print(JSON.stringify({ event: 'warning', message })) : print(`shingle watch: ${message}`, process.stderr)),
      onFileError: (error) => (json ? print(JSON.stringify({ event: 'file-error', error })) : print(`shingle watch: ${displayPath(error.path)}: ${error.message}`, process.stderr)),
    });
  } catch (error) {
    failure = error;
  }
  try {
    opened.close();
  } catch (error) {
    failure ??= error;
  }
  ctrlC.dispose();
  progress?.clear();
  if (failure !== undefined) {
    const message = failure instanceof FileIndexError ? failure.message : failure instanceof Error ? (failure.stack ?? failure.message) : String(failure);
    process.stderr.write(`shingle: watch failed: ${message}\n`);
    return 1;
  }
  // A watch only ends when Ctrl-C stops it.
  process.stderr.write('shingle: watch stopped\n');
  return 130;
}
