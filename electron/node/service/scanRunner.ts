// Runs one scan at a time in the background and keeps the last finished report, in memory for
// the list view and as lastScan.json in the app's data folder, so the app reopens on its results.
import { randomUUID } from 'node:crypto';
import { join, sep } from 'node:path';
import type { ScanSettings } from '../../../shared/contract/schemas.ts';
import type { EventPayload } from '../../../shared/contract/engineContract.ts';
import { REPORT_VERSION } from '../../../shared/report.ts';
import type { ScanReport } from '../../../shared/report.ts';
import type { ScanOptions } from '../../../shared/scanOptions.ts';
import { runScan } from '../scan/scanService.ts';
import { createClusterIndex } from './clusterIndex.ts';
import type { ClusterIndex } from './clusterIndex.ts';
import type { EngineEvents } from './engineEvents.ts';
import { createJsonFile } from './jsonFile.ts';

export type ScanState = EventPayload<'scanState'>;

interface LastScan {
  scanId: string;
  finishedAt: number;
  report: ScanReport;
}

export interface ScanRunner {
  /** Starts a scan in the background; its end is told by a scanState event. */
  start(settings: ScanSettings): { scanId: string };
  /** Stops the running scan, if any; resolves once its worker threads have ended. */
  cancel(): Promise<void>;
  state(): ScanState;
  /** The clusters of the last finished scan (none before the first). */
  clusters(): ClusterIndex;
  dispose(): Promise<void>;
}

export async function openScanRunner(dataDir: string, events: EngineEvents): Promise<ScanRunner> {
  const file = createJsonFile<LastScan>(join(dataDir, 'lastScan.json'));
  const stored = restore(await file.read());
  let clusters = createClusterIndex(stored?.report.clusters ?? []);
  let state: ScanState = stored ? finishedState(stored) : { running: false, errors: 0 };
  let running: { controller: AbortController; done: Promise<void> } | undefined;

  function setState(next: ScanState): void {
    state = next;
    events.emit('scanState', next);
  }

  async function run(scanId: string, options: ScanOptions, signal: AbortSignal): Promise<void> {
    let ended: ScanState;
    try {
      const report = await runScan(options, { signal, onProgress: (progress) => events.emit('scanProgress', progress) });
      const last: LastScan = { scanId, finishedAt: Date.now(), report };
      clusters = createClusterIndex(report.clusters);
      // The results are shown whether or not they could be saved; a failed save only costs
      // them at the next start.
      await file.save(last).catch((error: unknown) => console.error('shingle: could not save the scan results:', error));
      ended = finishedState(last);
    } catch (error) {
      const stopped = { running: false, scanId, finishedAt: Date.now(), errors: 0 };
      ended = signal.aborted ? { ...stopped, cancelled: true } : { ...stopped, failure: error instanceof Error ? error.message : String(error) };
    }
    // Cleared before telling, so a listener may start the next scan at once.
    running = undefined;
    setState(ended);
  }

  return {
    start(settings) {
      if (running) throw new Error('A scan is already running');
      if (settings.roots.length === 0) throw new Error('Choose a folder to scan first');
      const scanId = randomUUID();
      const controller = new AbortController();
      setState({ running: true, scanId, errors: 0 });
      running = { controller, done: run(scanId, scanOptions(settings), controller.signal) };
      return { scanId };
    },
    async cancel() {
      if (!running) return;
      const { controller, done } = running;
      controller.abort(new Error('The scan was cancelled'));
      await done;
    },
    state: () => state,
    clusters: () => clusters,
    async dispose() {
      running?.controller.abort(new Error('The engine is shutting down'));
      await running?.done;
      await file.flush();
    },
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

function finishedState({ scanId, finishedAt, report }: LastScan): ScanState {
  const { files, bytes, ms } = report.stats;
  return { running: false, scanId, finishedAt, stats: { files, bytes, ms }, errors: report.errors.length };
}

/** The saved last scan, if there is one this version can read. */
function restore(stored: unknown): LastScan | undefined {
  const last = stored as Partial<LastScan> | undefined;
  const report = last?.report;
  if (typeof last?.scanId !== 'string' || typeof last.finishedAt !== 'number') return undefined;
  if (report?.version !== REPORT_VERSION || !Array.isArray(report.clusters) || !Array.isArray(report.errors)) return undefined;
  return last as LastScan;
}
