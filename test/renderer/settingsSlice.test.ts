// Settings: saved as they change, newest answer wins, folders added by picker or by drop.
import { describe, expect, it } from 'vitest';
import { createShingleStore } from '../../renderer/store/shingleStore.ts';
import { createFakeEngine } from './fakeEngine.ts';

function fileNamed(name: string): File {
  return new File([], name);
}

describe('settings', () => {
  it('shows a change at once and keeps what the engine saved', async () => {
    const engine = createFakeEngine();
    const store = createShingleStore(engine);
    await store.getState().loadSettings();
    const saving = store.getState().updateSettings({ threshold: 0.8 });
    expect(store.getState().settings?.threshold).toBe(0.8);
    await saving;
    expect(engine.updateSettings).toHaveBeenCalledWith({ threshold: 0.8 });
    expect(store.getState().settings?.threshold).toBe(0.8);
  });

  it('ignores an older answer that arrives after a newer one', async () => {
    const engine = createFakeEngine();
    const store = createShingleStore(engine);
    await store.getState().loadSettings();
    const answers: (() => void)[] = [];
    engine.updateSettings = (patch) =>
      new Promise((resolve) => answers.push(() => resolve({ ...engine.settings, ...patch })));
    const first = store.getState().updateSettings({ threshold: 0.3 });
    const second = store.getState().updateSettings({ threshold: 0.4 });
    answers[1]!();
    await second;
    answers[0]!();
    await first;
    expect(store.getState().settings?.threshold).toBe(0.4);
  });

  it('adds dropped folders through the host, naming what was not a folder', async () => {
    const engine = createFakeEngine();
    const store = createShingleStore(engine, { dropToken: async (file) => `/dropped/${file.name}` });
    await store.getState().loadSettings();
    await store.getState().addDroppedFolders('roots', [fileNamed('photos'), fileNamed('notes.txt')]);
    expect(engine.addDroppedFolders).toHaveBeenCalledWith({ purpose: 'roots', tokens: ['/dropped/photos', '/dropped/notes.txt'] });
    expect(store.getState().settings?.roots).toEqual(['/docs', '/dropped/photos']);
    expect(store.getState().error).toBe('Not added, as they are not folders: notes.txt');
  });

  it('explains that drops need a host that knows their paths', async () => {
    const engine = createFakeEngine();
    const store = createShingleStore(engine);
    await store.getState().addDroppedFolders('roots', [fileNamed('photos')]);
    expect(engine.addDroppedFolders).not.toHaveBeenCalled();
    expect(store.getState().error).toMatch(/Only folders can be added/);
  });

  it('removes a folder', async () => {
    const engine = createFakeEngine();
    const store = createShingleStore(engine);
    await store.getState().removeFolder('referenceRoots', '/archive');
    expect(store.getState().settings?.referenceRoots).toEqual([]);
  });
});
