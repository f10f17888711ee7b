// Bulk clean-up for the app: keep rules (or the user's marks) over the clusters now shown turn
// into a plan (planActions), previewed, then carried out in the background (applyPlan) with a
// journal beside the app's data, so a batch can be undone.
//
// Trash: applyPlan's own freedesktop trash on Linux (the system trash elsewhere), not the host's
// shell.trashItem: the journal must record where each file went for undo to put it back, which
// shell.trashItem does not tell. The trash follows XDG_DATA_HOME, as the spec says.
import { isAbsolute, join } from 'node:path';
import type { CommandRequest, CommandResponse } from '../../../shared/contract/engineContract.ts';
import { parseKeepRule } from '../../../shared/selection/keepRules.ts';
import type { KeepRule } from '../../../shared/selection/keepRules.ts';
import { selectCluster } from '../../../shared/selection/selectFiles.ts';
import type { ClusterSelection, Selection } from '../../../shared/selection/selectFiles.ts';
import { REPORT_VERSION } from '../../../shared/report.ts';
import type { Cluster, ScanReport } from '../../../shared/report.ts';
import { ActionJournal } from '../actions/actionJournal.ts';
import { applyPlan } from '../actions/applyPlan.ts';
import { planActions } from '../actions/planActions.ts';
import type { ActionPlan } from '../actions/planActions.ts';
import { undoBatch } from '../actions/undoBatch.ts';
import type { EngineEvents } from './engineEvents.ts';
import type { Marks } from './marksStore.ts';

export type ActionRequest = CommandRequest<'previewActions'>;
type Preview = CommandResponse<'previewActions'>;
type BatchResult = CommandResponse<'getBatchResult'>;

export interface BulkActionsOptions {
  dataDir: string;
  events: EngineEvents;
  /** The clusters shown now. */
  clusters(): Cluster[];
  referenceRoots(): string[];
  marks(): Marks;
}

export interface BulkActions {
  preview(request: ActionRequest): Preview;
  apply(request: ActionRequest): { batchId: number };
  result(batchId: number): BatchResult;
  undo(batchId: number): Promise<CommandResponse<'undoBatch'>>;
  /** Waits for the running batch, then closes the journal. */
  dispose(): Promise<void>;
}

/** Previews list this many files; the figures count all of them. */
const PREVIEW_ITEMS = 500;
/** Progress events at most this often, and always for the last file. */
const PROGRESS_INTERVAL_MS = 100;

export class ActionRequestError extends Error {}

function parseRules(texts: readonly string[]): KeepRule[] {
  return texts.map((text) => {
    const rule = parseKeepRule(text);
    if ((rule.kind === 'in-folder' || rule.kind === 'not-in-folder') && !isAbsolute(rule.folder)) {
      throw new ActionRequestError(`the folder of '${text}' must be absolute`);
    }
    return rule;
  });
}

/** The rules' choice, then the marks over it: a file marked keep stays, one marked delete goes. */
function selectWithMarks(cluster: Cluster, rules: readonly KeepRule[], marks: Marks[string] | undefined): ClusterSelection {
  const chosen = rules.length > 0 ? selectCluster(cluster, rules) : { clusterId: cluster.id, keep: [], act: [] };
  const keep = new Set(chosen.keep);
  const act = new Set(chosen.act);
  for (const file of cluster.files) {
    const mark = marks && Object.hasOwn(marks, file.path) ? marks[file.path] : undefined;
    if (mark === 'keep') {
      act.delete(file.path);
      keep.add(file.path);
    } else if (mark === 'delete') {
      keep.delete(file.path);
      act.add(file.path);
    }
  }
  return { clusterId: cluster.id, keep: [...keep], act: [...act] };
}

export function openBulkActions({ dataDir, events, clusters, referenceRoots, marks }: BulkActionsOptions): BulkActions {
  let journal: ActionJournal | undefined;
  let running: { batchId: number; done: Promise<void> } | undefined;
  const openJournal = () => (journal ??= new ActionJournal(join(dataDir, 'journal.sqlite')));

  function plan(request: ActionRequest): ActionPlan {
    const rules = parseRules(request.rules);
    if (rules.length === 0 && !request.useMarks) throw new ActionRequestError('choose a keep rule or use your marks');
    const shown = clusters();
    const scope = request.clusterIds ? new Set(request.clusterIds) : undefined;
    const inScope = scope ? shown.filter((c) => scope.has(c.id)) : shown;
    const allMarks = request.useMarks ? marks() : {};
    const selection: Selection = {
      clusters: inScope.map((c) => selectWithMarks(c, rules, Object.hasOwn(allMarks, c.id) ? allMarks[c.id] : undefined)).filter((s) => s.act.length > 0),
    };
    // planActions reads the clusters (and the roots, for `move` only).
    const report: ScanReport = { version: REPORT_VERSION, roots: [], clusters: inScope, errors: [], stats: { files: 0, bytes: 0, ms: 0 } };
    return planActions(report, selection, { action: request.action, referenceRoots: referenceRoots() });
  }

  return {
    preview(request) {
      const { steps, refused } = plan(request);
      return {
        files: steps.length,
        bytes: steps.reduce((sum, step) => sum + step.size, 0),
        clusters: new Set(steps.map((step) => step.clusterId)).size,
        refused,
        items: steps.slice(0, PREVIEW_ITEMS).map(({ clusterId, path, size }) => ({ clusterId, path, size })),
      };
    },
    apply(request) {
      if (running) throw new ActionRequestError('another clean-up is still running');
      const planned = plan(request);
      if (planned.steps.length === 0) throw new ActionRequestError('nothing to do: no file would be removed');
      const opened = openJournal();
      let batchId = 0;
      let failed = 0;
      let lastEmit = 0;
      const total = planned.steps.length;
      // applyPlan records the batch before its first await, so the journal's last batch is this one.
      const applying = applyPlan(planned, {
        journal: opened,
        onProgress: ({ done }) => {
          if (done >= total || Date.now() - lastEmit < PROGRESS_INTERVAL_MS || batchId === 0) return;
          lastEmit = Date.now();
          failed = opened.steps(batchId).filter((s) => s.state === 'refused' || s.state === 'failed').length;
          events.emit('actionProgress', { batchId, done, total, failed });
        },
      });
      batchId = opened.lastBatchId()!;
      const done = applying
        .then(
          ({ outcomes }) => outcomes.filter((o) => o.state !== 'done').length,
          (error: unknown) => {
            console.error('shingle: the clean-up failed:', error);
            opened.finishBatch(batchId, 'cancelled');
            return total;
          },
        )
        .then((failures) => {
          running = undefined;
          events.emit('actionProgress', { batchId, done: total, total, failed: failures });
        });
      running = { batchId, done };
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
    async undo(batchId) {
      if (running?.batchId === batchId) throw new ActionRequestError('the batch is still running');
      const { outcomes } = await undoBatch(openJournal(), batchId);
      return { batchId, outcomes: outcomes.map(({ path, state, reason }) => ({ path, state, ...(reason ? { reason } : {}) })) };
    },
    async dispose() {
      await running?.done;
      journal?.close();
      journal = undefined;
    },
  };
}
