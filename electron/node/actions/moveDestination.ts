// Where `move` puts a file, and whether it may: the destination is checked as the trash is. The
// folder to move to and every folder used or made below it must be this user's own, writable by
// no one else, and no symbolic link (ownFolder.ts): a folder another user made in a shared place,
// with a subfolder that links into their own folder, must not receive the person's files. The
// folders that do not exist yet are made by the move itself, inside folders no one else can
// write to, so checking the existing ones is enough; the run checks them again after making
// them, right before the file goes in. A destination inside a reference or scanned folder, by any
// of its names (folderIdentity.ts), is refused as well.
import { lstat } from 'node:fs/promises';
import { basename, dirname, relative, sep } from 'node:path';
import { displayPath } from '../../../shared/fsName.ts';
import { toFsPath } from '../scan/fsPath.ts';
import { Refused } from './checkStep.ts';
import { exists, moveNoClobber } from './fileOps.ts';
import { describeHolding, folderSet } from './folderIdentity.ts';
import { notOwnFolder } from './ownFolder.ts';
import { moveTarget, PlanError } from './planActions.ts';
import type { ActionPlan, PlannedStep } from './planActions.ts';

/** A free name for the step under `to`: its place below its scanned root, numbered if taken (or in `taken`). */
export async function moveDestination(step: PlannedStep, to: string, taken: ReadonlySet<string> = new Set()): Promise<string> {
  const wanted = moveTarget(step, to);
  const dot = basename(wanted).lastIndexOf('.');
  const stem = dot > 0 ? wanted.slice(0, wanted.length - basename(wanted).length + dot) : wanted;
  const ext = dot > 0 ? basename(wanted).slice(dot) : '';
  let candidate = wanted;
  for (let n = 2; taken.has(candidate) || (await exists(candidate)); n++) candidate = `${stem} (${n})${ext}`;
  return candidate;
}

/** `to`, then each folder below it down to `folder`. */
function foldersDownTo(to: string, folder: string): string[] {
  const below = relative(to, folder);
  const chain = [to];
  if (below === '') return chain;
  for (const name of below.split(sep)) chain.push(`${chain.at(-1)!}${sep}${name}`);
  return chain;
}

/**
 * Why a file may not be put in `folder` below `to`: the first folder of the way down that exists
 * and is not this user's own; undefined when every existing one is. A folder that is not there
 * yet is made by the move (makeDestinationFolders) inside one no one else can write to.
 */
export async function destinationProblem(to: string, folder: string): Promise<string | undefined> {
  const parent = await lstat(toFsPath(dirname(to))).catch(() => undefined);
  // In a folder others may write to, without the sticky bit (which /tmp has), another user could
  // rename the folder to move to away and put one of theirs in its place.
  if (parent && process.getuid && (parent.mode & 0o022) !== 0 && (parent.mode & 0o1000) === 0) {
    return `the folder to move to, ${displayPath(to)}, lies in a folder other users can write to, without the sticky bit: another user could put a folder of theirs in its place`;
  }
  for (const step of foldersDownTo(to, folder)) {
    const found = await lstat(toFsPath(step)).catch(() => undefined);
    if (!found) return undefined;
    const problem = notOwnFolder(found);
    if (problem) return `the folder ${displayPath(step)}, where it would be moved to, ${problem}`;
  }
  return undefined;
}

/**
 * Moves the file to `destination` below `to`, checking the folders on the way down before and
 * after making them (not writable by others whatever the umask says), right before the file goes
 * in; refused, with the folders it made removed, when one is not this user's own.
 */
export async function moveIntoDestination(path: string, to: string, destination: string): Promise<void> {
  const check = async () => {
    const problem = await destinationProblem(to, dirname(destination));
    if (problem) throw new Refused(problem);
  };
  await check();
  await moveNoClobber(path, destination, { folderMode: 0o755, beforeLink: check });
}

/**
 * The move plan checked against the disk: throws PlanError when the folder to move to lies in a
 * reference or scanned folder by another of its names; else each step's final path (as the
 * dry run shows it) or why that step is refused.
 */
export async function checkMoveDestinations(plan: ActionPlan): Promise<Map<PlannedStep, { lands: string } | { refused: string }>> {
  const to = plan.to!;
  const references = await folderSet(plan.referenceRoots ?? []);
  const roots = await folderSet(plan.roots ?? []);
  const result = new Map<PlannedStep, { lands: string } | { refused: string }>();
  const taken = new Set<string>();
  for (const step of plan.steps) {
    const lands = await moveDestination(step, to, taken);
    const inside = (await references.holding(lands)) ?? (await roots.holding(lands));
    if (inside) {
      const kind = plan.referenceRoots?.includes(inside.folder) ? 'a reference folder' : 'a scanned folder';
      throw new PlanError(`moving to ${displayPath(to)} would put ${displayPath(step.path)} at ${displayPath(lands)}, inside ${describeHolding(kind, inside)}: choose one outside the scanned and reference folders`);
    }
    const problem = await destinationProblem(to, dirname(lands));
    if (problem) result.set(step, { refused: problem });
    else {
      taken.add(lands);
      result.set(step, { lands });
    }
  }
  return result;
}
