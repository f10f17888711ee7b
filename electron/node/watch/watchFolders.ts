// Live watching: one scan, then clusters that follow the disk within seconds. Each batch of
// changes re-reads only the paths it names (fileList.ts), brings the groups kept since the last
// batch up to date with those files alone (incrementalAnalysis.ts), and reports how the clusters
// differ from those last reported (clusterChanges.ts).
//
// The initial scan runs while chokidar sets its watches, which takes longer than the walk on a
// big tree. A file changed in a folder the walk had passed and chokidar had not reached yet is
// seen by neither, so once every watch is set the roots are walked once more and compared.
import { stat } from 'node:fs/promises';
import { displayPath } from '../../../shared/fsName.ts';
import type { ScanError, ScanReport } from '../../../shared/report.ts';
import type { ScanOptions, ScanProgress } from '../../../shared/scanOptions.ts';
import { resolveScanRoots } from '../index/scanRoots.ts';
import type { ContentCache } from '../scan/contentCache.ts';
import { runScanWith } from '../scan/scanService.ts';
import { createScanPools } from '../scan/scanPools.ts';
import type { ScanHooks } from '../scan/scanService.ts';
import type { WalkedFile } from '../scan/types.ts';
import { scanTree } from '../scan/walk.ts';
import { createChangeQueue } from './changeQueue.ts';
import type { ChangeHold } from './changeQueue.ts';
import { diffClusters, trackCluster } from './clusterChanges.ts';
import type { ClusterChange } from './clusterChanges.ts';
import { watchDisk } from './diskWatcher.ts';
import type { CreateWatcher } from './diskWatcher.ts';
import { createFileList } from './fileList.ts';
import type { FileList } from './fileList.ts';
import { createIncrementalAnalysis } from './incrementalAnalysis.ts';
import { createIgnoreTest, createOwnFileTest } from './watchIgnore.ts';

export type { ClusterChange } from './clusterChanges.ts';
export type { CreateWatcher, FolderWatcher } from './diskWatcher.ts';

/** The initial scan's report without its clusters, which came as `cluster-added` changes. */
export type WatchSummary = Omit<ScanReport, 'clusters'>;

export interface WatchHooks {
  /** What is known of file contents; the watch reads it for every analysis and keeps it current. */
  cache: ContentCache;
  /** Ends the watch: watchFolders then stops its watcher and threads and resolves. */
  signal: AbortSignal;
  /** Dismissed as not duplicates: left out of every analysis, as in a scan. */
  dismissals?: ScanHooks['dismissals'];
  onChange(change: ClusterChange): void;
  /** The initial scan is done, its clusters were all added, every watch is set: changes from now on are reported. */
  onReady?(summary: WatchSummary): void;
  onProgress?(progress: ScanProgress): void;
  /** Something the user should know, such as a fallback to rescans; each message is given once. */
  onWarning?(message: string): void;
  /**
   * A path the watch cannot read now (a folder made unreadable, a file the analysis could not
   * read) and could before the latest change; once readable again, it is reported anew if it fails again.
   */
  onFileError?(error: ScanError): void;
  /** Files the host writes while watching (the index): never watched, never listed. */
  ownFiles?: readonly string[];
  /** Makes the native watcher; chokidar.watch unless a test says otherwise. */
  createWatcher?: CreateWatcher;
  /** Holds the batches of changes while the engine's own clean-up runs; they are analysed after it. */
  hold?: ChangeHold;
  /** A batch of changed paths is taken to be re-read and analysed: a seam for tests to count analyses. */
  onBatch?(paths: ReadonlySet<string>): void;
}

/** Roots without native watching are rescanned this often, or less when a rescan is slow. */
export const RESCAN_INTERVAL_MS = 2000;
/** At most about 1/RESCAN_COST_FACTOR of the time goes to rescanning. */
const RESCAN_COST_FACTOR = 5;
// Only a batch that takes a while reports progress: a line per save would be noise, and a host
// writing its output into a watched folder would wake the watch again with every line.
const BATCH_PROGRESS_AFTER_MS = 1000;

/** How often the roots are checked to still be the folders the watch started on. */
export const ROOT_CHECK_INTERVAL_MS = 1000;

/** A root was deleted, renamed or unmounted: what the watch follows is gone, so it stops. */
export class RootGoneError extends Error {
  readonly root: string;

  constructor(root: string) {
    super(`${displayPath(root)}: the folder is gone (deleted, renamed or unmounted); the watch stopped`);
    this.name = 'RootGoneError';
    this.root = root;
  }
}

async function folderId(path: string): Promise<string | undefined> {
  const info = await stat(path, { bigint: true }).catch(() => undefined);
  return info?.isDirectory() ? `${info.dev}:${info.ino}` : undefined;
}

/**
 * Checks every ROOT_CHECK_INTERVAL_MS that each root is still the folder it was; aborts `stop`
 * with RootGoneError when one is not. Its timer also keeps the process alive while the watch
 * waits: with a root deleted, chokidar holds nothing open, and Node would exit mid-await.
 */
async function watchRoots(roots: readonly string[], stop: AbortController): Promise<() => void> {
  const ids = await Promise.all(roots.map(folderId));
  const check = async () => {
    for (const [i, root] of roots.entries()) {
      if (stop.signal.aborted) return;
      if (ids[i] === undefined || (await folderId(root)) !== ids[i]) stop.abort(new RootGoneError(root));
    }
  };
  let running = Promise.resolve();
  const timer = setInterval(() => (running = running.then(check)), ROOT_CHECK_INTERVAL_MS);
  void check();
  return () => clearInterval(timer);
}

function errorKey(error: ScanError): string {
  return `${error.code}\0${error.path}`;
}

/** Follows the roots until `hooks.signal` aborts; rejects only if the scan itself fails. */
export async function watchFolders(options: ScanOptions, hooks: WatchHooks): Promise<void> {
  const { cache, dismissals } = hooks;
  if (hooks.signal.aborted) return;
  // Ends the watch from inside (a root gone) as the caller's signal does from outside.
  const stop = new AbortController();
  const signal = AbortSignal.any([hooks.signal, stop.signal]);
  const warned = new Set<string>();
  const warn = (message: string) => {
    if (warned.has(message)) return;
    warned.add(message);
    hooks.onWarning?.(message);
  };
  const roots = resolveScanRoots(options.roots);
  const ignoredByScan = createIgnoreTest(roots, options);
  const isOwnFile = createOwnFileTest(hooks.ownFiles ?? []);
  const isIgnored = (path: string) => isOwnFile(path) || ignoredByScan(path);
  const queue = createChangeQueue(signal, hooks.hold);
  // Started first so the workers boot while the disk is listed.
  const pools = createScanPools(options);
  const disk = watchDisk(roots, { followSymlinks: options.followSymlinks, isIgnored }, { changed: queue.add, pollingStarted: () => queue.rescanIn(RESCAN_INTERVAL_MS), warning: warn }, hooks.createWatcher);
  const aborted = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  const stopWatchingRoots = await watchRoots(roots, stop);
  try {
    const listedSinceMs = Date.now();
    const { report, walked } = await runScanWith(options, pools, { cache, signal, onProgress: hooks.onProgress, takeKeptAnalysis: false, ...(dismissals ? { dismissals } : {}) });
    const notOwn = (entry: { path: string }) => !isOwnFile(entry.path);
    const list = createFileList(hooks.ownFiles?.length ? walked.files.filter(notOwn) : walked.files, options, isIgnored, walked.errors.filter(notOwn), listedSinceMs, walked.links);
    const { clusters, ...summary } = report;
    let tracked = clusters.map((cluster) => trackCluster(cluster, (path) => list.files.get(path)?.fileId));
    for (const cluster of clusters) hooks.onChange({ event: 'cluster-added', cluster });
    let errors = new Set(report.errors.map(errorKey));
    let analysisErrors: ScanError[] = [];
    /** Reports what cannot be read now, listed or analysed, and could before. */
    const reportErrors = () => {
      const now = [...list.errors(), ...analysisErrors];
      for (const error of now) if (!errors.has(errorKey(error))) hooks.onFileError?.(error);
      errors = new Set(now.map(errorKey));
    };
    const analysis = createIncrementalAnalysis(list, options, pools, { cache, ...(dismissals ? { dismissals } : {}) });

    // A cluster the analysis hands back unchanged is the same object: tracked once, not per batch.
    let trackedOf = new WeakMap(tracked.map((entry) => [entry.cluster, entry]));
    const publish = async () => {
      const after = await analysis.analyze(signal, batchProgress(list));
      const now = after.clusters.map((cluster) => trackedOf.get(cluster) ?? trackCluster(cluster, (path) => list.files.get(path)?.fileId));
      trackedOf = new WeakMap(now.map((entry) => [entry.cluster, entry]));
      for (const change of diffClusters(tracked, now)) hooks.onChange(change);
      tracked = now;
      analysisErrors = after.errors;
      reportErrors();
    };
    // The kept groups start from every listed file (the cache answers for all of them); a file
    // changed since the scan shows as a change.
    await publish();

    await Promise.race([disk.ready, aborted]);
    signal.throwIfAborted();
    const watched = roots.filter((root) => !disk.polled.includes(root));
    if (watched.length > 0 && (await rescan(watched, list))) await publish();
    // Only now is every change followed, and a save costs only its own files.
    hooks.onReady?.(summary);
    if (disk.polled.length > 0) queue.rescanIn(RESCAN_INTERVAL_MS);

    for (let batch = await queue.next(); batch !== undefined; batch = await queue.next()) {
      hooks.onBatch?.(batch.paths);
      let changed = batch.paths.size > 0 && (await list.update(batch.paths, signal));
      if (batch.rescan) {
        const started = performance.now();
        changed = (await rescan(disk.polled, list)) || changed;
        queue.rescanIn(Math.max(RESCAN_INTERVAL_MS, RESCAN_COST_FACTOR * (performance.now() - started)));
      }
      // A folder made unreadable may have held no file: its error is news all the same.
      if (changed) await publish();
      else reportErrors();
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  } finally {
    stopWatchingRoots();
    await disk.close();
    await pools.destroy();
  }
  if (stop.signal.aborted && !hooks.signal.aborted) throw stop.signal.reason;

  /** Walks `which` afresh and puts what it finds in the list; true when that changed it. */
  async function rescan(which: readonly string[], list: FileList): Promise<boolean> {
    const walked: WalkedFile[] = [];
    const errors: ScanError[] = [];
    const file = (found: WalkedFile) => {
      if (!isOwnFile(found.path)) walked.push(found);
    };
    // The list keeps the errors; those it did not have are reported after the batch.
    const since = Date.now();
    await scanTree([...which], { ...options, signal }, { file, error: (error) => errors.push(error), special: () => {} });
    return list.replaceUnder(which, walked, errors, since);
  }

  /** Progress of an analysis that takes a while, with the list's figures: the analysis does not walk. */
  function batchProgress(list: FileList): ((progress: ScanProgress) => void) | undefined {
    const { onProgress } = hooks;
    if (onProgress === undefined) return undefined;
    const started = performance.now();
    let seen: { filesSeen: number; bytesSeen: number } | undefined;
    return (progress) => {
      if (performance.now() - started < BATCH_PROGRESS_AFTER_MS) return;
      if (seen === undefined) {
        let bytesSeen = 0;
        for (const file of list.files.values()) bytesSeen += file.size;
        seen = { filesSeen: list.files.size, bytesSeen };
      }
      onProgress({ ...progress, ...seen });
    };
  }
}
