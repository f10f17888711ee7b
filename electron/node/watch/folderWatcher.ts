// Watching folders, not files, where the system names the changed entry in a folder's events
// (Linux's inotify): one watch per folder, nothing kept per file. chokidar sets a watch and keeps
// listeners and state for every file, ~10 KB each; this costs a folder's watch and path.
// It has chokidar's shape (FolderWatcher), so diskWatcher.ts and its tests use either.
import { EventEmitter } from 'node:events';
import { watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeFsName } from '../../../shared/fsName.ts';
import { isUnder } from '../index/scanRoots.ts';
import { toFsPath } from '../scan/fsPath.ts';
import type { FolderWatcher } from './diskWatcher.ts';
import type { IgnoreTest } from './watchIgnore.ts';

export interface FolderTreeOptions {
  ignored: IgnoreTest;
  followSymlinks: boolean;
}

/** Where a folder's events name the entry that changed; elsewhere chokidar watches each file. */
export const FOLDER_EVENTS_NAME_ENTRIES = process.platform === 'linux';

/**
 * Emits 'all' with 'write' for content changes (maybe not the last of a save) and 'rename' for any
 * entry added, removed or renamed (the system does not say which, so the watch waits for the pair
 * of a rename either way), 'ready' once every folder is watched, and 'error' as chokidar does (ENOSPC, EMFILE).
 */
export function watchFolderTree(roots: readonly string[], options: FolderTreeOptions): FolderWatcher {
  const events = new EventEmitter();
  const watchers = new Map<string, FSWatcher>();
  /** Real paths of the folders watched, so a symlink loop is followed once. */
  const realFolders = new Set<string>();
  const realOf = new Map<string, string>();
  /** Folders whose watch was refused as unreadable: watched once an event says they changed (a chmod). */
  const refused = new Set<string>();
  let closed = false;

  function unwatchUnder(folder: string): void {
    for (const [path, watcher] of watchers) {
      if (!isUnder(path, folder)) continue;
      watcher.close();
      watchers.delete(path);
    }
    // A folder made later under a name gone now (or renamed away) is a folder to watch again.
    for (const [path, real] of realOf) {
      if (!isUnder(path, folder)) continue;
      realFolders.delete(real);
      realOf.delete(path);
    }
  }

  function onEvent(folder: string, type: string, name: Buffer | null): void {
    if (closed) return;
    const path = name === null ? folder : join(folder, decodeFsName(name));
    if (options.ignored(path)) return;
    // The names diskWatcher's SETTLE_MS waits on.
    events.emit('all', type === 'change' ? 'write' : 'rename', path);
    if (type === 'change' && refused.delete(path)) void addTree(path);
    // A folder made or moved in needs watches of its own; one gone frees its watches.
    if (type === 'rename' && name !== null) {
      void stat(toFsPath(path)).then(
        (info) => (info.isDirectory() ? addTree(path) : undefined),
        // Only a folder once watched has watches below it: a file gone costs no search.
        () => {
          refused.delete(path);
          if (realOf.has(path)) unwatchUnder(path);
        },
      );
    }
  }

  function watchFolder(folder: string): boolean {
    if (closed || watchers.has(folder)) return false;
    let watcher: FSWatcher;
    try {
      watcher = watch(toFsPath(folder), { persistent: true, encoding: 'buffer' }, (type, name) => onEvent(folder, type, name));
    } catch (error) {
      // Gone already, or unreadable: the walk reports those; a refused watch is the watch's to handle.
      const { code } = error as NodeJS.ErrnoException;
      if (code === 'EACCES') refused.add(folder);
      else if (code !== 'ENOENT') events.emit('error', error);
      return false;
    }
    watcher.on('error', (error: NodeJS.ErrnoException) => {
      watcher.close();
      watchers.delete(folder);
      if (error.code !== 'ENOENT' && error.code !== 'EPERM') events.emit('error', error);
    });
    watchers.set(folder, watcher);
    return true;
  }

  /** Watches `folder` and every folder below it that the scan would walk. */
  async function addTree(folder: string): Promise<void> {
    if (closed || options.ignored(folder)) return;
    const real = await realpath(toFsPath(folder)).catch(() => undefined);
    if (real === undefined || realFolders.has(real)) return;
    realFolders.add(real);
    realOf.set(folder, real);
    if (!watchFolder(folder)) {
      // Not watched: an unreadable folder is tried again once readable, as any folder not seen yet.
      if (refused.has(folder)) {
        realFolders.delete(real);
        realOf.delete(folder);
      }
      return;
    }
    const entries = await readdir(toFsPath(folder), { withFileTypes: true, encoding: 'buffer' }).catch(() => []);
    const below: string[] = [];
    for (const entry of entries) {
      const path = join(folder, decodeFsName(entry.name));
      if (entry.isDirectory()) below.push(path);
      else if (entry.isSymbolicLink() && options.followSymlinks && (await stat(toFsPath(path)).catch(() => undefined))?.isDirectory()) below.push(path);
    }
    for (const path of below) await addTree(path);
  }

  void Promise.all(roots.map(addTree)).then(() => {
    if (!closed) events.emit('ready');
  });

  return {
    on(event: string, listener: (...args: never[]) => void) {
      events.on(event, listener as (...args: unknown[]) => void);
      return this;
    },
    async close() {
      closed = true;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  } as FolderWatcher;
}
