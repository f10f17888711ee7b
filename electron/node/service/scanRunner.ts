// Runs one scan at a time in the background and keeps the last finished report, in memory for
// the list view and as lastScan.json in the app's data folder, so the app reopens on its results.
// Between scans the report follows the disk (folderWatch.ts): each change to its clusters is
// applied, saved and told as a clusterChange event, as long as the folders it was scanned from
// are still the ones chosen.
import { randomUUID } from 'node:crypto';
import { join, sep } from 'node:path';
import { scanSettingsSchema } from '../../../shared/contract/schemas.ts';
import type { ScanSettings } from '../../../shared/contract/schemas.ts';
import type { EventPayload } from '../../../shared/contract/engineContract.ts';
import { REPORT_VERSION } from '../../../shared/report.ts';
import type { Cluster, ScanReport } from '../../../shared/report.ts';
import type { ScanOptions } from '../../../shared/scanOptions.ts';
import { runScan } from '../scan/scanService.ts';
import type { ClusterChange } from '../watch/watchFolders.ts';
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
}

export interface ScanRunnerOptions {
  dataDir: string;
  events: EngineEvents;
  /** The settings now: the report follows the disk only while its folders are the ones chosen. */
  settings(): ScanSettings;
  /** A cluster the disk changed now has a new id; called before the change is told. */
  onReplaced(previousId: string, cluster: Cluster): void;
}

export interface ScanRunner {
  /** Starts a scan in the background; its end is told by a scanState event. */
  start(settings: ScanSettings): { scanId: string };
  /** Stops the running scan, if any; resolves once its worker threads have ended. */
  cancel(): Promise<void>;
  state(): ScanState;
  /** The clusters of the last finished scan as they are on disk now (none before the first scan). */
  clusters(): ClusterIndex;
  /** Follows the report on disk if the chosen folders are its own, else stops; for when the folders change. */
  follow(): Promise<void>;
  /** Makes a saved report the current results (not followed on disk: it has no settings). */
  open(report: ScanReport): Promise<{ clusters: number }>;
  dispose(): Promise<void>;
}

/** Enough to see what went wrong without the list growing for as long as the app stays open. */
const KEPT_WARNINGS = 20;

export async function openScanRunner({ dataDir, events, settings, onReplaced }: ScanRunnerOptions): Promise<ScanRunner> {
  const lastScanPath = join(dataDir, 'lastScan.json');
  const file = createJsonFile<LastScan>(lastScanPath);
  let last = restore(await file.read());
  const clusters = createClusterStore(last?.report.clusters ?? []);
  const index = openScanIndex(dataDir);
  let state: ScanState = last ? finishedState(last) : { running: false, errors: 0 };
  let running: { controller: AbortController; done: Promise<void> } | undefined;
  let watch: FolderWatch | undefined;
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

  function applyChanges(changes: ClusterChange[]): void {
    if (!last) return;
    for (const change of changes) {
      clusters.apply(change);
      if (change.event === 'cluster-changed' && change.previousId !== change.cluster.id) onReplaced(change.previousId, change.cluster);
    }
    last = { ...last, report: { ...last.report, clusters: clusters.all() } };
    void save(last);
    // Told once all are applied, so a listener that queries the clusters sees them all.
    for (const change of changes) events.emit('clusterChange', change);
  }

  function warn(message: string): void {
    setState({ ...state, warnings: [...(state.warnings ?? []), message].slice(-KEPT_WARNINGS) });
  }

  /** Stops watching, then watches again when nothing keeps the report from following the disk. */
  function follow(): Promise<void> {
    watching = watching.then(async () => {
      await watch?.stop();
      watch = undefined;
      // A scan shares the index with the watcher, and replaces the report anyway.
      if (disposed || running || !last?.settings || !sameFolders(last.settings, settings())) return;
      watch = startFolderWatch(scanOptions(last.settings), {
        cache: index.cache,
        ownFiles: [...index.files, lastScanPath],
        shown: clusters.all,
        onChanges: applyChanges,
        onWarning: warn,
      });
    });
    return watching;
  }

  async function run(scanId: string, scanSettings: ScanSettings, signal: AbortSignal): Promise<void> {
    let ended: ScanState;
    try {
      // Stops the watch (a scan is running now): the scan and the watcher share the index.
      await follow();
      signal.throwIfAborted();
      const report = await runScan(scanOptions(scanSettings), { signal, cache: index.cache, onProgress: (progress) => events.emit('scanProgress', progress) });
      last = { scanId, finishedAt: Date.now(), report, settings: scanSettings };
      clusters.replaceAll(report.clusters);
      await save(last);
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

  void follow();
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
    clusters: () => clusters.index(),
    follow,
    async open(report) {
      if (running) throw new Error('A scan is running; open the report once it has finished');
      last = { scanId: `opened-${randomUUID()}`, finishedAt: Date.now(), report };
      clusters.replaceAll(report.clusters);
      await save(last);
      setState(finishedState(last));
      // Without settings the report is not followed: whatever was watched stops.
      await follow();
      return { clusters: report.clusters.length };
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
  const within = (folder: string, root: string) => folder === root || folder.startsWith(root.endsWith(sep) ? root : root + sep);
  const extra = referenceRoots.filter((folder) => !settings.roots.some((root) => within(folder, root)));
  return { ...options, roots: [...settings.roots, ...extra] };
}

function sameFolders(a: ScanSettings, b: ScanSettings): boolean {
  const key = (settings: ScanSettings) => JSON.stringify([settings.roots.toSorted(), settings.referenceRoots.toSorted()]);
  return key(a) === key(b);
}

function finishedState({ scanId, finishedAt, report }: LastScan): ScanState {
  const { files, bytes, ms } = report.stats;
  return { running: false, scanId, finishedAt, stats: { files, bytes, ms }, errors: report.errors.length };
}

/** The saved last scan, if there is one this version can read; settings it cannot read are left out. */
function restore(stored: unknown): LastScan | undefined {
  const last = stored as Partial<LastScan> | undefined;
  const report = last?.report;
  if (typeof last?.scanId !== 'string' || typeof last.finishedAt !== 'number') return undefined;
  if (report?.version !== REPORT_VERSION || !Array.isArray(report.clusters) || !Array.isArray(report.errors)) return undefined;
  const settings = scanSettingsSchema.safeParse(last.settings);
  return { scanId: last.scanId, finishedAt: last.finishedAt, report, ...(settings.success ? { settings: settings.data } : {}) };
}
