// Duplicate folders in the store: loaded from the engine, a failure shown as the app's error.
import { expect, it } from 'vitest';
import type { FolderMatch } from '../../shared/report.ts';
import { createShingleStore } from '../../renderer/store/shingleStore.ts';
import { createFakeEngine } from './fakeEngine.ts';

const match: FolderMatch = {
  id: 'folder-1',
  kind: 'folder',
  folders: ['/docs/Documents', '/docs/Backup'],
  similarity: 0.92,
  matchedBytes: 5000,
  matchedFiles: 5,
  onlyInA: ['/docs/Documents/new.txt'],
  onlyInB: [],
};

it('loads the folder matches, and reports an engine failure as the error', async () => {
  const engine = createFakeEngine();
  engine.folderMatches = [match];
  const store = createShingleStore(engine);
  expect(store.getState().folderMatches).toBeNull();
  await store.getState().loadFolderMatches();
  expect(store.getState().folderMatches).toEqual([match]);

  engine.listFolderMatches = async () => {
    throw new Error('engine gone');
  };
  await store.getState().loadFolderMatches();
  expect(store.getState().error).toMatch(/engine gone/);
  expect(store.getState().folderMatches).toEqual([match]);
});
