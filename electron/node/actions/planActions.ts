// Turns a selection into the plan the engine will carry out, file by file, refusing whatever could
// lose the last copy of a text. The selection may come from anywhere (CLI rules, the app's marks, a
// hand-edited report): every guard is checked here, against the report, not trusted from the
// selection. Every file of every cluster in the selection is in the plan with its decision, so the
// preview shows exactly what will happen and why.
import { randomUUID } from 'node:crypto';
import { basename, join, relative, win32 } from 'node:path';
import { formatCount } from '../../../shared/format.ts';
import { displayPath } from '../../../shared/fsName.ts';
import { isPlainAbsolutePath, isWindowsPath, isWithin, isWithinAny } from '../../../shared/paths/isWithin.ts';
import { kindNeeded } from '../../../shared/selection/fileRelations.ts';
import { keepOrder, settleRemovals } from '../../../shared/selection/settleRemovals.ts';
import type { FileRelation, IncludeKind, Relation } from '../../../shared/selection/fileRelations.ts';
import type { Selection } from '../../../shared/selection/selectFiles.ts';
import type { ClusterKind, ReportFile, ScanReport } from '../../../shared/report.ts';
import type { FolderPlan } from '../../../shared/folders/folderFiles.ts';
import { minSimilarity, shownSimilarity } from './planFigures.ts';

export type { ActionKind } from '../../../shared/contract/vocabulary.ts';
import type { ActionKind } from '../../../shared/contract/vocabulary.ts';

export interface PlanOptions {
  action: ActionKind;
  /** The folder `move` moves into (a real path). */
  to?: string;
  /** Folders whose files are never acted on (real paths). */
  referenceRoots?: string[];
  /** The scanned folders (real paths); a file outside them is never acted on. Default: the report's roots. */
  roots?: string[];
  /** Edited versions and excerpts are removed only when included. */
  include?: readonly IncludeKind[];
}

/** What the scan saw of a file: apply checks the disk still shows it. */
export interface FileState {
  path: string;
  size: number;
  mtime: number;
  ctime?: number;
  hash?: string;
}

export type RemovalRelation = Exclude<Relation, 'kept' | 'container'>;

export interface PlannedStep extends FileState {
  clusterId: string;
  relation: RemovalRelation;
  /** The staying file it duplicates; checked right before acting. */
  kept: FileState;
  /** Edited versions and excerpts: the least resemblance (containment) a fresh measure must find. */
  minSimilarity?: number;
  /** For `move`: the scanned root the path lies under, to keep its place below `to`. */
  root?: string;
  /** For `move`: where the file would land, as the disk showed it when the plan was checked (moveDestination.ts). */
  lands?: string;
}

export interface PlanFile {
  fileIndex: number;
  path: string;
  size: number;
  decision: 'keep' | 'remove' | 'refused';
  reason?: string;
  relation: Relation;
  /** Resemblance to, or containment in, `matches` (shownSimilarity); a lower bound when `atLeast`. */
  similarity?: number;
  atLeast?: true;
  matches?: string;
  /** For `move`: where the file lands, as the preview's look at the disk found it (PlannedStep.lands). */
  lands?: string;
}

export interface PlanCluster {
  clusterId: string;
  kind: ClusterKind;
  files: PlanFile[];
}

export interface Refusal {
  clusterId: string;
  path: string;
  reason: string;
}

export interface ActionPlan {
  id: string;
  action: ActionKind;
  to?: string;
  include: IncludeKind[];
  createdAt: number;
  /** Every cluster of the selection, every file with its decision. */
  clusters: PlanCluster[];
  steps: PlannedStep[];
  /** What the selection asked for and the guards refused (also shown in `clusters`). */
  refused: Refusal[];
  /** A folder clean-up's folders and the files of the cleaned one that stay (planFolderCleanup.ts). */
  folder?: FolderPlan;
  /**
   * The folders the plan was made against, for the checks on disk: no step may act inside a
   * reference folder, nor a move land inside one or a scanned folder, under any of their names
   * (folderIdentity.ts).
   */
  referenceRoots?: string[];
  roots?: string[];
  /** What the preview's look at the disk could not check, said plainly (extended attributes without getfattr). */
  notes?: string[];
}

export class PlanError extends Error {}

/** Where `move` puts a step's file under `to`: its place below its scanned root (applyPlan numbers it if taken). */
export function moveTarget(step: Pick<PlannedStep, 'path' | 'root'>, to: string): string {
  // Windows paths are joined as Windows does wherever the plan is made (a report from there).
  const paths = isWindowsPath(to) || isWindowsPath(step.path) ? win32 : { join, relative, basename };
  return step.root ? paths.join(to, paths.relative(step.root, step.path)) : paths.join(to, paths.basename(step.path));
}

function stateOf(file: ReportFile): FileState {
  return { path: file.path, size: file.size, mtime: file.mtime, ...(file.ctime !== undefined ? { ctime: file.ctime } : {}), ...(file.hash ? { hash: file.hash } : {}) };
}

const KIND_REASONS: Record<IncludeKind, string> = {
  near: 'an edited version, not a copy: removed only with near included',
  contained: 'an excerpt of a larger document: removed only with contained included',
};
const SAME_WORDS_REASON = 'the same words with other punctuation or case: an edit, not a copy; removed only with near included';

/**
 * Acting on one name of a file with other names (hard links) unlinks that name only: the bytes
 * stay under the others, nothing is freed and the copy is still there. Refused, so the preview's
 * totals are what the run frees.
 */
function otherNamesStay(names: readonly string[]): string {
  const more = names.length > 1 ? ` and ${formatCount(names.length - 1)} more` : '';
  return `its other ${names.length > 1 ? 'names (hard links)' : 'name (hard link)'} ${displayPath(names[0]!)}${more} would stay: acting on this one frees nothing`;
}

export function planActions(report: ScanReport, selection: Selection, options: PlanOptions): ActionPlan {
  if (options.action === 'move' && !options.to) throw new PlanError('move needs a folder to move to');
  const references = options.referenceRoots ?? [];
  const roots = options.roots ?? report.roots;
  // Moved within a scanned folder the copies would still be there, renamed; a reference folder
  // is never written to.
  const holder = options.to && folderHolding(options.to, references, roots);
  if (holder) throw new PlanError(`the folder to move to, ${displayPath(options.to!)}, is inside ${holder}: choose one outside the scanned and reference folders`);
  const include = [...new Set(options.include ?? [])].sort();
  const clusters = new Map(report.clusters.map((c) => [c.id, c]));
  const plan: ActionPlan = { id: randomUUID(), action: options.action, include, createdAt: Date.now(), clusters: [], steps: [], refused: [], referenceRoots: references, roots, ...(options.to ? { to: options.to } : {}) };
  const planned = new Set<string>();

  for (const chosen of selection.clusters) {
    const cluster = clusters.get(chosen.clusterId);
    if (!cluster) {
      for (const path of chosen.act) plan.refused.push({ clusterId: chosen.clusterId, path, reason: 'not a cluster of the report' });
      continue;
    }
    const indexOf = new Map(cluster.files.map((f, i) => [f.path, i]));
    const refusedHere = new Map<number, string>();
    const refuse = (path: string, reason: string) => {
      plan.refused.push({ clusterId: cluster.id, path, reason });
      const i = indexOf.get(path);
      if (i !== undefined) refusedHere.set(i, reason);
    };
    const acted = new Set<number>();
    for (const path of chosen.act) {
      const i = indexOf.get(path);
      if (i === undefined) refuse(path, 'not a file of this cluster in the report');
      else acted.add(i);
    }
    if (acted.size === cluster.files.length) {
      for (const i of acted) refuse(cluster.files[i]!.path, 'would remove every copy in the cluster');
      acted.clear();
    }
    if (cluster.kind === 'contained' && acted.delete(0)) refuse(cluster.files[0]!.path, 'the container of a contained cluster is always kept');
    const staysNamed = (i: number) => !acted.has(i);
    const keptPaths = new Set(cluster.files.flatMap((f, i) => (staysNamed(i) ? [f.path] : [])));
    const keptLinks = new Set(cluster.files.flatMap((f, i) => (staysNamed(i) ? (f.links ?? []) : [])));
    for (const i of [...acted]) {
      const { path } = cluster.files[i]!;
      let reason: string | undefined;
      // Checked first: every rule below reads the path as text.
      if (!isPlainAbsolutePath(path, process.platform)) reason = 'not a path as a scan writes it (not absolute, or with a "." or ".." in it)';
      else if (keptPaths.has(path)) reason = 'listed twice in the cluster, and kept';
      else if (keptLinks.has(path)) reason = 'another name (hard link) of a kept file';
      else if (isWithinAny(path, references, process.platform)) reason = 'in a reference folder';
      else if (!isWithinAny(path, roots, process.platform)) reason = 'outside the scanned folders';
      else if (cluster.files[i]!.links?.length) reason = otherNamesStay(cluster.files[i]!.links!);
      else if (planned.has(path)) reason = 'already planned in another cluster';
      if (reason) {
        acted.delete(i);
        refuse(path, reason);
      }
    }

    // Which file stays first: the selection's keeper if it stays, else the best-ranked staying file.
    const named = chosen.keep.flatMap((p) => indexOf.get(p) ?? []);
    const cannotLink = (relation: Relation) => options.action === 'hardlink' && relation !== 'copy';
    const { relations, held } = settleRemovals(cluster, acted, named, keepOrder(cluster, chosen.order), (relation) => {
      const needed = kindNeeded(relation);
      return (needed !== undefined && !include.includes(needed)) || cannotLink(relation);
    });
    const notIncluded = new Map<number, { reason: string; relation: FileRelation }>();
    for (const [i, relation] of held) {
      if (cannotLink(relation.relation)) refuse(cluster.files[i]!.path, 'not byte-identical to the kept copy: a hard link would lose its content');
      else notIncluded.set(i, { reason: relation.relation === 'same-words' ? SAME_WORDS_REASON : KIND_REASONS[kindNeeded(relation.relation)!], relation });
    }

    const files: PlanFile[] = cluster.files.map((file, i) => {
      // A file kept for its kind is shown as that kind, beside what it resembles.
      const { relation, matches } = notIncluded.get(i)?.relation ?? relations[i]!;
      const decision = acted.has(i) ? 'remove' : refusedHere.has(i) ? 'refused' : 'keep';
      const reason = refusedHere.get(i) ?? notIncluded.get(i)?.reason;
      return {
        fileIndex: i,
        path: file.path,
        size: file.size,
        decision,
        relation,
        ...(reason ? { reason } : {}),
        ...(cluster.kind === 'exact' ? {} : shownSimilarity(cluster, relation, i, matches)),
        ...(matches !== undefined ? { matches: cluster.files[matches]!.path } : {}),
      };
    });
    plan.clusters.push({ clusterId: cluster.id, kind: cluster.kind, files });
    for (const i of [...acted].sort((a, b) => a - b)) {
      const file = cluster.files[i]!;
      const { relation, matches } = relations[i] as { relation: RemovalRelation; matches: number };
      planned.add(file.path);
      const floor = minSimilarity(cluster, relation, i, matches);
      const root = roots.find((r) => isWithin(file.path, r, process.platform));
      plan.steps.push({
        ...stateOf(file),
        clusterId: cluster.id,
        relation,
        kept: stateOf(cluster.files[matches]!),
        ...(floor !== undefined ? { minSimilarity: floor } : {}),
        ...(root ? { root } : {}),
      });
    }
  }
  if (options.to) refuseMovesIntoFolders(plan, options.to, references, roots);
  return keepWhatOthersRelyOn(plan);
}

/** The reference or scanned folder `path` lies in, said as "a reference folder, /x"; undefined if none. */
function folderHolding(path: string, references: readonly string[], roots: readonly string[]): string | undefined {
  const reference = references.find((folder) => isWithin(path, folder, process.platform));
  if (reference !== undefined) return `a reference folder, ${displayPath(reference)}`;
  const root = roots.find((folder) => isWithin(path, folder, process.platform));
  return root === undefined ? undefined : `a scanned folder, ${displayPath(root)}`;
}

/** A move target above a scanned folder can still put a file back inside one (or inside a reference folder). */
function refuseMovesIntoFolders(plan: ActionPlan, to: string, references: readonly string[], roots: readonly string[]): void {
  for (const step of plan.steps) {
    const lands = moveTarget(step, to);
    const holder = folderHolding(lands, references, roots);
    if (holder) throw new PlanError(`moving to ${displayPath(to)} would put ${displayPath(step.path)} at ${displayPath(lands)}, inside ${holder}: choose one outside the scanned and reference folders`);
  }
}

/**
 * A file that one removal is checked against must stay, even if another cluster would remove it
 * (clusters can overlap: a container may also be in a near cluster, a report may be hand-made):
 * otherwise removals could chain until no copy is left.
 */
function keepWhatOthersRelyOn(plan: ActionPlan): ActionPlan {
  const reliedOn = new Set(plan.steps.map((step) => step.kept.path));
  const reason = 'another file of the plan is checked against it, so it stays';
  const dropped = plan.steps.filter((step) => reliedOn.has(step.path));
  if (dropped.length === 0) return plan;
  plan.steps = plan.steps.filter((step) => !reliedOn.has(step.path));
  for (const step of dropped) plan.refused.push({ clusterId: step.clusterId, path: step.path, reason });
  for (const cluster of plan.clusters) {
    for (const file of cluster.files) {
      if (file.decision === 'remove' && reliedOn.has(file.path)) Object.assign(file, { decision: 'refused', reason });
    }
  }
  return plan;
}

/** Files and bytes the plan removes, the clusters it touches, the files it refused. */
export function planTotals(plan: ActionPlan): { files: number; bytes: number; clusters: number; refused: number } {
  return {
    files: plan.steps.length,
    bytes: plan.steps.reduce((sum, step) => sum + step.size, 0),
    clusters: new Set(plan.steps.map((step) => step.clusterId)).size,
    refused: plan.refused.length,
  };
}
