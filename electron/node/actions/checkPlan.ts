// The preview's look at the disk: a file to remove, or the file it duplicates, that is gone or no
// longer what the scan saw is refused in the plan itself, so the preview predicts the run. The
// run checks everything again, contents included (checkStep.ts), right before each action.
import { dirname } from 'node:path';
import { displayPath } from '../../../shared/fsName.ts';
import { fileAsScanned, linkWouldChange } from './checkStep.ts';
import { attributesWouldChange, readAttributes } from './extendedAttributes.ts';
import { filesOpenForWriting, inUse } from './filesInUse.ts';
import { attachmentsLost } from './mailAttachments.ts';
import { describeHolding, folderSet } from './folderIdentity.ts';
import { checkMoveDestinations } from './moveDestination.ts';
import { trashProblem } from './freedesktopTrash.ts';
import type { ActionPlan } from './planActions.ts';
import type { RunTool } from './platformTool.ts';

const key = (clusterId: string, path: string) => `${clusterId}\0${path}`;

/** The plan with the steps the disk already rules out moved to its refusals; `runTool` for tests (extendedAttributes.ts). */
export async function checkPlanOnDisk(plan: ActionPlan, runTool?: RunTool): Promise<ActionPlan> {
  // One look per folder and per trash: files of one folder share it.
  const trashProblems = new Map<string, Promise<string | undefined>>();
  // One look at who holds files open for writing, for the whole plan.
  const writers = await filesOpenForWriting();
  // A reference folder by another of its names (a bind mount, another case): planActions compared text only.
  const references = await folderSet(plan.referenceRoots ?? []);
  const destinations = plan.action === 'move' ? await checkMoveDestinations(plan) : undefined;
  // A hard link keeps one set of extended attributes and ACLs: each pair's are read, in a few runs of the tool.
  const attributes = plan.action === 'hardlink' ? await readAttributes([...new Set(plan.steps.flatMap((step) => [step.path, step.kept.path]))], runTool) : undefined;
  const notes = attributes && 'notCompared' in attributes ? [attributes.notCompared] : [];
  const reasons = await Promise.all(
    plan.steps.map(async (step) => {
      const reference = await references.holding(step.path);
      if (reference) return `in ${describeHolding('a reference folder', reference)}`;
      const destination = destinations?.get(step);
      if (destination && 'refused' in destination) return destination.refused;
      if (destination) step.lands = destination.lands;
      const own = await fileAsScanned(step);
      if (typeof own === 'string') return `the file ${own}`;
      // The names the scan listed were refused in planActions: this one is outside the scanned
      // folders or made since, and unlinking one name frees nothing.
      const busy = inUse(writers, own);
      if (busy) return busy;
      if (own.nlink > 1) return 'it has another name (hard link) the scan did not list, which would stay: acting on this one frees nothing';
      const kept = await fileAsScanned(step.kept);
      if (typeof kept === 'string') return `the file it duplicates, ${displayPath(step.kept.path)}, ${kept}`;
      // The run refuses it too (checkStep.ts): the preview says so first.
      if (plan.action === 'hardlink') {
        const found = attributes && 'attributes' in attributes ? attributes.attributes : undefined;
        return linkWouldChange(own, kept) ?? (found && attributesWouldChange(found.get(step.path)!, found.get(step.kept.path)!));
      }
      // A mail's attachments must be held by what stays (mailAttachments.ts).
      const lost = await attachmentsLost(step, plan.action);
      if (lost) return lost;
      // Elsewhere the run hands files to the system's trash (applyPlan.ts), which picks its own folder.
      if (plan.action !== 'trash' || process.platform !== 'linux') return undefined;
      const folder = dirname(step.path);
      if (!trashProblems.has(folder)) {
        // What the run would meet too, finding the trash the same way.
        const problem = trashProblem(step.path, own.dev).catch((error: NodeJS.ErrnoException) => `no trash folder can be found on this drive (${error.code ?? error.message}): the file stays where it is`);
        trashProblems.set(folder, problem);
      }
      return trashProblems.get(folder);
    }),
  );
  const refusedNow = new Map<string, string>();
  plan.steps.forEach((step, i) => {
    if (reasons[i]) refusedNow.set(key(step.clusterId, step.path), reasons[i]);
  });
  const noted = notes.length === 0 ? plan : { ...plan, notes: [...(plan.notes ?? []), ...notes] };
  // A move's files say where each lands, for the preview's list as for the dry run.
  const landsAt = new Map(plan.steps.flatMap((step) => (step.lands === undefined || refusedNow.has(key(step.clusterId, step.path)) ? [] : [[key(step.clusterId, step.path), step.lands] as const])));
  if (refusedNow.size === 0 && landsAt.size === 0) return noted;
  return {
    ...noted,
    steps: plan.steps.filter((s) => !refusedNow.has(key(s.clusterId, s.path))),
    refused: [...plan.refused, ...plan.steps.filter((s) => refusedNow.has(key(s.clusterId, s.path))).map((s) => ({ clusterId: s.clusterId, path: s.path, reason: refusedNow.get(key(s.clusterId, s.path))! }))],
    clusters: plan.clusters.map((cluster) => ({
      ...cluster,
      files: cluster.files.map((file) => {
        const reason = refusedNow.get(key(cluster.clusterId, file.path));
        if (reason && file.decision === 'remove') return { ...file, decision: 'refused' as const, reason };
        const lands = landsAt.get(key(cluster.clusterId, file.path));
        return lands !== undefined && file.decision === 'remove' ? { ...file, lands } : file;
      }),
    })),
  };
}
