// The app's JSON documents (settings, marks, the last scan): a file that cannot be parsed is set
// aside rather than overwritten by the next save, and temporary files a killed process left go.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createJsonFile } from '../../../../electron/node/service/jsonFile.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

let tree: TempTree;
beforeEach(async () => {
  tree = await createTempTree();
});
afterEach(() => tree.remove());

/** A pid no process has now: the highest pids are free on any machine running these tests. */
function deadPid(): number {
  for (let pid = 4_194_000; ; pid++) {
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return pid;
    }
  }
}

it('sets aside a file it cannot parse, says so, and saves beside it', async () => {
  const path = tree.path('marks.json');
  await writeFile(path, '{"marks": [1, 2');
  const said = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const file = createJsonFile<{ marks: number[] }>(path);
    expect(await file.read()).toBeUndefined();
    expect(said).toHaveBeenCalledWith(expect.stringMatching(/marks\.json could not be read \(not JSON\); it was set aside as .*marks\.json\.corrupt-\d+/));
    await file.save({ marks: [3] });
    const names = (await readdir(tree.root)).sort();
    expect(names).toEqual(['marks.json', expect.stringMatching(/^marks\.json\.corrupt-\d+$/)]);
    expect(await readFile(join(tree.root, names[1]!), 'utf8')).toBe('{"marks": [1, 2');
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ marks: [3] });
  } finally {
    said.mockRestore();
  }
});

it("removes the temporary files of writes a killed process left, not a live process's", async () => {
  const path = tree.path('settings.json');
  await writeFile(path, '{"a":1}');
  const dead = `settings.json.${deadPid()}.tmp`;
  const live = `settings.json.${process.pid}.tmp`;
  await writeFile(tree.path(dead), '{"half');
  await writeFile(tree.path(live), '{"being written');
  expect(await createJsonFile(path).read()).toEqual({ a: 1 });
  expect((await readdir(tree.root)).sort()).toEqual(['settings.json', live].sort());
});
