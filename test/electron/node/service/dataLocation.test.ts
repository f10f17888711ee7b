// The app's data folder is the CLI's; what the app kept in its own folder before comes along
// once, never over what is already there.
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adoptEarlierData, defaultDataDir } from '../../../../electron/node/service/dataLocation.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

describe('the app data folder', () => {
  let tree: TempTree;
  beforeEach(async () => {
    tree = await createTempTree({ 'old/settings.json': '{"hidden":true}', 'old/marks.json': '{"c":{"/a":"keep"}}', 'old/index.sqlite': 'not copied' });
  });
  afterEach(() => tree.remove());

  it('is where the CLI keeps its index and journal', () => {
    expect(defaultDataDir({ env: {}, platform: 'linux', home: '/home/ann' })).toBe('/home/ann/.local/share/shingle');
    expect(defaultDataDir({ env: { XDG_DATA_HOME: '/data' }, platform: 'linux', home: '/home/ann' })).toBe('/data/shingle');
  });

  it('adopts the earlier settings and marks once, and never overwrites', async () => {
    expect(adoptEarlierData(tree.path('old'), tree.path('new'))).toEqual(['settings.json', 'marks.json']);
    expect((await readdir(tree.path('new'))).sort()).toEqual(['marks.json', 'settings.json']);
    await writeFile(tree.path('old/settings.json'), '{"hidden":false}');
    expect(adoptEarlierData(tree.path('old'), tree.path('new'))).toEqual([]);
    expect(await readFile(tree.path('new/settings.json'), 'utf8')).toBe('{"hidden":true}');
  });

  it('leaves a folder alone that already has settings, or when there is nothing earlier', async () => {
    await mkdir(tree.path('cli'));
    await writeFile(tree.path('cli/settings.json'), '{}');
    expect(adoptEarlierData(tree.path('old'), tree.path('cli'))).toEqual([]);
    expect(adoptEarlierData(tree.path('nothing'), tree.path('fresh'))).toEqual([]);
    expect(await readdir(tree.path('cli'))).toEqual(['settings.json']);
    expect(adoptEarlierData(join(tree.root, 'old'), tree.path('old'))).toEqual([]);
  });
});
