// The three kinds of what a folder's clean-up frees, as the overview names and colours them.
import { formatBytes, plural } from '../../shared/format.ts';
import type { ReclaimFigures, ReclaimKind } from '../../shared/folders/folderSummary.ts';
import { kindBytes, kindFiles, reclaimBytes, reclaimFiles, reclaimKinds } from '../../shared/folders/folderSummary.ts';

export const KIND_LABELS: Record<ReclaimKind, string> = {
  copy: 'Byte copies',
  sameText: 'Same text, other format',
  edited: 'Edited versions',
};

/** The kind holding the most bytes: the area's colour. */
export function mainKind(figures: ReclaimFigures): ReclaimKind {
  return reclaimKinds.reduce((best, kind) => (kindBytes(figures, kind) > kindBytes(figures, best) ? kind : best), 'copy' as ReclaimKind);
}

/** "4.20 MB reclaimable in 12 files (3.1 MB byte copies, 1.1 MB same text, other format)", for an area's label and the figures. */
export function figuresText(figures: ReclaimFigures): string {
  const kinds = reclaimKinds.filter((kind) => kindFiles(figures, kind) > 0).map((kind) => `${formatBytes(kindBytes(figures, kind))} ${KIND_LABELS[kind].toLowerCase()}`);
  return `${formatBytes(reclaimBytes(figures))} reclaimable in ${plural(reclaimFiles(figures), 'file')}${kinds.length ? ` (${kinds.join(', ')})` : ''}`;
}
