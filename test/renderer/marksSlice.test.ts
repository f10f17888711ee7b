// Marks: shown at once, saved through setMark, undone step by step, never "delete" in a
// reference folder, and put back when the engine refuses them.
import { describe, expect, it } from 'vitest';
import { createShingleStore } from '../../renderer/store/shingleStore.ts';
import { cluster, createFakeEngine } from './fakeEngine.ts';

async function setup() {
  const engine = createFakeEngine([cluster('c1', 'near', ['/docs/a.txt', '/docs/b.txt', '/archive/c.txt'])]);
  const store = createShingleStore(engine);
  await store.getState().loadSettings();
  return { engine, store, c1: engine.clusters[0]! };
}

describe('marks', () => {
  it('marks a file and saves the mark through the engine', async () => {
    const { engine, store, c1 } = await setup();
    await store.getState().setMark(c1, 1, 'delete');
    expect(store.getState().marks).toEqual({ c1: { '/docs/b.txt': 'delete' } });
    expect(engine.setMark).toHaveBeenCalledWith({ clusterId: 'c1', fileIndex: 1, mark: 'delete' });
  });

  it('undoes marks one step at a time, saving each undo', async () => {
    const { engine, store, c1 } = await setup();
    await store.getState().setMark(c1, 0, 'keep');
    await store.getState().setMark(c1, 0, 'delete');
    await store.getState().setMark(c1, 1, 'delete');
    expect(store.getState().undoStack).toHaveLength(3);

    await store.getState().undo();
    expect(store.getState().marks).toEqual({ c1: { '/docs/a.txt': 'delete' } });
    expect(engine.setMark).toHaveBeenLastCalledWith({ clusterId: 'c1', fileIndex: 1, mark: null });

    await store.getState().undo();
    expect(store.getState().marks).toEqual({ c1: { '/docs/a.txt': 'keep' } });
    await store.getState().undo();
    expect(store.getState().marks).toEqual({});
    await store.getState().undo();
    expect(store.getState().undoStack).toEqual([]);
  });

  it('keeps one file and marks the others in one undoable step, sparing reference folders', async () => {
    const { store, c1 } = await setup();
    await store.getState().keepOnly(c1, 0);
    expect(store.getState().marks.c1).toEqual({ '/docs/a.txt': 'keep', '/docs/b.txt': 'delete' });
    expect(store.getState().undoStack).toHaveLength(1);
    await store.getState().undo();
    expect(store.getState().marks).toEqual({});
  });

  it('refuses to mark a file in a reference folder for deletion', async () => {
    const { engine, store, c1 } = await setup();
    await store.getState().setMark(c1, 2, 'delete');
    expect(store.getState().marks).toEqual({});
    expect(engine.setMark).not.toHaveBeenCalled();
    expect(store.getState().error).toMatch(/reference folder/);
  });

  it('records nothing when the mark does not change', async () => {
    const { engine, store, c1 } = await setup();
    await store.getState().setMark(c1, 0, null);
    expect(engine.setMark).not.toHaveBeenCalled();
    expect(store.getState().undoStack).toEqual([]);
  });

  it('shows the old mark again when the engine refuses the new one', async () => {
    const { engine, store, c1 } = await setup();
    engine.setMark = async () => {
      throw new Error('disk full');
    };
    await store.getState().setMark(c1, 0, 'keep');
    expect(store.getState().marks).toEqual({});
    expect(store.getState().undoStack).toEqual([]);
    expect(store.getState().error).toBe('disk full');
  });

  it('loads the marks saved by an earlier session', async () => {
    const { engine, store } = await setup();
    engine.marks = { c1: { '/docs/b.txt': 'delete' } };
    await store.getState().loadMarks();
    expect(store.getState().marks).toEqual({ c1: { '/docs/b.txt': 'delete' } });
  });

  it('never marks the document that contains the others for deletion', async () => {
    const engine = createFakeEngine([cluster('k1', 'contained', ['/docs/book.txt', '/docs/chapter.txt', '/docs/page.txt'])]);
    const store = createShingleStore(engine);
    const k1 = engine.clusters[0]!;
    await store.getState().setMark(k1, 0, 'delete');
    expect(store.getState().marks).toEqual({});
    expect(store.getState().error).toMatch(/contains the other documents/);
    await store.getState().keepOnly(k1, 2);
    expect(store.getState().marks).toEqual({ k1: { '/docs/page.txt': 'keep', '/docs/chapter.txt': 'delete' } });
  });
});
