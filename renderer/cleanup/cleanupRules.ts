// The clean-up's choices and their request to the engine. The person's marks come first: a keep
// rule only decides the clusters they have not marked. The rules take their CLI form
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

export interface CleanupDraft {
  /** The person's keep/delete marks decide the clusters they marked. */
  useMarks: boolean;
  /** Decides the clusters without marks (all of them when the marks are not used). */
  rule: RuleChoice;
  folder: string;
  formats: string;
  scope: CleanupScope;
  /** Edited versions (near, not the same text) are removed only when asked for. */
  includeNear: boolean;
  /** Excerpts (contained in a larger document) are removed only when asked for. */
  includeContained: boolean;
  action: ActionRequest['action'];
}

export const defaultCleanupDraft: CleanupDraft = {
  useMarks: true,
  rule: 'none',
  folder: '',
  formats: 'pdf>html>text',
  scope: 'shown',
  includeNear: false,
  includeContained: false,
  action: 'trash',
};

/** The engine's rules for the draft; none for "leave them as they are". */
export function ruleTexts({ rule, folder, formats }: CleanupDraft): string[] {
  switch (rule) {
    case 'none':
      return [];
    case 'in':
    case 'not-in':
      return folder ? [`${rule}:${folder}`] : [];
    case 'format':
      return [`format:${formats}`];
    default:
      return [rule];
  }
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
  const rule = rules[0];
  const text =
    rule === undefined
      ? ''
      : (ruleLabels[rule as RuleChoice] ?? rule.replace(/^in:/, 'Keep the copy in ').replace(/^not-in:/, 'Keep a copy not in ').replace(/^format:/, 'Keep by format '));
  if (!text) return 'Your marks only; clusters you have not marked are left as they are';
  return useMarks ? `Your marks; ${text.charAt(0).toLowerCase()}${text.slice(1)} in clusters you have not marked` : text;
}
