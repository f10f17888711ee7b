// Issue 11 item 12: on Linux the watch sets one inotify watch per folder, none per file, and still
// hears of every file saved, added in a new folder, or removed.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FOLDER_EVENTS_NAME_ENTRIES, watchFolderTree } from '../../../../electron/node/watch/folderWatcher.ts';
import type { FolderWatcher } from '../../../../electron/node/watch/diskWatcher.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

/** inotify watches this process holds: one `inotify wd:` line each in its inotify fds' fdinfo. */
function inotifyWatches(): number {
  let count = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    let target: string;
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue;
    }
    if (target !== 'anon_inode:inotify') continue;
    count += readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8').split('\n').filter((line) => line.startsWith('inotify wd:')).length;
  }
  return count;
}

function collect(watcher: FolderWatcher) {
  const seen: string[] = [];
  /** The event name of each of `seen`. */
  const kinds: string[] = [];
  const waiters = new Set<() => void>();
  watcher.on('all', (event, path) => {
    seen.push(path);
    kinds.push(event);
    for (const waiter of [...waiters]) waiter();
  });
  const ready = new Promise<void>((resolve) => watcher.on('ready', resolve));
  /** Resolves once `path` is named by an event from index `from` of `seen` on. */
  const heard = (path: string, from = 0) =>
    new Promise<void>((resolve) => {
      const waiter = () => {
        if (!seen.slice(from).includes(path)) return;
        waiters.delete(waiter);
        resolve();
      };
      waiters.add(waiter);
      waiter();
    });
  return { seen, kinds, ready, heard };
}

/** A new folder's watch is set once the event about it is handled: writes files into it until one is heard. */
async function writeUntilHeard(events: ReturnType<typeof collect>, folder: string): Promise<void> {
  for (let i = 0; !events.seen.includes(join(folder, `file-${i - 1}.txt`)); i++) {
    await writeFile(join(folder, `file-${i}.txt`), 'x');
    await Promise.race([events.heard(join(folder, `file-${i}.txt`)), new Promise((resolve) => setImmediate(resolve))]);
  }
}

describe.skipIf(!FOLDER_EVENTS_NAME_ENTRIES)('watching folders (Linux: inotify names the entry)', () => {
  let tree: TempTree | undefined;
  let watcher: FolderWatcher | undefined;
  afterEach(async () => {
    await watcher?.close();
    await tree?.remove();
    tree = watcher = undefined;
  });

  it('sets one watch per folder the scan would walk, none per file', async () => {
    const files: Record<string, string> = {};
    for (const folder of ['a', 'b', 'b/c', 'node_modules/pkg']) for (let i = 0; i < 20; i++) files[`${folder}/file-${i}.txt`] = `${folder} ${i}`;
    tree = await createTempTree(files);
    const before = inotifyWatches();
    watcher = watchFolderTree([tree.root], { ignored: (path) => path.includes('node_modules'), followSymlinks: false });
    await collect(watcher).ready;
    // The root, a, b and b/c; node_modules is left out as the scan leaves it out.
    expect(inotifyWatches() - before).toBe(4);
  });

  it('hears of saves, of files in a folder made after it started, and of removals', async () => {
    tree = await createTempTree({ 'a/one.txt': 'one' });
    watcher = watchFolderTree([tree.root], { ignored: () => false, followSymlinks: false });
    const events = collect(watcher);
    await events.ready;
    await writeFile(tree.path('a/one.txt'), 'one, edited');
    await events.heard(tree.path('a/one.txt'));
    await mkdir(tree.path('new'));
    await events.heard(tree.path('new'));
    await writeUntilHeard(events, tree.path('new'));
    const mark = events.seen.length;
    await rm(tree.path('a/one.txt'));
    await events.heard(tree.path('a/one.txt'), mark);
    // The names the disk watcher waits on (SETTLE_MS): a write may not be the last, so it is
    // given time to finish; an entry's removal or arrival is a rename.
    expect(events.kinds[events.seen.indexOf(tree.path('a/one.txt'))]).toBe('write');
    expect(events.kinds[events.seen.indexOf(tree.path('a/one.txt'), mark)]).toBe('rename');
  });

  it('watches a folder made under the name of one renamed away', async () => {
    tree = await createTempTree({ 'b/one.txt': 'one' });
    watcher = watchFolderTree([tree.root], { ignored: () => false, followSymlinks: false });
    const events = collect(watcher);
    await events.ready;
    await rename(tree.path('b'), tree.path('moved'));
    await events.heard(tree.path('moved'));
    await mkdir(tree.path('b'));
    await events.heard(tree.path('b'));
    await writeUntilHeard(events, tree.path('b'));
  });
});
