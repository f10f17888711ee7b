// Real folders for engine tests: a temp dir with files described inline, removed afterwards.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

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
      return path;
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
  for (const [relative, content] of Object.entries(files)) await tree.write(relative, content);
  return tree;
}
