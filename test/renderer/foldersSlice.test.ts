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

it("loads a pair's files, and opens a folder clean-up's preview on the engine's plan", async () => {
  const engine = createFakeEngine();
  engine.folderMatches = [match];
  const files = { a: [{ path: '/docs/Documents/new.txt', state: 'only-here' as const }], b: [{ path: '/docs/Backup/x.txt', size: 10, state: 'matched' as const, counterpart: '/docs/Documents/x.txt' }] };
  engine.getFolderFiles = async () => files;
  const store = createShingleStore(engine);
  await store.getState().loadFolderFiles('folder-1');
  expect(store.getState().folderFiles).toEqual({ 'folder-1': files });

  // Two requests for one pair: the older answer, arriving last, is not shown.
  const answers: ((value: typeof files) => void)[] = [];
  engine.getFolderFiles = () => new Promise((resolve) => answers.push(resolve));
  const older = store.getState().loadFolderFiles('folder-1');
  const newer = store.getState().loadFolderFiles('folder-1');
  const newest = { a: [], b: [] };
  answers[1]!(newest);
  await newer;
  answers[0]!(files);
  await older;
  expect(store.getState().folderFiles['folder-1']).toBe(newest);

  await store.getState().previewFolderCleanup('folder-1', 'b');
  expect(engine.previewFolderCleanup).toHaveBeenCalledWith({ folderId: 'folder-1', side: 'b', action: 'trash' });
  expect(store.getState()).toMatchObject({ cleanupStage: 'confirm', cleanupRequest: null, cleanupPreview: { planId: 'folder-plan-1', folder: { cleaned: '/docs/Backup' } } });
  // Confirming runs that plan by its id, like any clean-up.
  await store.getState().applyCleanup();
  expect(engine.applyActions).toHaveBeenCalledWith({ planId: 'folder-plan-1' });
});
