// The engine behind the contract: one object with a function per command, used by the desktop
// app's IPC handlers and by tests. What only a host can do (a native folder picker, the file
// manager) comes in as HostCapabilities; the UI never hands the engine a path to act on.
import { stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { clusterFolders } from '../../../shared/clusterFolders.ts';
import { folderSummary } from '../../../shared/folders/folderSummary.ts';
import { plural } from '../../../shared/format.ts';
import { displayPath } from '../../../shared/fsName.ts';
import type { EngineApi, EventPayload } from '../../../shared/contract/engineContract.ts';
import type { Dismissal } from '../../../shared/dismissals.ts';
import type { Cluster } from '../../../shared/report.ts';
import { folderFilesNow } from '../actions/folderFilesNow.ts';
import { readReport } from '../actions/readReport.ts';
import { chooseOcrLanguages } from '../extract/ocrLanguageChoice.ts';
import { toFsPath } from '../scan/fsPath.ts';
import { followActions } from './actionFollow.ts';
import { openBulkActions } from './bulkActions.ts';
import type { PermanentDeleteSummary } from './bulkActions.ts';
import { createDocumentTexts } from './documentText.ts';
import { followOcrLanguages } from './scanTextLanguages.ts';
import { hasEstimates, measureClusters } from './exactFigures.ts';
import { openDismissedStore } from './dismissedStore.ts';
import { createEngineEvents } from './engineEvents.ts';
import { createMarkCommands } from './markCommands.ts';
import { reportPathsWithin } from '../actions/folderIdentity.ts';
import { openMarksStore } from './marksStore.ts';
import type { MarksStore } from './marksStore.ts';
import type { ClusterChange } from '../watch/watchFolders.ts';
import { checkOpenable } from './openPolicy.ts';
import { pathMatcher, searchMode, SearchError } from './pathSearch.ts';
import { openScanRunner } from './scanRunner.ts';
import { openSettingsStore } from './settingsStore.ts';
import type { FolderPurpose } from './settingsStore.ts';

export interface HostCapabilities {
  /** Shows the host's folder picker; resolves with the absolute folders chosen (none if cancelled). */
  pickFolders(purpose: 'roots' | 'referenceRoots'): Promise<string[]>;
  /** Shows the host's file picker for a saved report; resolves with its absolute path, or null if cancelled. */
  pickReport(): Promise<string | null>;
  /** Shows the host's folder picker for a move's destination; resolves with the absolute folder, or null if cancelled. */
  pickMoveTarget(): Promise<string | null>;
  /** The paths behind drop tokens the host issued for real drops; unknown tokens give nothing. */
  redeemDropTokens(tokens: readonly string[]): Promise<string[]>;
  /** Asks the person, outside the page (a native dialog), whether to delete these files for good; without it, deletion is refused. */
  confirmPermanentDelete(summary: PermanentDeleteSummary): Promise<boolean>;
  revealFile(path: string): Promise<void>;
  openFile(path: string): Promise<void>;
}

/** A report of a few hundred thousand clusters fits well below this; a larger file is not one to hold in memory. */
export const REPORT_MAX_BYTES = 250_000_000;

export type EngineService = EngineApi & { dispose(): Promise<void> };

export interface EngineServiceOptions {
  /** Where settings, marks, the last results, the index and the journal of clean-ups are kept. */
  dataDir: string;
  host: HostCapabilities;
}

export function createEngineService({ dataDir, host }: EngineServiceOptions): EngineService {
  const events = createEngineEvents();
  const texts = followOcrLanguages(createDocumentTexts());
  // Registered before any host listens: the results change before a host hears of a step.
  let onActionProgress: ((progress: EventPayload<'actionProgress'>) => void) | undefined;
  /** Whether the host's report picker is open or its file being read (see openReport). */
  let openingReport = false;
  /** "Remove from results": hidden from these results like a dismissal, never stored; a new scan or report forgets them. */
  let removed: Dismissal[] = [];
  /** The folder a move goes to: only ever one the host's picker produced. */
  let moveTarget: string | undefined;
  events.on('actionProgress', (progress) => onActionProgress?.(progress));
  // The stores read their files once; every command waits for that, so the factory stays synchronous.
  const stores = Promise.all([openSettingsStore(dataDir), openMarksStore(dataDir)]).then(async ([settings, marks]) => {
    const dismissed = openDismissedStore(dataDir);
    const scans = await openScanRunner({
      dataDir,
      events,
      settings: settings.get,
      // The watcher's analyses leave out what was removed from these results too.
      dismissals: () => [...dismissed.current(), ...removed],
      onChange: (change) => void marksFollow(marks, change).catch(marksNotSaved),
      // Marks stay across a rescan that finds the same clusters; those of clusters gone go too.
      onReplaced: (clusters) => marks.retain(clusters).catch(marksNotSaved),
    });
    const actions = openBulkActions({
      dataDir,
      events,
      clusters: () => scans.clusters().all(),
      scannedFolders: () => [...settings.get().roots, ...settings.get().referenceRoots],
      referenceRoots: () => settings.get().referenceRoots,
      marks: marks.get,
      folderMatches: scans.folders,
      moveTarget: () => moveTarget,
      // Asked at the time of the deletion: a host without the dialog refuses it.
      confirmPermanentDelete: (summary: PermanentDeleteSummary) => host.confirmPermanentDelete(summary),
      onStart: (paths) => scans.filesGoing(paths),
      hold: scans.holdWatch,
    });
    onActionProgress = followActions(actions, scans);
    const bulkMarks = createMarkCommands({ clusters: scans.clusters, marks, folders: settings.get });
    return { settings, marks, scans, actions, dismissed, bulkMarks };
  });
  // A failure to read the stores is reported by every command; this keeps it from also being an
  // unhandled rejection before the first one.
  stores.catch(() => undefined);

  /** The results follow the disk only for the folders they were scanned from: other folders stop that. */
  async function addFolders(purpose: FolderPurpose, paths: readonly string[]): Promise<string[]> {
    const { settings, scans } = await stores;
    const added = await settings.addFolders(purpose, paths);
    if (added.length > 0) await scans.follow();
    return added;
  }

  /**
   * The file a UI reference names, refused when it is not the file the UI shows there (`path`):
   * the UI's list may be older than the results (a rescan, a change on disk, an event on its way).
   */
  async function fileOf(ref: { clusterId: string; fileIndex: number; path?: string }) {
    const { scans } = await stores;
    const found = scans.clusters().file(ref.clusterId, ref.fileIndex);
    if (ref.path !== undefined && found.file.path !== ref.path) throw changedSinceShown(`${displayPath(ref.path)} is no longer its file ${ref.fileIndex + 1}`);
    return found;
  }

  /**
   * The clusters with their estimated figures measured on the texts (exactFigures.ts), the results
   * updated (told as clusterChanges events) where they still hold them as they were.
   */
  async function measuredFigures(clusters: readonly Cluster[]): Promise<Cluster[]> {
    const { scans, settings } = await stores;
    const measured = await measureClusters(clusters.filter(hasEstimates), settings.get().unit);
    const byId = new Map(measured.map((cluster) => [cluster.id, cluster]));
    clusters.forEach((cluster) => {
      const after = byId.get(cluster.id);
      if (after) scans.measured(cluster, after);
    });
    return clusters.map((cluster) => byId.get(cluster.id) ?? cluster);
  }

  /**
   * The paths of a whole cluster the UI shows: the files it holds now must be the ones the person
   * saw (an exact cluster keeps its id when a copy joins it), or hiding it would hide one unseen.
   */
  async function shownMembers(ref: { clusterId: string; paths: readonly string[] }): Promise<string[]> {
    const cluster = (await stores).scans.clusters().get(ref.clusterId);
    if (!cluster) throw new Error(`No cluster ${ref.clusterId} in the current results; scan again to refresh them`);
    const paths = cluster.files.map((file) => file.path);
    if (!sameMembers(paths, ref.paths)) throw changedSinceShown(`it holds ${plural(paths.length, 'file')} now, not the ones shown`);
    return paths;
  }

  return {
    on: events.on,
    async chooseFolders({ purpose }) {
      const chosen = await host.pickFolders(purpose);
      return { added: await addFolders(purpose, chosen) };
    },
    async addDroppedFolders({ purpose, tokens }) {
      // The host knows which paths were really dropped; the page only holds their tokens. Even
      // those must be existing folders.
      const paths = await host.redeemDropTokens(tokens);
      const folders: string[] = [];
      const skipped: string[] = [];
      for (const path of paths) (await isFolder(path) ? folders : skipped).push(path);
      return { added: await addFolders(purpose, folders), skipped };
    },
    getSettings: async () => (await stores).settings.get(),
    updateSettings: async (patch) => (await stores).settings.update(patch),
    async removeFolder({ purpose, path }) {
      const { settings, scans } = await stores;
      const updated = await settings.removeFolder(purpose, path);
      await scans.follow();
      return updated;
    },
    async startScan() {
      const { settings, scans } = await stores;
      const started = scans.start(settings.get());
      removed = [];
      return started;
    },
    async cancelScan() {
      await (await stores).scans.cancel();
      return {};
    },
    getScanState: async () => (await stores).scans.state(),
    async listScanErrors({ offset, limit }) {
      const errors = (await stores).scans.errors();
      return { total: errors.length, errors: errors.slice(offset, offset + limit) };
    },
    listClusters: async (query) => (await stores).scans.clusters().list(query),
    listFolderMatches: async () => (await stores).scans.folders(),
    async getFolderFiles({ folderId }) {
      const { scans } = await stores;
      const match = scans.folders().find((m) => m.id === folderId);
      if (!match) throw new Error('This folder pair is not in the last scan; scan again to refresh it');
      return folderFilesNow(match, scans.clusters().all());
    },
    previewFolderCleanup: async (request) => (await stores).actions.previewFolder(request),
    async listClusterFolders() {
      const { scans, settings } = await stores;
      const { roots, referenceRoots } = settings.get();
      const all = scans.clusters().all();
      return { folders: clusterFolders(all, [...roots, ...referenceRoots]) };
    },
    async getFolderSummary() {
      const { scans, settings } = await stores;
      const { roots, referenceRoots } = settings.get();
      const all = scans.clusters().all();
      // A reference folder under any of its names (folderIdentity.ts).
      const alwaysStays = await reportPathsWithin(referenceRoots, all.flatMap((cluster) => cluster.files.map((file) => file.path)));
      return folderSummary(all, [...roots, ...referenceRoots], { alwaysStays });
    },
    async openReport() {
      // One picker at a time: a double click would otherwise queue a second dialog.
      if (openingReport) throw new Error('A report is already being opened');
      openingReport = true;
      try {
        // Said before the picker, not after the person has picked and the file has been read.
        if ((await stores).scans.state().running) throw new Error('A scan is running; open the report once it has finished');
        // Only a file the person chose in the host's picker is read, and only if it is a report.
        const path = await host.pickReport();
        if (path === null) return { clusters: null };
        if (typeof path !== 'string' || !isAbsolute(path)) throw new Error('The file picker gave no absolute path');
        const report = await readReport(path, { maxBytes: REPORT_MAX_BYTES });
        // Its scans are read again (their text, a figure, the check before an action) in its languages.
        chooseOcrLanguages(report.ocrLanguages);
        const opened = await (await stores).scans.open(report);
        removed = [];
        return opened;
      } finally {
        openingReport = false;
      }
    },
    async getCluster({ clusterId }) {
      const cluster = (await stores).scans.clusters().get(clusterId);
      return cluster ? ((await measuredFigures([cluster]))[0] ?? null) : null;
    },
    async getDocumentText(ref) {
      const { cluster, file } = await fileOf(ref);
      return texts.text(cluster, file);
    },
    async revealFile(ref) {
      const { file } = await fileOf(ref);
      await host.revealFile(file.path);
      return {};
    },
    async openFile(ref) {
      const { file } = await fileOf(ref);
      checkOpenable(file.path);
      await host.openFile(file.path);
      return {};
    },
    async setMark({ mark, ...ref }) {
      const { cluster, file } = await fileOf(ref);
      const { marks } = await stores;
      const marked = marks.get()[ref.clusterId] ?? {};
      if (mark === 'delete' && cluster.kind === 'contained' && ref.fileIndex === 0) {
        throw new Error('This document contains the others of its cluster: it always stays');
      }
      if (mark === 'delete' && cluster.files.every((other) => other.path === file.path || marked[other.path] === 'delete')) {
        throw new Error('Every other file of this cluster is marked Delete: mark one to keep first');
      }
      await marks.set(ref.clusterId, file.path, mark);
      return {};
    },
    getMarks: async () => (await stores).marks.get(),
    async dismiss(ref) {
      const { scans, dismissed } = await stores;
      let dismissal: Dismissal;
      if ('paths' in ref) dismissal = { paths: await shownMembers(ref) };
      else {
        const { cluster, file } = await fileOf(ref);
        dismissal = { paths: cluster.files.map((member) => member.path), file: file.path };
      }
      const id = dismissed.dismiss(dismissal);
      scans.hide(dismissal);
      return { id };
    },
    async restore({ id }) {
      const { scans, dismissed } = await stores;
      dismissed.restore(id);
      await scans.reread();
      return {};
    },
    listDismissed: async () => (await stores).dismissed.list(),
    async checkSearch({ search }) {
      const mode = searchMode(search);
      try {
        pathMatcher(search);
        return { mode };
      } catch (error) {
        if (error instanceof SearchError) return { mode, error: error.message };
        throw error;
      }
    },
    async removeFromResults(ref) {
      const removal = { paths: await shownMembers(ref) };
      removed.push(removal);
      (await stores).scans.hide(removal);
      return {};
    },
    async chooseMoveTarget() {
      const folder = await host.pickMoveTarget();
      if (folder === null) return { folder: null };
      if (!(await isFolder(folder))) throw new Error('The folder picker gave no existing folder');
      moveTarget = folder;
      return { folder };
    },
    async previewActions(request) {
      const { scans, actions } = await stores;
      // The preview shows the figures of the clusters it plans: measured first, where estimated.
      const all = scans.clusters();
      await measuredFigures(request.clusterIds ? request.clusterIds.flatMap((id) => all.get(id) ?? []) : all.all());
      return actions.preview(request);
    },
    getPlanPage: async (request) => (await stores).actions.page(request),
    applyActions: async (request) => (await stores).actions.apply(request),
    listBatches: async () => (await stores).actions.batches(),
    getBatchResult: async ({ batchId }) => (await stores).actions.result(batchId),
    async cancelBatch({ batchId }) {
      await (await stores).actions.cancel(batchId);
      return {};
    },
    async undoBatch({ batchId }) {
      const { actions, scans } = await stores;
      const result = await actions.undo(batchId);
      scans.filesBack(
        batchId,
        result.outcomes.filter((outcome) => outcome.state === 'restored').map((outcome) => outcome.path),
      );
      return result;
    },
    setMarks: async (request) => (await stores).bulkMarks.setMarks(request),
    countFolderMarks: async (request) => (await stores).bulkMarks.countFolderMarks(request),
    markFolder: async (request) => (await stores).bulkMarks.markFolder(request),
    countMarks: async (request) => (await stores).bulkMarks.countMarks(request),
    async dispose() {
      const opened = await stores.catch(() => undefined);
      // A running clean-up first: its last steps still take files out of the results. Then the
      // scans, which save those results (and whose watcher may still move marks), then the
      // stores. In parallel, the scans' last save could land after dispose resolved, into a data
      // folder that may be gone by then (and recreated by the write).
      await Promise.all([texts.dispose(), opened?.actions.dispose()]);
      await opened?.scans.dispose();
      await Promise.all([opened?.settings.flush(), opened?.marks.flush()]);
      opened?.dismissed.close();
    },
  };
}

/** Marks belong to files of a cluster: those still in it keep them (under its new id), the others go. */
async function marksFollow(marks: MarksStore, change: ClusterChange): Promise<void> {
  if (change.event === 'cluster-removed') await marks.drop(change.cluster.id);
  else if (change.event === 'cluster-changed') await marks.follow(change.previousId, change.cluster);
}

function changedSinceShown(what: string): Error {
  return new Error(`This cluster changed since it was shown: ${what}, so nothing was done; look at it again`);
}

function sameMembers(paths: readonly string[], shown: readonly string[]): boolean {
  const seen = new Set(shown);
  return seen.size === paths.length && paths.every((path) => seen.has(path));
}

function marksNotSaved(error: unknown): void {
  console.error('shingle: could not save the marks:', error);
}

async function isFolder(path: string): Promise<boolean> {
  if (!isAbsolute(path)) return false;
  const info = await stat(toFsPath(path)).catch(() => undefined);
  return info?.isDirectory() ?? false;
}
