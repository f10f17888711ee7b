// The folder walk: every file a scan considers, each once. Synchronous fs calls in an async loop
// that pauses every few milliseconds. On 50,000 files in 2,000 folders that walked and stat'ed
// in ~95 ms, against ~120 ms for callback fs and ~600 ms for fs.promises (per-entry promises),
// while the event loop stays free for Ctrl-C, progress and the abort signal.
//
// Roots are made absolute and real (fs.realpath), and a followed symlink is walked or emitted
// under its real path. Every folder path is then canonical, so one file never appears under two
// names, and "does this symlink lead back up" is a string test on the current folder's path.
// Paths are unique because each folder is entered once (by device and inode); only root files
// and symlinked files can name a path twice, and those few are tracked by path.
//
// A root that is missing or unreadable is an error entry like any other unreadable path: the
// walk goes on with the other roots and the caller decides what that means. A root that is a
// file is scanned as that file; one that is a FIFO, socket or device is reported as special.
import { lstatSync, statSync } from 'node:fs';
import type { BigIntStats, Stats } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { setImmediate } from 'node:timers';
import { getSystemErrorMessage } from 'node:util';
import { displayPath, hasEscapedBytes } from '../../../shared/fsName.ts';
import { isWithin } from '../../../shared/paths/isWithin.ts';
import { ScanErrorCode } from '../../../shared/report.ts';
import type { ScanError } from '../../../shared/report.ts';
import { compileUserExcludes, isDefaultExcluded } from './excludes.ts';
import type { UserExcludes } from './excludes.ts';
import { folderEntries } from './folderEntries.ts';
import type { FolderEntry } from './folderEntries.ts';
import { realPath, toFsPath } from './fsPath.ts';
import type { WalkOptions, WalkSink } from './types.ts';

/** Longest stretch of synchronous work before the walk yields to the event loop. */
const PAUSE_AFTER_MS = 10;

interface PendingFolder {
  path: string;
  /** '/'-separated path relative to its root as the walk reached it, for the user's path globs. */
  relative: string;
  escaped: boolean;
}

interface Root {
  path: string;
  stats: Stats;
}

export async function scanTree(roots: string[], options: WalkOptions, sink: WalkSink): Promise<void> {
  options.signal?.throwIfAborted();
  await new Walk(options, sink).run(roots);
}

class Walk {
  private readonly options: WalkOptions;
  private readonly sink: WalkSink;
  private readonly user: UserExcludes;
  private readonly stack: PendingFolder[] = [];
  /** Folders entered, by device and inode: each is walked once, however it is reached. */
  private readonly entered = new Set<string>();
  /** Paths emitted other than as an entry of an entered folder: root files, then symlinked files. */
  private readonly emittedOutsideWalk = new Set<string>();
  /** Files reached through symlinks, emitted once the walk knows which folders it entered. */
  private readonly linkedFiles: { path: string; stats: Stats }[] = [];
  private lastPause = performance.now();

  constructor(options: WalkOptions, sink: WalkSink) {
    this.options = options;
    this.sink = sink;
    this.user = compileUserExcludes(options.excludes);
  }

  async run(roots: string[]): Promise<void> {
    const resolved = roots.flatMap((root) => this.resolveRoot(root) ?? []);
    for (const root of resolved) {
      if (!root.stats.isDirectory()) this.visitOutsideWalk(root.path, root.stats);
    }
    for (const root of resolved) {
      if (!root.stats.isDirectory()) continue;
      this.stack.push({ path: root.path, relative: '', escaped: hasEscapedBytes(root.path) });
      while (this.stack.length > 0) {
        // Also checked here, not only after pauses, for an abort from within a sink callback.
        this.options.signal?.throwIfAborted();
        const folder = this.stack.pop()!;
        for (const batch of this.enter(folder) ?? []) {
          this.visitBatch(folder, batch);
          await this.pauseIfDue();
        }
        await this.pauseIfDue();
      }
    }
    for (const { path, stats } of this.linkedFiles) {
      // In a folder the walk entered, the file was already emitted, or left out by the same rules.
      if (!this.inEnteredFolder(path)) this.visitOutsideWalk(path, stats);
      await this.pauseIfDue();
    }
  }

  private async pauseIfDue(): Promise<void> {
    if (performance.now() - this.lastPause < PAUSE_AFTER_MS) return;
    await new Promise((resume) => setImmediate(resume));
    this.options.signal?.throwIfAborted();
    this.lastPause = performance.now();
  }

  private resolveRoot(root: string): Root | null {
    const absolute = resolve(root);
    try {
      const path = realPath(toFsPath(absolute));
      return { path, stats: lstatSync(toFsPath(path)) };
    } catch (error) {
      this.fail(absolute, error, 'Cannot open root');
      return null;
    }
  }

  /** Marks the folder entered and lists it; null when it was entered before or cannot be. */
  private enter(folder: PendingFolder): Iterable<FolderEntry[]> | null {
    const fsPath = folder.escaped ? toFsPath(folder.path) : folder.path;
    let stats: Stats;
    try {
      stats = lstatSync(fsPath);
    } catch (error) {
      this.fail(folder.path, error, 'Cannot open folder');
      return null;
    }
    // Replaced by something else since it was listed: whatever it is now, it is not this folder.
    if (!stats.isDirectory()) return null;
    const id = exactId(stats, () => lstatSync(fsPath, { bigint: true }));
    if (this.entered.has(id)) return null;
    this.entered.add(id);
    this.sink.folder?.(folder.path);
    return folderEntries(fsPath, stats.size, (error) => this.fail(folder.path, error, 'Cannot list folder'));
  }

  private visitBatch(folder: PendingFolder, batch: FolderEntry[]): void {
    const prefix = folder.path.endsWith(sep) ? folder.path : folder.path + sep;
    const { hidden } = this.options;
    const { byName, byPath } = this.user;
    for (const entry of batch) {
      const name = entry.name;
      if (isDefaultExcluded(name, folder.path)) continue;
      if (!hidden && name.startsWith('.')) continue;
      if (byName?.(name)) continue;
      const relative = byPath === null ? '' : folder.relative === '' ? name : `${folder.relative}/${name}`;
      if (byPath?.(relative)) continue;
      const path = prefix + name;
      const escaped = folder.escaped || entry.escaped === true;
      if (entry.isDirectory()) this.stack.push({ path, relative, escaped });
      else if (entry.isFile()) this.visitFile(path, escaped ? toFsPath(path) : path);
      else if (!entry.isSymbolicLink()) this.sink.special(path);
      else if (this.options.followSymlinks) this.followSymlink(folder, path, relative, escaped ? toFsPath(path) : path);
    }
  }

  private visitFile(path: string, fsPath: string | Buffer): void {
    try {
      const stats = lstatSync(fsPath);
      if (stats.isFile()) {
        // Usually empty; testing its size first spares hashing every path.
        if (this.emittedOutsideWalk.size === 0 || !this.emittedOutsideWalk.has(path)) this.emit(path, stats, () => lstatSync(fsPath, { bigint: true }));
      } else if (!stats.isDirectory() && !stats.isSymbolicLink()) {
        // Swapped for a FIFO or device since the listing: reported, so it is never opened.
        this.sink.special(path);
      }
    } catch (error) {
      this.fail(path, error, 'Cannot read file details');
    }
  }

  /** A root that is not a folder, or the target of a symlink to something other than a folder. */
  private visitOutsideWalk(path: string, stats: Stats): void {
    if (!stats.isFile()) {
      this.sink.special(path);
    } else if (!this.emittedOutsideWalk.has(path)) {
      this.emittedOutsideWalk.add(path);
      this.emit(path, stats, () => statSync(toFsPath(path), { bigint: true }));
    }
  }

  private followSymlink(folder: PendingFolder, path: string, relative: string, fsPath: string | Buffer): void {
    this.sink.link?.(path);
    try {
      const stats = statSync(fsPath);
      const real = realPath(fsPath);
      if (!stats.isDirectory()) {
        this.linkedFiles.push({ path: real, stats });
      } else if (isWithin(folder.path, real, process.platform)) {
        this.sink.error({ path, code: ScanErrorCode.symlinkLoop, message: `Symlink loop: it leads back to ${displayPath(real)}, a folder that contains it` });
      } else {
        this.stack.push({ path: real, relative, escaped: hasEscapedBytes(real) });
      }
    } catch (error) {
      this.fail(path, error, isErrno(error, 'ENOENT') ? 'Dangling symlink' : isErrno(error, 'ELOOP') ? 'Symlink loop' : 'Cannot follow symlink');
    }
  }

  private inEnteredFolder(path: string): boolean {
    try {
      const fsPath = toFsPath(dirname(path));
      return this.entered.has(exactId(lstatSync(fsPath), () => lstatSync(fsPath, { bigint: true })));
    } catch (error) {
      this.fail(path, error, 'Cannot open folder');
      return true;
    }
  }

  private emit(path: string, stats: Stats, bigintStats: () => BigIntStats): void {
    if (stats.size < this.options.minSize) return;
    const fileId = exactId(stats, bigintStats);
    this.sink.file({ path, size: unboxed(stats.size), mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, fileId, nlink: unboxed(stats.nlink) });
  }

  private fail(path: string, error: unknown, what: string): void {
    this.sink.error(fileSystemError(path, error, what));
  }
}

/** A file system error for one path, worded as the walk reports it; anything else is a bug and is thrown. */
export function fileSystemError(path: string, error: unknown, what: string): ScanError {
  if (!(error instanceof Error) || typeof (error as NodeJS.ErrnoException).code !== 'string') throw error;
  const { code, errno } = error as NodeJS.ErrnoException;
  const reason = typeof errno === 'number' ? getSystemErrorMessage(errno) : error.message;
  return { path, code: code!, message: `${what}: ${reason}` };
}

/**
 * The same number, as an int32 where it is one. Stats hold doubles, which V8 boxes one by one
 * (16 bytes each) in a field of a walked file; int32s it stores in the object itself. For a size
 * below 2 GiB and a link count, 1.6 MB fewer objects on 50,000 files.
 */
function unboxed(count: number): number {
  return count <= 0x7fffffff ? count | 0 : count;
}

/** `${dev}:${ino}`, re-read as bigints where a number may have lost precision. */
export function exactId(stats: Pick<Stats, 'dev' | 'ino'>, bigintStats: () => Pick<BigIntStats, 'dev' | 'ino'>): string {
  // join() makes one flat string. The template literal kept three per file (the two halves and
  // the pair joining them): 48 bytes more a file, 2.4 MB on 50,000 files, each a survivor to copy.
  if (stats.ino <= Number.MAX_SAFE_INTEGER && stats.dev <= Number.MAX_SAFE_INTEGER) return [stats.dev, stats.ino].join(':');
  const exact = bigintStats();
  return `${exact.dev}:${exact.ino}`;
}


function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
