// One state for both faces: the app keeps its data (settings, marks, results, and above all the
// index and the journal of clean-ups) in the folder where the CLI keeps its index and journal, so
// `shingle undo` can undo a batch made in the app, the app's History lists the CLI's batches, and
// a folder scanned by one is known to the other.
import { dirname } from 'node:path';
import { defaultIndexPath } from '../index/indexLocation.ts';
import type { IndexLocationContext } from '../index/indexLocation.ts';

/** The app's data folder when none is named: the folder of the CLI's default index (and journal). */
export function defaultDataDir(context?: IndexLocationContext): string {
  return dirname(defaultIndexPath(context));
}
