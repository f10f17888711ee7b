// What each clean-up action is called: where the person chooses it, in the preview, on the button
// that runs it and once done (the clean-up's result and the History). One place, so a hard link
// is never announced as a move to the trash.
import { displayPath } from '../../shared/fsName.ts';
import type { ActionKind } from '../../shared/contract/vocabulary.ts';

export const actionChoices: Record<ActionKind, string> = {
  trash: 'Move to the trash (can be undone)',
  delete: 'Delete permanently',
  hardlink: 'Replace with hard links to the copy kept (identical copies only; can be undone)',
  move: 'Move to a folder (can be undone)',
};

/** The preview's "Action" line; a move says where to. */
export function actionPreview(action: ActionKind, moveTo?: string): string {
  if (action === 'move') return moveTo ? `Move to ${displayPath(moveTo)}` : 'Move to a folder';
  return { trash: 'Move to the trash', delete: 'Delete permanently', hardlink: 'Replace with hard links to the copy kept' }[action];
}

/** What a hard link makes of a duplicate, said on its row of the preview: `twin` is the kept copy's name. */
export function linkConsequence(twin: string): string {
  return `becomes the same file as ${twin}: an edit to either changes both`;
}

/** What the preview says a file's row will undergo. */
export const actionRowWords: Record<ActionKind, string> = { trash: 'Trash', delete: 'Delete', hardlink: 'Link', move: 'Move' };

/** The button that runs the plan, for `files` ("3 files"). */
export function actionButton(action: ActionKind, files: string): string {
  return { trash: `Move ${files} to the trash`, delete: `Delete ${files} permanently`, hardlink: `Hard-link ${files}`, move: `Move ${files}` }[action];
}

export const actionDone: Record<ActionKind, string> = {
  trash: 'Moved to the trash',
  delete: 'Deleted permanently',
  hardlink: 'Replaced by hard links',
  move: 'Moved',
};
