// Real folders for engine tests: a temp dir with files described inline, removed afterwards.
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

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
      await writeFile(path, content);
      // A minute old, in order (each write's a little later): a scan keeps what it reads only of
      // files whose mtime is older than it by RACY_WINDOW_MS (contentCache.ts), and the tests of
      // what a rescan takes from the index write their files just before the first scan.
      const written = new Date(Date.now() - SETTLED_AGE_MS);
      await utimes(path, written, written);
      return path;
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
  for (const [relative, content] of Object.entries(files)) await tree.write(relative, content);
  return tree;
}
