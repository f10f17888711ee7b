// Issue 11 item 11: `shingle watch` whose folder is deleted or renamed says so in one line and
// exits 1 (it exited 13, "unsettled top-level await", when nothing was left to wait on).
import { rename, rm } from 'node:fs/promises';
import { afterEach, expect, it } from 'vitest';
import { lineReader } from '../../../helpers/lineReader.ts';
import { startCli } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

let tree: TempTree | undefined;
afterEach(async () => {
  await tree?.remove();
  tree = undefined;
});

it.each([
  ['deleted', (root: string) => rm(root, { recursive: true })],
  ['renamed', (root: string) => rename(root, `${root}-renamed`)],
])('stops with one line and exit 1 when its folder is %s', async (_what, remove) => {
  tree = await createTempTree({ 'watched/notes.txt': 'some notes\n' });
  const root = tree.path('watched');
  const { child, done } = startCli(['watch', root, '--no-index']);
  await lineReader(child.stdout!).until((text) => text.startsWith('Watching'), 30_000);
  await remove(root);
  const result = await done;
  expect(result.code).toBe(1);
  expect(result.stderr).toBe(`shingle watch: ${root}: the folder is gone (deleted, renamed or unmounted); the watch stopped\n`);
});
