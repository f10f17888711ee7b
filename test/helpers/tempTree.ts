// Real folders for engine tests: a temp dir with files described inline, removed afterwards.
import { mkdtemp, mkdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { exists } from './exists.ts';

let staging = 0;

/** How far back a written file's mtime is set. */
const SETTLED_AGE_MS = 60_000;

export interface TempTree {
  root: string;
  path(relative: string): string;
  write(relative: string, content: string | Uint8Array): Promise<string>;
  remove(): Promise<void>;
}

export async function createTempTree(files: Record<string, string | Uint8Array> = {}): Promise<TempTree> {
  const root = await mkdtemp(join(tmpdir(), 'shingle-test-'));
  const tree: TempTree = {
    root,
    path: (relative) => join(root, relative),
    async write(relative, content) {
      const path = join(root, relative);
      await mkdir(dirname(path), { recursive: true });
      // A minute old, in order (each write's a little later): a scan keeps what it reads only of
      // files whose mtime is older than it by RACY_WINDOW_MS (contentCache.ts), and the tests of
      // what a rescan takes from the index write their files just before the first scan.
      const written = new Date(Date.now() - SETTLED_AGE_MS);
      if (await exists(path)) {
        // Rewritten in place: the same inode (a hard link's other names see it).
        await writeFile(path, content);
        await utimes(path, written, written);
      } else {
        // A new file appears whole, with its time, in one rename: a watcher sees one event, not a
        // write and then a change of times that may fall into two of its batches.
        const staged = join(tmpdir(), `shingle-staged-${process.pid}-${staging++}`);
        await writeFile(staged, content);
        await utimes(staged, written, written);
        await rename(staged, path);
      }
      return path;
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
  for (const [relative, content] of Object.entries(files)) await tree.write(relative, content);
  return tree;
}
