// One state for both faces: the app keeps its data (settings, marks, results, and above all the
// index and the journal of clean-ups) in the folder where the CLI keeps its index and journal, so
// `shingle undo` can undo a batch made in the app, the app's History lists the CLI's batches, and
// a folder scanned by one is known to the other.
import { constants, copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defaultIndexPath } from '../index/indexLocation.ts';
import type { IndexLocationContext } from '../index/indexLocation.ts';

/** The app's data folder when none is named: the folder of the CLI's default index (and journal). */
export function defaultDataDir(context?: IndexLocationContext): string {
  return dirname(defaultIndexPath(context));
}

/**
 * What the person made in the folder the app used before (its own, apart from the CLI's): the
 * settings, marks, last results and window place. The index is a cache and is built again; the
 * old journal stays where it was (its trashed files are in the system trash).
 */
const ADOPTED_FILES = ['settings.json', 'marks.json', 'lastScan.json', 'window.json'];

/**
 * Copies the app's earlier data into `dataDir` once: only when the earlier folder has settings
 * and `dataDir` has none yet, and never over a file already there. Returns the files copied.
 */
export function adoptEarlierData(earlierDir: string, dataDir: string): string[] {
  if (earlierDir === dataDir || existsSync(join(dataDir, 'settings.json')) || !existsSync(join(earlierDir, 'settings.json'))) return [];
  mkdirSync(dataDir, { recursive: true });
  const copied: string[] = [];
  for (const name of ADOPTED_FILES) {
    try {
      copyFileSync(join(earlierDir, name), join(dataDir, name), constants.COPYFILE_EXCL);
      copied.push(name);
    } catch {
      // Missing there, or already here: either way nothing to bring over.
    }
  }
  return copied;
}
