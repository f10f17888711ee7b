// Where change notices come from: chokidar on local roots; rescans on a timer for roots on a
// network file system, and for every root once the system refuses more watches (ENOSPC: the
// inotify limit, EMFILE/ENFILE: descriptors). The fallback is a rescan rather than chokidar's
// `usePolling`, which stats each file on its own timer: a walk every few seconds costs one pass
// and no state per file, and leaves out exactly what the scan leaves out.
import { watch } from 'chokidar';
import type { ChokidarOptions } from 'chokidar';
import { displayPath } from '../../../shared/fsName.ts';
import { FOLDER_EVENTS_NAME_ENTRIES, watchFolderTree } from './folderWatcher.ts';
import { networkFileSystemOf } from './networkFileSystem.ts';
import type { IgnoreTest } from './watchIgnore.ts';

/** What the watch uses of chokidar's FSWatcher; tests pass a fake through `createWatcher`. */
export interface FolderWatcher {
  on(event: 'all', listener: (event: string, path: string) => void): unknown;
  on(event: 'ready', listener: () => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  close(): Promise<void>;
}

export type CreateWatcher = (paths: string[], options: ChokidarOptions) => FolderWatcher;

export interface DiskWatchSink {
  /** `settleMs`: how long events that may complete this one can take to come. */
  changed(path: string, settleMs: number): void;
  /** Roots joined `polled`: their changes now come from rescans. */
  pollingStarted(): void;
  warning(message: string): void;
}

export interface DiskWatch {
  /** Roots whose changes are found by rescanning them. */
  readonly polled: readonly string[];
  /** Settles once the watches are set, or given up for rescans. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

const WATCH_LIMIT_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EMFILE', 'ENFILE']);

// A save is announced once its size has held still this long: a fraction of the 2 s goal, and
// longer than the pauses of an application writing a file in pieces.
const STABILITY_THRESHOLD_MS = 250;
const WRITE_POLL_INTERVAL_MS = 50;
// A rename is announced as the old path's removal at once and the new path's addition once it
// has held still: waited for, a rename is one change of its clusters instead of two.
const REMOVAL_SETTLE_MS = STABILITY_THRESHOLD_MS + 3 * WRITE_POLL_INTERVAL_MS;

/**
 * How long to wait for the events that may complete one. chokidar's 'change' and 'add' come once
 * a write has finished (awaitWriteFinish); the folder watcher's 'write' (a write, maybe not the
 * last) and 'rename' (an entry added, removed or renamed, it cannot tell which) wait here instead.
 */
const SETTLE_MS: Readonly<Record<string, number>> = { unlink: REMOVAL_SETTLE_MS, unlinkDir: REMOVAL_SETTLE_MS, rename: REMOVAL_SETTLE_MS, write: STABILITY_THRESHOLD_MS };

/** Folders where the system names changed entries (watchFolderTree), else chokidar's per-file watches. */
const defaultWatcher: CreateWatcher = FOLDER_EVENTS_NAME_ENTRIES
  ? (paths, options) => watchFolderTree(paths, { ignored: options.ignored as IgnoreTest, followSymlinks: options.followSymlinks ?? false })
  : watch;

export function watchDisk(roots: readonly string[], settings: { followSymlinks: boolean; isIgnored: IgnoreTest }, sink: DiskWatchSink, createWatcher: CreateWatcher = defaultWatcher): DiskWatch {
  const polled: string[] = [];
  const local: string[] = [];
  for (const root of roots) {
    const network = networkFileSystemOf(root);
    if (network === undefined) {
      local.push(root);
    } else {
      polled.push(root);
      sink.warning(`${displayPath(root)} is on a network file system (${network}), which does not announce changes made from other machines: it is rescanned every few seconds instead.`);
    }
  }
  if (local.length === 0) return { polled, ready: Promise.resolve(), close: async () => {} };

  const watcher = createWatcher(local, {
    ignoreInitial: true,
    ignored: settings.isIgnored,
    followSymlinks: settings.followSymlinks,
    // Unreadable folders are the walk's errors to report, not the watcher's.
    ignorePermissionErrors: true,
    awaitWriteFinish: { stabilityThreshold: STABILITY_THRESHOLD_MS, pollInterval: WRITE_POLL_INTERVAL_MS },
    // An editor's save by write-and-rename is one change, not a removal and an addition.
    atomic: true,
  });
  const { promise: ready, resolve: setReady } = Promise.withResolvers<void>();
  let closed: Promise<void> | undefined;

  function fallBackToRescans(code: string): void {
    if (closed !== undefined) return;
    // Half-set watches would miss changes in the folders left without one: drop them all.
    closed = watcher.close();
    polled.push(...local);
    const hint = code === 'ENOSPC' ? ' (raising fs.inotify.max_user_watches lets it watch this many files)' : '';
    sink.warning(`The system refused more file watches (${code})${hint}: the folders are rescanned every few seconds instead.`);
    sink.pollingStarted();
    setReady();
  }

  watcher.on('all', (event, path) => {
    if (closed === undefined) sink.changed(path, SETTLE_MS[event] ?? 0);
  });
  watcher.on('ready', setReady);
  watcher.on('error', (error) => {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code !== undefined && WATCH_LIMIT_CODES.has(code)) fallBackToRescans(code);
    else sink.warning(`Watching: ${error instanceof Error ? error.message : String(error)}`);
  });
  return { polled, ready, close: () => (closed ??= watcher.close()) };
}
