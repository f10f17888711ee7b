// The clean-up's choices and their request to the engine. The person's marks come first: the keep
// criteria only decide the clusters they have not marked, in order (the first decides, later ones
// break its ties), as the CLI's --keep chain. The rules take their CLI form
// (shared/selection/keepRules.ts), which is what the engine reads.
import type { ClusterFolder } from '../../shared/clusterFolders.ts';
import type { ActionRequest } from '../engine/contractTypes.ts';

export type RuleChoice = 'none' | 'newest' | 'oldest' | 'largest' | 'shortest-path' | 'in' | 'not-in' | 'format';

export const ruleLabels: Record<RuleChoice, string> = {
  none: 'Leave them as they are',
  newest: 'Keep the newest',
  oldest: 'Keep the oldest',
  largest: 'Keep the largest',
  'shortest-path': 'Keep the shortest path',
  in: 'Keep the copy in folder…',
  'not-in': 'Keep a copy not in folder…',
  format: 'Keep by format order…',
};

/**
 * The folders a keep rule offers: those holding copies, as the engine lists them (the page never
 * names a path of its own), where the rule decides something — some files of a cluster inside,
 * some not; a folder every file is in decides nothing — the most clusters first.
 */
export function keepRuleFolders(folders: readonly ClusterFolder[] | null): ClusterFolder[] {
  return (folders ?? []).filter((folder) => folder.split > 0).toSorted((a, b) => b.split - a.split || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * A folder as a keep rule's choice names it: from the scanned folder it is in ("Documents/Licenses"
 * under Documents), so that the part that tells folders apart shows in a narrow dialog; a folder
 * outside every scanned one by its whole path.
 */
export function folderLabel(path: string, roots: readonly string[]): string {
  const bases = roots.map((root) => root.replace(/[\\/]+$/, '')).filter((base) => path === base || path.startsWith(`${base}/`) || path.startsWith(`${base}\\`));
  const base = bases.toSorted((a, b) => b.length - a.length)[0];
  if (base === undefined) return path;
  const name = base.split(/[\\/]/).at(-1) || base;
  return `${name}${path.slice(base.length).replaceAll('\\', '/')}`;
}

/** Which clusters: those the list shows now (its filter), all of them, or the open one. */
export type CleanupScope = 'shown' | 'all' | 'selected';

/** One keep criterion: its rule, and the folder or formats the rule names (kept when the rule changes). */
export interface KeepCriterion {
  rule: RuleChoice;
  folder: string;
  formats: string;
}

export interface CleanupDraft {
  /** The person's keep/delete marks decide the clusters they marked. */
  useMarks: boolean;
  /**
   * Decide the clusters without marks (all of them when the marks are not used), in order: never
   * empty; 'none' ("leave them as they are") only as the one criterion.
   */
  criteria: KeepCriterion[];
  scope: CleanupScope;
  /** Edited versions (near, not the same text) are removed only when asked for. */
  includeNear: boolean;
  /** Excerpts (contained in a larger document) are removed only when asked for. */
  includeContained: boolean;
  action: ActionRequest['action'];
}

export const defaultCleanupDraft: CleanupDraft = {
  useMarks: true,
  criteria: [{ rule: 'none', folder: '', formats: 'pdf>html>text' }],
  scope: 'shown',
  includeNear: false,
  includeContained: false,
  action: 'trash',
};

/** The engine's rule for one criterion; none for "leave them as they are" or a folder rule without its folder. */
export function criterionText({ rule, folder, formats }: KeepCriterion): string | null {
  switch (rule) {
    case 'none':
      return null;
    case 'in':
    case 'not-in':
      return folder ? `${rule}:${folder}` : null;
    case 'format':
      return `format:${formats}`;
    default:
      return rule;
  }
}

/** The engine's rules for the draft, in the criteria's order. */
export function ruleTexts({ criteria }: CleanupDraft): string[] {
  return criteria.map(criterionText).filter((text) => text !== null);
}

/** The rules a criterion added after the others starts with: the first not chosen yet. */
const ADDED_RULES: readonly RuleChoice[] = ['shortest-path', 'newest', 'oldest', 'largest', 'format', 'in', 'not-in'];

/** The criteria with one more at the end (its folder the first offered, as the first criterion's). */
export function addCriterion(criteria: readonly KeepCriterion[], folder: string): KeepCriterion[] {
  const used = new Set(criteria.map((c) => c.rule));
  const rule = ADDED_RULES.find((choice) => !used.has(choice)) ?? 'newest';
  const kept = criteria.filter((c) => c.rule !== 'none');
  return [...kept, { rule, folder, formats: 'pdf>html>text' }];
}

/** The criteria without the one at `index`; the last one left stays (something must be chosen). */
export function removeCriterion(criteria: readonly KeepCriterion[], index: number): KeepCriterion[] {
  return criteria.length > 1 ? criteria.filter((_, i) => i !== index) : [...criteria];
}

/** The criteria with the one at `index` moved one place up (-1) or down (+1). */
export function moveCriterion(criteria: readonly KeepCriterion[], index: number, by: -1 | 1): KeepCriterion[] {
  const to = index + by;
  if (to < 0 || to >= criteria.length) return [...criteria];
  const moved = [...criteria];
  [moved[index], moved[to]] = [moved[to]!, moved[index]!];
  return moved;
}

/** The criteria with the one at `index` changed. */
export function changeCriterion(criteria: readonly KeepCriterion[], index: number, patch: Partial<KeepCriterion>): KeepCriterion[] {
  return criteria.map((c, i) => (i === index ? { ...c, ...patch } : c));
}

/** The request the draft makes, scope aside (the slice adds the cluster ids). */
export function draftRequest(draft: CleanupDraft): Omit<ActionRequest, 'clusterIds'> {
  const include: NonNullable<ActionRequest['include']> = [];
  if (draft.includeNear) include.push('near');
  if (draft.includeContained) include.push('contained');
  return { rules: ruleTexts(draft), useMarks: draft.useMarks, include, action: draft.action };
}

/** Something decides at least some clusters. */
export function draftReady(draft: CleanupDraft): boolean {
  return draft.useMarks || ruleTexts(draft).length > 0;
}

export function describeRule(rules: readonly string[], useMarks: boolean): string {
  const text = rules
    .map((rule) => ruleLabels[rule as RuleChoice] ?? rule.replace(/^in:/, 'Keep the copy in ').replace(/^not-in:/, 'Keep a copy not in ').replace(/^format:/, 'Keep by format '))
    .map((label, i) => (i === 0 ? label : label.replace(/^Keep (the |a )?/, '')))
    .join(', then ');
  if (!text) return 'Your marks only; clusters you have not marked are left as they are';
  return useMarks ? `Your marks; ${text.charAt(0).toLowerCase()}${text.slice(1)} in clusters you have not marked` : text;
}
