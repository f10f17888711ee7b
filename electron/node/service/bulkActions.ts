// Bulk clean-up for the app: the person's marks (then keep rules) over the clusters in scope turn
// into a plan (planActions) that is stored under an id and previewed file by file; applying runs
// exactly that stored plan in the background (applyPlan), with a journal so a batch can be undone.
//
// Trash: applyPlan's own freedesktop trash on Linux (the system trash elsewhere), not the host's
// shell.trashItem: the journal must record where each file went for undo to put it back, which
// shell.trashItem does not tell. The trash follows XDG_DATA_HOME, as the spec says.
import { join } from 'node:path';
import type { CommandRequest, CommandResponse } from '../../../shared/contract/engineContract.ts';
import { PLAN_PAGE_CLUSTERS } from '../../../shared/contract/schemas.ts';
import { DELETE_NOT_CONFIRMED } from '../../../shared/contract/vocabulary.ts';
import { clusterFolders } from '../../../shared/clusterFolders.ts';
import { displayPath } from '../../../shared/fsName.ts';
import { parseKeepRule } from '../../../shared/selection/keepRules.ts';
import type { KeepRule } from '../../../shared/selection/keepRules.ts';
import { selectWithMarks } from '../../../shared/selection/selectFiles.ts';
import { REPORT_VERSION } from '../../../shared/report.ts';
import type { Cluster, FolderMatch, ScanReport } from '../../../shared/report.ts';
import { ActionJournal } from '../actions/actionJournal.ts';
import type { JournalStep } from '../actions/journalRecords.ts';
import { startBatch } from '../actions/applyPlan.ts';
import { checkPlanOnDisk } from '../actions/checkPlan.ts';
import { planActions, planTotals } from '../actions/planActions.ts';
import { planFolderCleanup } from '../actions/planFolderCleanup.ts';
import type { ActionPlan } from '../actions/planActions.ts';
import { realPathOf, realPaths } from '../actions/realPaths.ts';
import { undoBatch } from '../actions/undoBatch.ts';
import type { EngineEvents } from './engineEvents.ts';
import type { Marks } from './marksStore.ts';

export type ActionRequest = CommandRequest<'previewActions'>;
type PlanResponse = CommandResponse<'previewActions'>;
type BatchResult = CommandResponse<'getBatchResult'>;

/** What a host shows before a permanent deletion. */
export interface PermanentDeleteSummary {
  files: number;
  bytes: number;
  clusters: number;
}

export interface BulkActionsOptions {
  dataDir: string;
  events: EngineEvents;
  /** The clusters shown now. */
  clusters(): Cluster[];
  /** The folders the results were scanned from (roots and reference folders). */
  scannedFolders(): string[];
  referenceRoots(): string[];
  marks(): Marks;
  /** The last scan's duplicate folders. */
  folderMatches(): FolderMatch[];
  /** The folder a move goes to, as the host's picker produced it; none chosen yet: undefined. */
  moveTarget?(): string | undefined;
  /**
   * Asks the person, outside the page (main's native dialog), to confirm a permanent deletion.
   * Without it, permanent deletion is refused: a flag in a request is no confirmation.
   */
  confirmPermanentDelete?: (summary: PermanentDeleteSummary) => Promise<boolean>;
  /** A batch is about to remove these files: what the watcher sees of them is the batch's doing. */
  onStart?: (paths: readonly string[]) => void;
  /** Holds the folder watcher's analyses while a batch or undo runs; returns their release. */
  hold?: () => () => void;
}

export interface BulkActions {
  preview(request: ActionRequest): Promise<PlanResponse>;
  /** The clean-up of one folder of a duplicate-folder pair, stored and applied like any plan. */
  previewFolder(request: CommandRequest<'previewFolderCleanup'>): Promise<PlanResponse>;
  page(request: CommandRequest<'getPlanPage'>): CommandResponse<'getPlanPage'>;
  apply(request: CommandRequest<'applyActions'>): Promise<{ batchId: number }>;
  result(batchId: number): BatchResult;
  /** The steps `from` <= seq < `to` of a batch, for following a running one without rereading it all. */
  steps(batchId: number, from: number, to: number): Pick<JournalStep, 'seq' | 'path' | 'state'>[];
  batches(): CommandResponse<'listBatches'>;
  undo(batchId: number): Promise<CommandResponse<'undoBatch'>>;
  /** Stops the running batch before its next file; resolves once it has stopped. */
  cancel(batchId: number): Promise<void>;
  /** Waits for the running batch, then closes the journal. */
  dispose(): Promise<void>;
}

/** Plans kept for applying; a preview older than the last few must be made again. */
const KEPT_PLANS = 20;
/** Progress events at most this often, and always for the last file. */
const PROGRESS_INTERVAL_MS = 100;

export class ActionRequestError extends Error {}

/**
 * The page names a keep rule's folder, so it must be one the person chose or one the results
 * hold copies in, as listClusterFolders gives them (the CLI, which takes its rules from the
 * command line, does not come here): any other is refused, never read.
 */
async function parseRules(texts: readonly string[], allowed: (folder: string) => boolean): Promise<KeepRule[]> {
  const rules: KeepRule[] = [];
  for (const text of texts) {
    const rule = parseKeepRule(text);
    if (rule.kind === 'in-folder' || rule.kind === 'not-in-folder') {
      if (!allowed(rule.folder)) throw new ActionRequestError(`the folder of a keep rule must be a folder to scan, a reference folder or one holding copies, not ${displayPath(rule.folder)}`);
      rules.push({ ...rule, folder: await realPathOf(rule.folder) });
    } else rules.push(rule);
  }
  return rules;
}

/** A move's destination, for planActions (which refuses one inside a scanned or reference folder). */
async function moveOptions(action: ActionRequest['action'], chosen: string | undefined): Promise<{ to?: string }> {
  if (action !== 'move') return {};
  if (chosen === undefined) throw new ActionRequestError('choose the folder to move the files to first');
  return { to: await realPathOf(chosen) };
}

function pageOf(plan: ActionPlan, offset: number, limit: number) {
  return plan.clusters.slice(offset, offset + limit);
}

export function openBulkActions(options: BulkActionsOptions): BulkActions {
  const { dataDir, events, clusters, marks } = options;
  let journal: ActionJournal | undefined;
  let running: { batchId: number; done: Promise<void>; stop: AbortController } | undefined;
  // Set, before anything is awaited, from an apply's first check until its batch runs or it
  // stops: a second apply meanwhile (a double click) is refused rather than asking again, and
  // two dialogs can never both say yes to the same plan.
  let starting = false;
  const plans = new Map<string, ActionPlan>();
  const openJournal = () => (journal ??= new ActionJournal(join(dataDir, 'journal.sqlite')));

  async function plan(request: ActionRequest): Promise<ActionPlan> {
    const chosen = options.scannedFolders();
    const rules = await parseRules(request.rules, (folder) => chosen.includes(folder) || clusterFolders(clusters(), chosen).some((held) => held.path === folder));
    if (rules.length === 0 && !request.useMarks) throw new ActionRequestError('choose a keep rule or use your marks');
    const shown = clusters();
    const scope = request.clusterIds ? new Set(request.clusterIds) : undefined;
    const inScope = scope ? shown.filter((c) => scope.has(c.id)) : shown;
    const allMarks = request.useMarks ? marks() : {};
    const selection = { clusters: inScope.map((c) => selectWithMarks(c, rules, Object.hasOwn(allMarks, c.id) ? allMarks[c.id] : undefined)) };
    const report: ScanReport = { version: REPORT_VERSION, roots: [], clusters: inScope, errors: [], stats: { files: 0, bytes: 0, ms: 0 } };
    const planned = planActions(report, selection, {
      action: request.action,
      ...(await moveOptions(request.action, options.moveTarget?.())),
      include: request.include ?? [],
      roots: await realPaths(options.scannedFolders()),
      referenceRoots: await realPaths(options.referenceRoots()),
    });
    // What the disk already shows (a file gone or changed) is refused in the preview, not first in the run.
    return checkPlanOnDisk(planned);
  }

  function stored(planId: string): ActionPlan {
    const found = plans.get(planId);
    if (!found) throw new ActionRequestError('this preview is no longer available: preview again');
    return found;
  }

  async function planFolder({ folderId, side, action }: CommandRequest<'previewFolderCleanup'>): Promise<ActionPlan> {
    const match = options.folderMatches().find((m) => m.id === folderId);
    if (!match) throw new ActionRequestError('this folder pair is not in the last scan: scan again');
    const planned = await planFolderCleanup(match, clusters(), side, {
      action,
      ...(await moveOptions(action, options.moveTarget?.())),
      roots: await realPaths(options.scannedFolders()),
      referenceRoots: await realPaths(options.referenceRoots()),
    });
    return checkPlanOnDisk(planned);
  }

  /** Keeps the plan for applying and answers its first page. */
  function store(planned: ActionPlan): PlanResponse {
    plans.set(planned.id, planned);
    // Opened while the person reads the preview, not after the click that runs it (on a busy
    // disk, creating it took a second). One that cannot be opened says so when the plan runs.
    try {
      openJournal();
    } catch {
      // Told by apply, which opens it again.
    }
    for (const id of [...plans.keys()].slice(0, Math.max(0, plans.size - KEPT_PLANS))) plans.delete(id);
    return {
      planId: planned.id,
      action: planned.action,
      include: planned.include,
      createdAt: planned.createdAt,
      totals: planTotals(planned),
      clusterCount: planned.clusters.length,
      clusters: pageOf(planned, 0, PLAN_PAGE_CLUSTERS),
      ...(planned.folder ? { folder: planned.folder } : {}),
      ...(planned.to ? { moveTo: planned.to } : {}),
      ...(planned.notes ? { notes: planned.notes } : {}),
    };
  }

  return {
    preview: async (request) => store(await plan(request)),
    previewFolder: async (request) => store(await planFolder(request)),
    page({ planId, offset, limit }) {
      const planned = stored(planId);
      return { planId, offset, clusterCount: planned.clusters.length, clusters: pageOf(planned, offset, limit) };
    },
    async apply({ planId }) {
      if (starting) throw new ActionRequestError('a clean-up is already starting (waiting for its confirmation)');
      if (running) throw new ActionRequestError('another clean-up is still running');
      const planned = stored(planId);
      if (planned.steps.length === 0) throw new ActionRequestError('nothing to do: no file would be removed');
      if (planned.action === 'delete') {
        starting = true;
        try {
          const confirmed = options.confirmPermanentDelete ? await options.confirmPermanentDelete(planTotals(planned)) : false;
          if (!confirmed) throw new ActionRequestError(DELETE_NOT_CONFIRMED);
        } finally {
          starting = false;
        }
      }
      options.onStart?.(planned.steps.map((step) => step.path));
      const release = options.hold?.() ?? (() => {});
      const opened = openJournal();
      let batch: ReturnType<typeof startBatch>;
      try {
        // Takes the journal's lock (another process's batch: JournalBusyError) and records the plan.
        batch = startBatch(planned, opened);
      } catch (error) {
        release();
        throw error;
      }
      // A plan runs once: a second run must come from a new preview.
      plans.delete(planId);
      const { batchId } = batch;
      let lastEmit = 0;
      const total = planned.steps.length;
      let failed = 0;
      const stop = new AbortController();
      const applying = batch.run({
        signal: stop.signal,
        onProgress: ({ done, failed: failures }) => {
          failed = failures;
          if (done >= total || Date.now() - lastEmit < PROGRESS_INTERVAL_MS) return;
          lastEmit = Date.now();
          events.emit('actionProgress', { batchId, done, total, failed });
        },
      });
      const done = applying
        .then(
          ({ outcomes }) => outcomes.filter((o) => o.state !== 'done').length,
          (error: unknown) => {
            console.error('shingle: the clean-up failed:', error);
            // The journal may be what failed (a full disk): closing the batch can fail the same way,
            // and must not become an unhandled rejection that takes the engine host down.
            try {
              opened.finishBatch(batchId, 'cancelled');
            } catch (closing) {
              console.error('shingle: the batch could not be closed in the journal:', closing);
            }
            return total;
          },
        )
        .then((failures) => {
          running = undefined;
          events.emit('actionProgress', { batchId, done: total, total, failed: failures });
          // After the end is told: its listeners have taken the batch's files out of the results.
          release();
        });
      running = { batchId, done, stop };
      events.emit('actionProgress', { batchId, done: 0, total, failed });
      return { batchId };
    },
    result(batchId) {
      const opened = openJournal();
      const batch = opened.batch(batchId);
      if (!batch) throw new ActionRequestError(`no batch ${batchId}`);
      return {
        batchId,
        action: batch.action,
        running: running?.batchId === batchId || batch.state === 'running',
        undone: batch.undoneMs !== null,
        steps: opened.steps(batchId).map(({ clusterId, path, state, reason }) => ({ clusterId, path, state, ...(reason ? { reason } : {}) })),
      };
    },
    steps: (batchId, from, to) => openJournal().steps(batchId, from, to),
    batches() {
      const opened = openJournal();
      // The journal says 'running' until a batch ends; one whose process ended first (killed, a
      // crash, a power cut) would say so for ever. A batch or undo runs holding the journal's
      // lock: while this engine holds it, any 'running' batch but its own is such a leftover, and
      // otherwise every one read while nobody holds the lock is (only their ids are read under
      // it: another process starting a batch waits for the lock).
      const ownBatch = running?.batchId;
      const listedRunning = opened.lockedHere() ? opened.runningBatchIds() : (opened.whileIdle(() => opened.runningBatchIds()) ?? []);
      const leftovers = new Set(listedRunning.filter((id) => id !== ownBatch));
      // A batch that was running then has ended since, or is one of those: none started since.
      return opened.batches().map((batch) => (batch.state === 'running' && leftovers.has(batch.batchId) ? { ...batch, state: 'interrupted' as const } : batch));
    },
    async undo(batchId) {
      if (running?.batchId === batchId) throw new ActionRequestError('the batch is still running');
      // Released as undo returns: the watcher waits a debounce more, by when the caller has put the files back.
      const release = options.hold?.();
      const { outcomes } = await undoBatch(openJournal(), batchId).finally(release);
      return { batchId, outcomes: outcomes.map(({ path, state, reason }) => ({ path, state, ...(reason ? { reason } : {}) })) };
    },
    async cancel(batchId) {
      const batch = running;
      if (batch?.batchId !== batchId) {
        // Ended already (a Stop clicked as its last file went): stopped is what was asked.
        if (openJournal().batch(batchId)) return;
        throw new ActionRequestError(`no batch ${batchId}`);
      }
      batch.stop.abort();
      await batch.done;
    },
    async dispose() {
      await running?.done;
      journal?.close();
      journal = undefined;
    },
  };
}
