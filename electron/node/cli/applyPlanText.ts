// The per-file plan `shingle apply --dry-run` prints: per group every file, what happens to it and
// why — the file it duplicates, or why it stays or is refused. `apply` runs this same plan.
// For people only: names and reasons go through terminalText, so a name cannot drive the terminal.
import { formatPercent } from '../../../shared/format.ts';
import type { ActionPlan, PlanFile } from '../actions/planActions.ts';
import { terminalPath, terminalPathsAmong, terminalText } from './terminalText.ts';

/** A path as the plan shows it: terminalPathsAmong its group. */
type ShowPath = (path: string) => string;

function describeRemoval(file: PlanFile, show: ShowPath): string {
  const match = file.matches === undefined ? '' : show(file.matches);
  switch (file.relation) {
    case 'copy':
      return `copy of ${match}`;
    case 'same-text':
      return `same text as ${match}`;
    case 'same-words':
      return `same words as ${match}, other punctuation or case: an edit`;
    case 'edited':
      return `edited version${file.similarity === undefined ? '' : `, ${file.atLeast ? 'at least ' : ''}${formatPercent(file.similarity)} alike`}; resembles ${match}`;
    case 'excerpt':
      return `excerpt${file.similarity === undefined ? '' : `, ${formatPercent(file.similarity)} contained`}; within ${match}`;
    default:
      return file.relation;
  }
}

function fileLine(file: PlanFile, action: string, lands: ReadonlyMap<string, string>, show: ShowPath): string {
  const path = show(file.path);
  // A move says where the file really lands (the checked folders below --to, numbered if taken).
  const landing = lands.get(file.path);
  // One inode, two names: the person should know an edit through one shows through the other.
  const linked = action === 'hardlink' && file.matches !== undefined ? `; becomes the same file as ${show(file.matches)}: an edit to either changes both` : '';
  if (file.decision === 'remove') return `  ${action} ${path}${landing === undefined ? '' : ` -> ${terminalPath(landing)}`} (${describeRemoval(file, show)}${linked})`;
  if (file.decision === 'refused') return `  skip ${path}: ${terminalText(file.reason ?? 'refused')}`;
  return `  keep ${path}${file.reason ? `: ${terminalText(file.reason)}` : ''}`;
}

export function formatPlan(plan: ActionPlan): string {
  const lines: string[] = [];
  const lands = new Map(plan.steps.flatMap((step) => (step.lands === undefined ? [] : [[step.path, step.lands] as const])));
  for (const cluster of plan.clusters) {
    if (!cluster.files.some((f) => f.decision !== 'keep' || f.reason)) continue;
    const show = terminalPathsAmong(cluster.files.map((f) => f.path));
    lines.push(`${terminalText(cluster.clusterId)}:`, ...cluster.files.map((f) => fileLine(f, plan.action, lands, show)));
  }
  // Refusals of paths or clusters the report does not have.
  const listed = new Set(plan.clusters.flatMap((c) => c.files.map((f) => `${c.clusterId}\0${f.path}`)));
  for (const r of plan.refused) if (!listed.has(`${r.clusterId}\0${r.path}`)) lines.push(`${terminalText(r.clusterId)}:`, `  skip ${terminalPath(r.path)}: ${terminalText(r.reason)}`);
  // A folder clean-up: the rest of the folder, which stays.
  if (plan.folder && plan.folder.staying.length > 0) {
    lines.push(`${terminalPath(plan.folder.cleaned)}/ (stays):`, ...plan.folder.staying.map((file) => `  keep ${terminalPath(file.path)}: ${terminalText(file.reason)}`));
  }
  // What the look at the disk could not check (extended attributes without getfattr), said plainly.
  for (const note of plan.notes ?? []) lines.push(`note: ${terminalText(note)}`);
  return lines.join('\n');
}
