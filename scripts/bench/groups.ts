// Compares a tool's groups of identical files with the ground truth, and tools with each other.
import { createHash } from 'node:crypto';
import type { Groups } from './peers.ts';

export interface Comparison {
  files: number;
  groups: number;
  /** Duplicate files the tool did not report. */
  missing: string[];
  /** Files the tool reported that have no identical twin. */
  extra: string[];
  /** Groups of true duplicates that equal no true group: split, merged or incomplete. */
  regrouped: number;
}

const signature = (group: string[]) => [...group].sort().join('\0');

export function compareGroups(truth: Groups, actual: Groups): Comparison {
  const truthFiles = new Set(truth.flat());
  const actualFiles = new Set(actual.flat());
  const truthSignatures = new Set(truth.map(signature));
  return {
    files: actualFiles.size,
    groups: actual.length,
    missing: [...truthFiles].filter((path) => !actualFiles.has(path)),
    extra: [...actualFiles].filter((path) => !truthFiles.has(path)),
    regrouped: actual.filter((group) => group.every((path) => truthFiles.has(path)) && !truthSignatures.has(signature(group))).length,
  };
}

export function agrees(comparison: Comparison): boolean {
  return comparison.missing.length === 0 && comparison.extra.length === 0 && comparison.regrouped === 0;
}

/** Equal for two tools exactly when they found the same groups. */
export function fingerprint(groups: Groups): string {
  return createHash('sha1').update(groups.map(signature).sort().join('\n')).digest('hex');
}
