// Which files the engine hands to the system to open: only documents on the allowlist of
// shared/openable.ts (the renderer offers Open by the same rule). Checked here, next to the
// action, so a page that asks anyway is refused.
import { basename } from 'node:path';
import { isOpenable } from '../../../shared/openable.ts';

/** Throws unless the file is a document Shingle opens; everything else is shown in its folder. */
export function checkOpenable(path: string): void {
  if (!isOpenable(path)) throw new Error(`Shingle opens documents only, not ${basename(path)}. Show it in its folder instead.`);
}
