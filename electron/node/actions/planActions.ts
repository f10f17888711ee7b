// Turns a selection into a plan the engine will carry out, refusing whatever could lose the last
// copy of a file. The selection may come from anywhere (CLI rules, the app, a hand-edited file):
// every guard is checked here, against the report, not trusted from the selection.
import { isInFolder } from '../../../shared/selection/keepRules.ts';
import type { Selection } from '../../../shared/selection/selectFiles.ts';
import type { ReportFile, ScanReport } from '../../../shared/report.ts';

export type { ActionKind } from '../../../shared/contract/vocabulary.ts';
import type { ActionKind } from '../../../shared/contract/vocabulary.ts';

export interface PlanOptions {
  action: ActionKind;
  /** The folder `move` moves into. */
  to?: string;
  /** Folders whose files are never acted on. */
  referenceRoots?: string[];
}

export interface PlannedStep {
  clusterId: string;
  path: string;
  size: number;
  mtime: number;
  /** The copy that stays; the step is checked against it right before acting. */
  kept: { path: string; size: number; mtime: number };
  /** The report says the two hold the same bytes, so their hashes must match when acting. */
  sameBytes: boolean;
  /** For `move`: the scanned root the path lies under, to keep its place below `to`. */
  root?: string;
}

export interface Refusal {
  clusterId: string;
  path: string;
  reason: string;
}

export interface ActionPlan {
  action: ActionKind;
  to?: string;
  steps: PlannedStep[];
  /** What the selection asked for and the guards refused. */
  refused: Refusal[];
}

export class PlanError extends Error {}

// 'bytes' in a near cluster names some earlier file, maybe not the kept one: the hashes compared
// when acting settle it.
function expectsSameBytes(kind: string, file: ReportFile): boolean {
  return kind === 'exact' || file.identical === 'bytes';
}

export function planActions(report: ScanReport, selection: Selection, options: PlanOptions): ActionPlan {
  if (options.action === 'move' && !options.to) throw new PlanError('move needs a folder to move to');
  const references = options.referenceRoots ?? [];
  const clusters = new Map(report.clusters.map((c) => [c.id, c]));
  const plan: ActionPlan = { action: options.action, steps: [], refused: [], ...(options.to ? { to: options.to } : {}) };
  const planned = new Set<string>();

  for (const chosen of selection.clusters) {
    const refuse = (path: string, reason: string) => plan.refused.push({ clusterId: chosen.clusterId, path, reason });
    const cluster = clusters.get(chosen.clusterId);
    if (!cluster) {
      for (const path of chosen.act) refuse(path, 'not a cluster of the report');
      continue;
    }
    const byPath = new Map(cluster.files.map((f) => [f.path, f]));
    const keptFiles = chosen.keep.map((p) => byPath.get(p)).filter((f): f is ReportFile => f !== undefined);
    // Files the selection names in neither list stay too: only `act` is ever touched.
    const acted = new Set(chosen.act);
    const staying = cluster.files.filter((f) => !acted.has(f.path));
    const keeper = keptFiles.find((f) => !acted.has(f.path)) ?? staying[0];
    if (keeper === undefined) {
      for (const path of chosen.act) refuse(path, 'would remove every copy in the cluster');
      continue;
    }
    if (cluster.kind === 'contained' && cluster.files[0] !== undefined && acted.has(cluster.files[0].path)) {
      refuse(cluster.files[0].path, 'the container of a contained cluster is always kept');
      acted.delete(cluster.files[0].path);
    }
    const keptNames = new Set(staying.flatMap((f) => [f.path, ...(f.links ?? [])]));
    for (const path of chosen.act) {
      const file = byPath.get(path);
      if (!file) refuse(path, 'not a file of this cluster in the report');
      else if (!acted.has(path)) continue;
      else if (keptNames.has(path)) refuse(path, 'another name (hard link) of a kept file');
      else if (references.some((r) => isInFolder(path, r))) refuse(path, 'in a reference folder');
      else if (planned.has(path)) refuse(path, 'already planned in another cluster');
      else if (options.action === 'hardlink' && !expectsSameBytes(cluster.kind, file)) refuse(path, 'not byte-identical to the kept copy: a hard link would lose its content');
      else {
        planned.add(path);
        const root = report.roots.find((r) => isInFolder(path, r));
        plan.steps.push({
          clusterId: cluster.id,
          path,
          size: file.size,
          mtime: file.mtime,
          kept: { path: keeper.path, size: keeper.size, mtime: keeper.mtime },
          sameBytes: expectsSameBytes(cluster.kind, file),
          ...(root ? { root } : {}),
        });
      }
    }
  }
  return plan;
}
