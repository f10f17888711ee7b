// Runs one scan at a time in the background and keeps the last finished report, in memory for
// the list view and as lastScan.json in the app's data folder, so the app reopens on its results.
// Between scans the report follows the disk (folderWatch.ts): each change to its clusters is
// applied, saved and told as one clusterChanges event, as long as the folders it was scanned from
// are still the ones chosen. The engine's own clean-ups change it at once (actionResults.ts), and
// the watcher's later view of the same files is made to agree with them (watchedChanges.ts).
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { isWithin } from '../../../shared/paths/isWithin.ts';
import { withoutDismissed } from '../../../shared/dismissals.ts';
import type { Dismissal } from '../../../shared/dismissals.ts';
import { clusterSchema, scanSettingsSchema } from '../../../shared/contract/schemas.ts';
import type { ScanSettings } from '../../../shared/contract/schemas.ts';
import type { EventPayload } from '../../../shared/contract/engineContract.ts';
import { ShingleErrorCode } from '../../../shared/contract/vocabulary.ts';
import { REPORT_VERSION } from '../../../shared/report.ts';
import type { Cluster, FolderMatch, ScanError, ScanReport } from '../../../shared/report.ts';
import type { ScanOptions } from '../../../shared/scanOptions.ts';
import { chooseOcrLanguages } from '../extract/ocrLanguageChoice.ts';
import { runScan } from '../scan/scanService.ts';
import type { ClusterChange } from '../watch/watchFolders.ts';
import { createChangeHold } from '../watch/changeQueue.ts';
import { createActionResults } from './actionResults.ts';
import type { BatchTraces } from './actionResults.ts';
import { createWatchedChanges } from './watchedChanges.ts';
import type { ClusterIndex } from './clusterIndex.ts';
import { createClusterStore } from './clusterStore.ts';
import type { EngineEvents } from './engineEvents.ts';
import { startFolderWatch } from './folderWatch.ts';
import type { FolderWatch } from './folderWatch.ts';
import { createJsonFile } from './jsonFile.ts';
import { openScanIndex } from './scanIndex.ts';

export type ScanState = EventPayload<'scanState'>;

interface LastScan {
  scanId: string;
  finishedAt: number;
  report: ScanReport;
  /** What the report was scanned with, and so what following it on disk uses; older files lack it. */
  settings?: ScanSettings;
  /** What each recent clean-up took from the clusters, for its undo to put back. */
  traces?: BatchTraces;
}

export interface ScanRunnerOptions {
  dataDir: string;
  events: EngineEvents;
  /** The settings now: the report follows the disk only while its folders are the ones chosen. */
  settings(): ScanSettings;
  /** Each change to the clusters (the disk's or a clean-up's), before it is told. */
  onChange(change: ClusterChange): void;
  /** New results replaced the old ones (a scan finished, a report was opened); awaited before it is told, it must not reject. */
  onReplaced(clusters: readonly Cluster[]): Promise<void>;
  /** Dismissed as not duplicates: left out of every scan and of the watcher's analyses. */
  dismissals(): readonly Dismissal[];
}

export interface ScanRunner {
  /** Starts a scan in the background; its end is told by a scanState event. */
  start(settings: ScanSettings): { scanId: string };
  /** Stops the running scan, if any; resolves once its worker threads have ended. */
  cancel(): Promise<void>;
  state(): ScanState;
  /** The files the last finished scan could not read or passed over. */
  errors(): ScanError[];
  /** The clusters of the last finished scan as they are on disk now (none before the first scan). */
  clusters(): ClusterIndex;
  /** The last finished scan's duplicate folders, as found by that scan (not followed on disk). */
  folders(): FolderMatch[];
  /** Follows the report on disk if the chosen folders are its own, else stops; for when the folders change. */
  follow(): Promise<void>;
  /**
   * The engine's own clean-up or undo starts: the watcher's batches wait until the returned
   * release, then what it saw meanwhile is analysed once (its own changes are already applied).
   */
  holdWatch(): () => void;
  /** A clean-up is about to remove these files: the watcher's report of them going is told as its doing. */
  filesGoing(paths: readonly string[]): void;
  /** A clean-up removed these files: they leave their clusters now, told as one clusterChanges event. */
  filesGone(batchId: number, paths: readonly string[]): void;
  /** Undo put these files of a batch back: their clusters are restored as they were. */
  filesBack(batchId: number, paths: readonly string[]): void;
  /** Makes a saved report the current results (not followed on disk: it has no settings). */
  open(report: ScanReport): Promise<{ clusters: number }>;
  /** A dismissal was made: what it hides leaves the results now, told as one clusterChanges event. */
  hide(dismissal: Dismissal): void;
  /** `before` with its figures measured (exactFigures.ts) replaces it, if the results still hold it as it was. */
  measured(before: Cluster, after: Cluster): void;
  /** A dismissal was forgotten: the disk is looked at afresh, and what it hid comes back as changes. */
  reread(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * At start the watch waits until the first results have been asked for (the page's listClusters)
 * and this long more, or FOLLOW_AT_START_LATEST_MS when nobody asks: its own scan (a walk, the
 * index read, an analysis) started at once shared the CPU with the engine's first answers and
 * delayed the first paint. Nothing is missed meanwhile: that scan compares the disk with the
 * results shown (folderWatch.ts).
 */
const FOLLOW_AFTER_FIRST_ASK_MS = 500;
const FOLLOW_AT_START_LATEST_MS = 5000;

const batchTracesSchema = z.record(z.string(), z.object({ before: z.array(clusterSchema), gone: z.array(z.string()) })) satisfies z.ZodType<BatchTraces>;

/** Enough to see what went wrong without the list growing for as long as the app stays open. */
const KEPT_WARNINGS = 20;

export async function openScanRunner({ dataDir, events, settings, onChange, onReplaced, dismissals }: ScanRunnerOptions): Promise<ScanRunner> {
  const lastScanPath = join(dataDir, 'lastScan.json');
  const file = createJsonFile<LastScan>(lastScanPath);
  let last = restore(await file.read());
  // The last results' scans are read again (their text, a figure, the check before an action) in the languages they were read in.
  chooseOcrLanguages(last?.report.ocrLanguages);
  const clusters = createClusterStore(last?.report.clusters ?? []);
  const actions = createActionResults(clusters, last?.traces);
  const watched = createWatchedChanges(clusters);
  // One for every watch: a watch restarted during a batch is held as well.
  const hold = createChangeHold();
  const index = openScanIndex(dataDir);
  let state: ScanState = last ? finishedState(last) : { running: false, errors: 0 };
  let running: { controller: AbortController; done: Promise<void> } | undefined;
  /** The watch and the report it follows. */
  let watch: (FolderWatch & { scanId?: string }) | undefined;
  // Starts and stops of the watch, one after the other.
  let watching = Promise.resolve();
  let disposed = false;
  // Once only: the index cannot be closed twice.
  let disposing: Promise<void> | undefined;

  function setState(next: ScanState): void {
    state = next;
    events.emit('scanState', next);
  }

  function save(next: LastScan): Promise<void> {
    // The results are shown whether or not they could be saved; a failed save only costs
    // them at the next start.
    return file.save(next).catch((error: unknown) => console.error('shingle: could not save the scan results:', error));
  }

  /** Applies the changes as `judge` has them (none when it says undefined), each judged after the ones before it are applied. */
  function applyChanges(changes: ClusterChange[], judge: (change: ClusterChange) => ClusterChange | undefined = (change) => change): void {
    if (!last || changes.length === 0) return;
    const applied: ClusterChange[] = [];
    for (const found of changes) {
      const change = judge(found);
      if (!change) continue;
      clusters.apply(change);
      onChange(change);
      applied.push(change);
    }
    if (applied.length === 0) return;
    last = { ...last, report: { ...last.report, clusters: clusters.all() }, traces: actions.traces() };
    void save(last);
    // Told once all are applied, in one event, so a listener that queries the clusters sees them all.
    events.emit('clusterChanges', { changes: applied });
  }

  /** The changes of the engine's own clean-up or undo, told as such. */
  function applyOwnChanges(changes: ClusterChange[], paths: readonly string[], present: boolean): void {
    watched.expect(paths, present);
    applyChanges(changes.map((change) => ({ ...change, byAction: true })));
  }

  function warn(message: string): void {
    setState({ ...state, warnings: [...(state.warnings ?? []), message].slice(-KEPT_WARNINGS) });
  }

  /** Stops watching, then watches again when nothing keeps the report from following the disk. */
  function follow(): Promise<void> {
    watching = watching.then(async () => {
      // A scan shares the index with the watcher, and replaces the report anyway.
      const wanted = !disposed && !running && last?.settings !== undefined && sameRoots(last.settings, settings());
      // Already following this report (only the reference folders changed): a restart would walk again for nothing.
      if (wanted && watch?.scanId === last?.scanId) return;
      await watch?.stop();
      watch = undefined;
      if (!wanted || !last?.settings) return;
      watch = startFolderWatch(scanOptions(last.settings), {
        cache: index.cache,
        ownFiles: [...index.files, lastScanPath],
        shown: clusters.all,
        // A change the watcher saw of the engine's own clean-up or undo is told as the engine's.
        onChanges: (changes) => applyChanges(changes, watched.judge),
        onWarning: warn,
        dismissals,
        hold,
      });
      watch.scanId = last.scanId;
    });
    return watching;
  }

  async function run(scanId: string, scanSettings: ScanSettings, signal: AbortSignal): Promise<void> {
    let ended: ScanState;
    try {
      // Stops the watch (a scan is running now): the scan and the watcher share the index.
      await follow();
      signal.throwIfAborted();
      const report = await runScan(scanOptions(scanSettings), { signal, cache: index.cache, dismissals, onProgress: (progress) => events.emit('scanProgress', progress) });
      last = { scanId, finishedAt: Date.now(), report, settings: scanSettings, traces: actions.traces() };
      clusters.replaceAll(report.clusters);
      await Promise.all([save(last), onReplaced(report.clusters)]);
      ended = finishedState(last);
    } catch (error) {
      const stopped = { running: false, scanId, finishedAt: Date.now(), errors: 0 };
      ended = signal.aborted ? { ...stopped, cancelled: true } : { ...stopped, failure: error instanceof Error ? error.message : String(error) };
    }
    // Cleared before telling, so a listener may start the next scan at once.
    running = undefined;
    setState(ended);
    // The new results, or after a cancelled or failed scan the ones still shown.
    void follow();
  }

  async function dispose(): Promise<void> {
    disposed = true;
    clearTimeout(followAtStart);
    running?.controller.abort(new Error('The engine is shutting down'));
    await running?.done;
    await follow();
    await file.flush();
    try {
      index.close();
    } catch (error) {
      console.error('shingle: could not save the index:', error);
    }
  }

  let followAtStart: NodeJS.Timeout | undefined = setTimeout(startFollowing, FOLLOW_AT_START_LATEST_MS);
  function startFollowing(): void {
    clearTimeout(followAtStart);
    followAtStart = undefined;
    void follow();
  }
  function asked(): void {
    if (!followAtStart) return;
    clearTimeout(followAtStart);
    followAtStart = setTimeout(startFollowing, FOLLOW_AFTER_FIRST_ASK_MS);
  }
  /** The first ask moves the watch's start closer; later asks do not push it back. */
  let askedOnce = false;

  return {
    start(scanSettings) {
      if (running) throw new Error('A scan is already running');
      if (scanSettings.roots.length === 0) throw new Error('Choose a folder to scan first');
      const scanId = randomUUID();
      const controller = new AbortController();
      setState({ running: true, scanId, errors: 0 });
      running = { controller, done: run(scanId, scanSettings, controller.signal) };
      return { scanId };
    },
    async cancel() {
      if (!running) return;
      const { controller, done } = running;
      controller.abort(new Error('The scan was cancelled'));
      await done;
    },
    state: () => state,
    errors: () => last?.report.errors ?? [],
    clusters() {
      if (!askedOnce) {
        askedOnce = true;
        asked();
      }
      return clusters.index();
    },
    folders: () => last?.report.folders ?? [],
    follow,
    holdWatch: () => hold.hold(),
    filesGoing: (paths) => watched.expect(paths, false),
    filesGone(batchId, paths) {
      const { changes, warnings } = actions.gone(batchId, paths);
      applyOwnChanges(changes, paths, false);
      warnings.forEach(warn);
    },
    filesBack: (batchId, paths) => applyOwnChanges(actions.back(batchId, paths), paths, true),
    async open(report) {
      if (running) throw new Error('A scan is running; open the report once it has finished');
      last = { scanId: `opened-${randomUUID()}`, finishedAt: Date.now(), report };
      clusters.replaceAll(report.clusters);
      await Promise.all([save(last), onReplaced(report.clusters)]);
      setState(finishedState(last));
      // Without settings the report is not followed: whatever was watched stops.
      await follow();
      return { clusters: report.clusters.length };
    },
    hide(dismissal) {
      const before = clusters.all();
      const after = new Map(withoutDismissed(before, [dismissal]).map((cluster) => [cluster.id, cluster]));
      applyChanges(
        before.flatMap((cluster): ClusterChange[] => {
          const kept = after.get(cluster.id);
          if (!kept) return [{ event: 'cluster-removed', cluster }];
          return kept === cluster ? [] : [{ event: 'cluster-changed', cluster: kept, previousId: cluster.id }];
        }),
      );
    },
    measured(before, after) {
      if (before === after || clusters.get(before.id) !== before) return;
      applyChanges([{ event: 'cluster-changed', cluster: after, previousId: before.id }]);
    },
    reread() {
      // The watcher's fresh look (its own scan, read from the index) is compared with what is shown.
      if (watch) watch.scanId = undefined;
      return follow();
    },
    dispose: () => (disposing ??= dispose()),
  };
}

/**
 * The folders to walk: the roots, and the reference folders outside them, so that copies in a
 * reference folder (a backup, an archive) are found even when it is not under a scanned folder.
 */
export function scanOptions(settings: ScanSettings): ScanOptions {
  const { referenceRoots, ...options } = settings;
  const extra = referenceRoots.filter((folder) => !settings.roots.some((root) => isWithin(folder, root, process.platform)));
  return { ...options, roots: [...settings.roots, ...extra] };
}

/**
 * Removing a scanned folder stops following (the person no longer wants it looked at); the
 * reference folders only say which files are never acted on, so changing them does not.
 */
function sameRoots(a: ScanSettings, b: ScanSettings): boolean {
  const key = (settings: ScanSettings) => JSON.stringify(settings.roots.toSorted());
  return key(a) === key(b);
}

function finishedState({ scanId, finishedAt, report }: LastScan): ScanState {
  const { files, bytes, ms } = report.stats;
  const scansNotRead = report.errors.filter((error) => error.code === ShingleErrorCode.scanNotRead).length;
  return { running: false, scanId, finishedAt, stats: { files, bytes, ms }, errors: report.errors.length, ...(scansNotRead ? { scansNotRead } : {}) };
}

/** The saved last scan, if there is one this version can read; settings it cannot read are left out. */
function restore(stored: unknown): LastScan | undefined {
  const last = stored as Partial<LastScan> | undefined;
  const report = last?.report;
  if (typeof last?.scanId !== 'string' || typeof last.finishedAt !== 'number') return undefined;
  if (report?.version !== REPORT_VERSION || !Array.isArray(report.clusters) || !Array.isArray(report.errors)) return undefined;
  const settings = scanSettingsSchema.safeParse(last.settings);
  const traces = batchTracesSchema.safeParse(last.traces);

  return { scanId: last.scanId, finishedAt: last.finishedAt, report, ...(settings.success ? { settings: settings.data } : {}), ...(traces.success ? { traces: traces.data } : {}) };
}
