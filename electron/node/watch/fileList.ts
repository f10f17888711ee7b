// The watcher's picture of the disk: every file the walk would list, by path, kept current by
// re-reading only the paths the watcher names. An entry is the WalkedFile itself, all the
// analysis needs (the content cache holds the rest), so a file costs its path and six fields.
import { lstatSync } from 'node:fs';
import type { Stats } from 'node:fs';
import type { ScanError } from '../../../shared/report.ts';
import { isUnder, isUnderAny } from '../index/scanRoots.ts';
import { RACY_WINDOW_MS, settledAt } from '../scan/contentCache.ts';
import { realPathOr, toFsPath } from '../scan/fsPath.ts';
import type { WalkedFile, WalkOptions } from '../scan/types.ts';
import { exactId, fileSystemError, scanTree } from '../scan/walk.ts';
import { throughRealFolder } from './watchIgnore.ts';
import type { IgnoreTest } from './watchIgnore.ts';

/** The walk's options, and the roots: followed links are walked again from them. */
export type FileListOptions = Omit<WalkOptions, 'signal'> & { roots: readonly string[] };

export interface FileList {
  readonly files: ReadonlyMap<string, WalkedFile>;
  /**
   * Re-reads the named paths: a file is stat'ed, a new folder walked, a path that is gone or
   * unreadable takes everything below it along. True when the files listed changed.
   */
  update(paths: Iterable<string>, signal: AbortSignal): Promise<boolean>;
  /**
   * Puts a fresh walk of `roots` (its files and errors) in place of what is listed under them;
   * `walkedSinceMs`: when that walk began. True when the files changed.
   */
  replaceUnder(roots: readonly string[], walked: readonly WalkedFile[], errors: readonly ScanError[], walkedSinceMs: number): boolean;
  /** What changed since the last call (or since the list was made), and forgets it. */
  takeChanges(): FileChanges;
  /** The paths that cannot be read now, as the walk reports them: what they hide is not listed. */
  errors(): ScanError[];
}

/** Entries as they were and as they are; an edited file is in both. */
export interface FileChanges {
  removed: WalkedFile[];
  added: WalkedFile[];
}

/**
 * Whether a write in the tick of `file`'s mtime could still follow its stat (after `statSinceMs`)
 * unseen. Not for an mtime further in the future than that (a clock ahead, often a network
 * share's): it would never settle, and a polled root would read such a file again at every poll.
 */
function unsettledAt(file: WalkedFile, statSinceMs: number): boolean {
  return !settledAt(file, statSinceMs) && file.mtimeMs <= statSinceMs + RACY_WINDOW_MS;
}

function sameFile(a: WalkedFile, b: WalkedFile): boolean {
  return a.fileId === b.fileId && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.nlink === b.nlink;
}

/** Undefined when the path is not there, or cannot be read (`unreadable` then has the error). */
function lstatIfThere(path: string, unreadable: (error: unknown) => void): Stats | undefined {
  try {
    return lstatSync(toFsPath(path));
  } catch (error) {
    // ENOTDIR: a folder above it is a file now, so the path is gone too.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') unreadable(error);
    return undefined;
  }
}

/**
 * False for a walk's error about a path gone since (a folder deleted mid-walk, common among the
 * short-lived folders a watch sees): its removal is named to the watch, and it hides nothing.
 * A dangling symlink's ENOENT stays: the link is there.
 */
function stillThere(error: ScanError): boolean {
  if (error.code !== 'ENOENT') return true;
  try {
    lstatSync(toFsPath(error.path));
    return true;
  } catch {
    return false;
  }
}

/** Paths of which none is below another, so one pass per path drops a removed tree. */
function outermost(paths: string[]): string[] {
  const kept: string[] = [];
  for (const path of paths.sort()) {
    if (!kept.some((outer) => isUnder(path, outer))) kept.push(path);
  }
  return kept;
}

/** `initialErrors`: those of the walk that listed `initial`; `listedSinceMs`: when that walk began. */
export function createFileList(
  initial: readonly WalkedFile[],
  options: FileListOptions,
  isIgnored: IgnoreTest,
  initialErrors: readonly ScanError[] = [],
  listedSinceMs = Date.now(),
  initialLinks: readonly string[] = [],
): FileList {
  const files = new Map(initial.map((file) => [file.path, file]));
  /** The symbolic links the walks followed (followSymlinks), by their own paths. */
  let links = new Set(initialLinks);
  // Files listed while their mtime was within RACY_WINDOW_MS of when they were stat'ed (settledAt):
  // written again in the same tick, with the same size, they would keep their identity, so the
  // watcher's event for such a file is a change even then (and its paths re-read so since the
  // last takeChanges() are reported changed).
  const unsettled = new Set(initial.filter((file) => unsettledAt(file, listedSinceMs)).map((file) => file.path));
  let rereadUnchanged = new Set<string>();
  // Unreadable paths by path, kept as the files are: a path re-read or walked again loses its
  // error or gets it anew, so the watch can tell the user of a folder that became unreadable.
  const errors = new Map(initialErrors.map((error) => [error.path, error]));

  /** Forgets the errors of `roots` and of what is below them (`below`: only of what is below). */
  function forgetErrors(roots: readonly string[], below = false): void {
    for (const path of errors.keys()) if (isUnderAny(path, roots) && !(below && roots.includes(path))) errors.delete(path);
  }

  /** `path`'s stats, as lstatIfThere(); an unreadable path's error is kept, worded as the walk's. */
  function reread(path: string): Stats | undefined {
    errors.delete(path);
    return lstatIfThere(path, (error) => errors.set(path, fileSystemError(path, error, files.has(path) ? 'Cannot read file details' : 'Cannot open folder')));
  }
  // What each path touched since the last takeChanges() was listed as before: the incremental
  // analysis then works on these files only (null: not listed).
  let before = new Map<string, WalkedFile | null>();

  function remember(path: string): void {
    if (!before.has(path)) before.set(path, files.get(path) ?? null);
  }

  // Ids of files with several names whose listing changed since the last refreshLinks(): the
  // watcher names only the path a file was written through, and its other names, listed with the
  // old times, would let the content cache answer for them with the old content.
  let relinked = new Set<string>();

  function noteLinks(file: WalkedFile | undefined): void {
    if (file !== undefined && file.nlink > 1) relinked.add(file.fileId);
  }

  function drop(path: string): boolean {
    // Listed again in this batch with the same identity, it is still a change to hand over.
    if (unsettled.delete(path)) rereadUnchanged.add(path);
    remember(path);
    const known = files.get(path);
    noteLinks(known);
    return files.delete(path);
  }

  /** Lists the file as it is now, stat'ed after `statSinceMs`; true when that differs from what was listed. */
  function put(file: WalkedFile, statSinceMs: number): boolean {
    const known = files.get(file.path);
    const same = known !== undefined && sameFile(known, file);
    if (same && !unsettled.has(file.path)) return false;
    if (same) rereadUnchanged.add(file.path);
    if (unsettledAt(file, statSinceMs)) unsettled.add(file.path);
    else unsettled.delete(file.path);
    remember(file.path);
    // A name gained (nlink up) or lost, or content changed: each shows in every name's times.
    noteLinks(known);
    noteLinks(file);
    files.set(file.path, file);
    return true;
  }

  /**
   * Re-reads the other listed names of the files noted by noteLinks(), those `fresh` does not
   * cover. One pass over the list, and only for a batch that touched a file with several names:
   * an index by file id would cost every file memory for the few that have other names.
   */
  function refreshLinks(fresh: (path: string) => boolean): boolean {
    if (relinked.size === 0) return false;
    const ids = relinked;
    const stale: string[] = [];
    for (const file of files.values()) if (ids.has(file.fileId) && !fresh(file.path)) stale.push(file.path);
    let changed = false;
    const since = Date.now();
    for (const path of stale) {
      const stats = reread(path);
      changed = (stats?.isFile() ? putStats(path, stats, since) : drop(path)) || changed;
    }
    // What the names re-read here noted concerns the same files.
    relinked = new Set();
    return changed;
  }

  function putStats(path: string, stats: Stats, statSinceMs: number): boolean {
    if (stats.size < options.minSize || isIgnored(path)) return drop(path);
    const fileId = exactId(stats, () => lstatSync(toFsPath(path), { bigint: true }));
    return put({ path, size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, fileId, nlink: stats.nlink }, statSinceMs);
  }

  function dropBelow(folders: string[]): boolean {
    let changed = false;
    forgetErrors(folders, true);
    for (const folder of outermost(folders)) {
      for (const path of files.keys()) {
        if (path !== folder && isUnder(path, folder)) changed = drop(path) || changed;
      }
    }
    return changed;
  }

  /** replaceUnder() without refreshLinks(). */
  function replaceListed(roots: readonly string[], walked: readonly WalkedFile[], walkErrors: readonly ScanError[], walkedSinceMs: number): boolean {
    forgetErrors(roots);
    for (const error of walkErrors) if (stillThere(error)) errors.set(error.path, error);
    let changed = false;
    const fresh = new Set(walked.map((file) => file.path));
    for (const path of files.keys()) {
      if (!fresh.has(path) && isUnderAny(path, roots)) changed = drop(path) || changed;
    }
    for (const file of walked) changed = put(file, walkedSinceMs) || changed;
    return changed;
  }

  /** What a walk of `folders` lists now, less what the user's globs ignore. */
  async function walkNow(folders: readonly string[], signal: AbortSignal): Promise<{ found: WalkedFile[]; walkErrors: ScanError[]; since: number; followed: string[] }> {
    const found: WalkedFile[] = [];
    const walkErrors: ScanError[] = [];
    const followed: string[] = [];
    const since = Date.now();
    await scanTree([...folders], { ...options, signal }, { file: (file) => found.push(file), error: (error) => walkErrors.push(error), special: () => {}, link: (path) => followed.push(path) });
    // The walk was rooted at the new folder: the user's path globs are relative to the real root.
    const kept = (entry: { path: string }) => !isIgnored(entry.path);
    return { found: found.filter(kept), walkErrors: walkErrors.filter(kept), since, followed };
  }

  /**
   * Lists what is under the folders now. A folder named by the watcher may be new, or one made
   * where another was renamed or deleted away: what was listed under its path and is not there
   * any more goes.
   */
  async function walkInto(folders: readonly string[], signal: AbortSignal): Promise<boolean> {
    const { found, walkErrors, since, followed } = await walkNow(folders, signal);
    for (const link of followed) links.add(link);
    return replaceListed(folders, found, walkErrors, since);
  }

  /** Through a followed symlink, chokidar names a file by the link; the walk lists its real path. */
  function canonical(path: string): string {
    return options.followSymlinks ? throughRealFolder(path) : path;
  }

  /**
   * Files reached through a followed link are listed under their real paths, not below the link:
   * when a link goes or points elsewhere, what it led to is found by walking from the roots again,
   * and whatever that walk no longer reaches goes, outside the roots too.
   */
  async function rewalkRoots(signal: AbortSignal): Promise<boolean> {
    const { found, walkErrors, since, followed } = await walkNow(options.roots, signal);
    links = new Set(followed);
    const reached = new Set(found.map((file) => file.path));
    // What was found behind a link that is gone may have left errors outside the roots too.
    for (const error of errors.values()) if (!isUnderAny(error.path, options.roots)) errors.delete(error.path);
    let changed = false;
    for (const path of [...files.keys()]) if (!reached.has(path) && !isUnderAny(path, options.roots)) changed = drop(path) || changed;
    return replaceListed(options.roots, found, walkErrors, since) || changed;
  }

  /** Whether a file or an error is listed through a followed link, outside every root (as given, and real: the walk lists real paths). */
  function reachesOutside(): boolean {
    const roots = [...options.roots, ...options.roots.map(realPathOr)];
    for (const path of files.keys()) if (!isUnderAny(path, roots)) return true;
    for (const path of errors.keys()) if (!isUnderAny(path, roots)) return true;
    return false;
  }

  /**
   * Whether one of the gone paths was a followed link, a folder holding one, or a path through one
   * (its target deleted or moved: the watcher names what was below the link).
   */
  function linkGone(gone: readonly string[]): boolean {
    for (const link of links) if (gone.some((path) => link === path || isUnder(link, path) || isUnder(path, link))) return true;
    return false;
  }

  return {
    files,
    async update(paths, signal) {
      let changed = false;
      const gone: string[] = [];
      const newFolders: string[] = [];
      const read = new Set<string>();
      const since = Date.now();
      let linkChanged = false;
      for (const named of paths) {
        const path = canonical(named);
        read.add(path);
        const stats = reread(path);
        if (stats?.isFile()) {
          changed = putStats(path, stats, since) || changed;
          continue;
        }
        // A listed file is gone or replaced; an unlisted path that is gone may have been a folder.
        if (files.has(path) && drop(path)) changed = true;
        else if (stats === undefined) gone.push(path);
        if (stats?.isSymbolicLink() && options.followSymlinks) {
          // Walked as a root below, a new link is not named to the walk's link(): known here.
          links.add(path);
          linkChanged = true;
        }
        if (stats?.isDirectory() || (stats?.isSymbolicLink() && options.followSymlinks)) newFolders.push(path);
      }
      // A followed link made, re-pointed or removed: only then, and only if a link leads outside.
      if (options.followSymlinks && (linkChanged || linkGone(gone)) && reachesOutside()) return (await rewalkRoots(signal)) || changed;
      if (gone.length > 0) changed = dropBelow(gone) || changed;
      if (newFolders.length > 0) changed = (await walkInto(newFolders, signal)) || changed;
      return refreshLinks((path) => read.has(path) || isUnderAny(path, newFolders)) || changed;
    },
    replaceUnder(roots, walked, walkErrors, walkedSinceMs) {
      const changed = replaceListed(roots, walked, walkErrors, walkedSinceMs);
      return refreshLinks((path) => isUnderAny(path, roots)) || changed;
    },
    takeChanges() {
      const changes: FileChanges = { removed: [], added: [] };
      for (const [path, was] of before) {
        const now = files.get(path);
        if (was !== null && now !== undefined && sameFile(was, now) && !rereadUnchanged.has(path)) continue;
        if (was !== null) changes.removed.push(was);
        if (now !== undefined) changes.added.push(now);
      }
      before = new Map();
      rereadUnchanged = new Set();
      return changes;
    },
    errors: () => [...errors.values()],
  };
}
