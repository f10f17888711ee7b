// Marks: shown at once, saved through setMark (with the path shown as the engine's check), undone
// step by step on the file they were made on (wherever a change on disk moved it), steps forgotten
// once new results replace the old, never "delete" in a reference folder, and put back when the
// engine refuses them.
import { describe, expect, it, vi } from 'vitest';
import { connectEngineEvents } from '../../renderer/store/engineEvents.ts';
import { createShingleStore } from '../../renderer/store/shingleStore.ts';
import { cluster, createFakeEngine, settle, storeWithFirstClusterOpen } from './fakeEngine.ts';

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
    expect(engine.setMark).toHaveBeenCalledWith({ clusterId: 'c1', fileIndex: 1, path: '/docs/b.txt', mark: 'delete' });
  });

  it('undoes marks one step at a time, saving each undo', async () => {
    const { engine, store, c1 } = await setup();
    await store.getState().setMark(c1, 0, 'keep');
    await store.getState().setMark(c1, 0, 'delete');
    await store.getState().setMark(c1, 1, 'delete');
    expect(store.getState().undoStack).toHaveLength(3);

    await store.getState().undo();
    expect(store.getState().marks).toEqual({ c1: { '/docs/a.txt': 'delete' } });
    expect(engine.setMark).toHaveBeenLastCalledWith({ clusterId: 'c1', fileIndex: 1, path: '/docs/b.txt', mark: null });

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

describe('marks when the results change under them', () => {
  async function opened(paths: string[]) {
    const engine = createFakeEngine([cluster('e1', 'exact', paths)]);
    engine.scanState = { running: false, scanId: 's0', finishedAt: 1, errors: 0 };
    const store = createShingleStore(engine);
    connectEngineEvents(engine, store);
    await store.getState().initialize();
    await settle();
    expect(store.getState().cluster?.id).toBe('e1');
    return { engine, store };
  }

  it('undoes a mark on the file it was made on, wherever a change on disk moved it in its cluster', async () => {
    const { engine, store } = await opened(['/docs/a.txt', '/docs/c.txt', '/docs/d.txt']);
    await store.getState().setMark(store.getState().cluster!, 1, 'delete');
    // A copy b.txt appears: the exact cluster keeps its id (its content), c.txt moves to position 2.
    engine.emit('clusterChanges', { changes: [{ event: 'cluster-changed', previousId: 'e1', cluster: cluster('e1', 'exact', ['/docs/a.txt', '/docs/b.txt', '/docs/c.txt', '/docs/d.txt']) }] });
    await store.getState().undo();
    expect(engine.setMark).toHaveBeenLastCalledWith({ clusterId: 'e1', fileIndex: 2, path: '/docs/c.txt', mark: null });
    expect(store.getState().marks).toEqual({});
  });

  it("forgets the undo steps and takes the engine's marks when new results replace the old ones", async () => {
    const { engine, store } = await opened(['/docs/a.txt', '/docs/c.txt']);
    await store.getState().setMark(store.getState().cluster!, 1, 'delete');
    expect(store.getState().undoStack).toHaveLength(1);
    // The rescan's results hold other clusters: the engine dropped the marks of those gone.
    engine.clusters = [cluster('e2', 'exact', ['/docs/x.txt', '/docs/y.txt'])];
    engine.marks = {};
    engine.emit('scanState', { running: true, scanId: 's1', errors: 0 });
    engine.emit('scanState', { running: false, scanId: 's1', finishedAt: 2, errors: 0 });
    await settle();
    expect(store.getState().undoStack).toEqual([]);
    expect(store.getState().marks).toEqual({});
    vi.mocked(engine.setMark).mockClear();
    await store.getState().undo();
    expect(engine.setMark).not.toHaveBeenCalled();
  });
});

describe('undo steps of a cluster that changed on disk', () => {
  async function marked() {
    const { engine, store } = await storeWithFirstClusterOpen([cluster('n1', 'near', ['/docs/a.txt', '/docs/b.txt', '/docs/c.txt'])]);
    await store.getState().setMark(store.getState().cluster!, 1, 'delete');
    return { engine, store };
  }

  it('undoes a mark under the id its cluster took when a member left it', async () => {
    const { engine, store } = await marked();
    engine.emit('clusterChanges', { changes: [{ event: 'cluster-changed', previousId: 'n1', cluster: cluster('n2', 'near', ['/docs/b.txt', '/docs/c.txt']) }] });
    await store.getState().undo();
    expect(engine.setMark).toHaveBeenLastCalledWith({ clusterId: 'n2', fileIndex: 0, path: '/docs/b.txt', mark: null });
  });

  it('forgets the undo steps of a cluster that left the results: its marks went with it', async () => {
    const { engine, store } = await marked();
    engine.emit('clusterChanges', { changes: [{ event: 'cluster-removed', cluster: engine.clusters[0]! }] });
    expect(store.getState().undoStack).toEqual([]);
    vi.mocked(engine.setMark).mockClear();
    await store.getState().undo();
    expect(engine.setMark).not.toHaveBeenCalled();
  });
});

describe('bulk marks', () => {
  async function listed() {
    const engine = createFakeEngine([
      cluster('e1', 'exact', ['/docs/Downloads/a.txt', '/docs/Documents/a.txt']),
      cluster('e2', 'exact', ['/docs/Downloads/b.txt', '/docs/Backup/b.txt', '/docs/Documents/b.txt']),
      cluster('e3', 'exact', ['/docs/Other/c.txt', '/docs/Other/d.txt']),
    ]);
    const store = createShingleStore(engine);
    await store.getState().loadSettings();
    return { engine, store };
  }

  it('marks all, then inverts, the clusters of the filter in one engine call each, and undoes each in one step', async () => {
    const { engine, store } = await listed();
    await store.getState().setFilters({ search: 'b.txt' });
    await store.getState().markShown('all', 1);
    expect(store.getState().marks).toEqual({ e2: { '/docs/Downloads/b.txt': 'keep', '/docs/Backup/b.txt': 'delete', '/docs/Documents/b.txt': 'delete' } });
    expect(engine.setMarks).toHaveBeenCalledTimes(1);
    expect(engine.setMark).not.toHaveBeenCalled();

    await store.getState().markShown('invert', 1);
    expect(store.getState().marks.e2).toEqual({ '/docs/Downloads/b.txt': 'delete', '/docs/Backup/b.txt': 'keep', '/docs/Documents/b.txt': 'keep' });
    expect(store.getState().undoStack).toHaveLength(2);

    await store.getState().undo();
    expect(store.getState().marks.e2).toEqual({ '/docs/Downloads/b.txt': 'keep', '/docs/Backup/b.txt': 'delete', '/docs/Documents/b.txt': 'delete' });
    expect(engine.setMarks).toHaveBeenCalledTimes(3);
    expect(engine.setMarks).toHaveBeenLastCalledWith({
      marks: [
        { clusterId: 'e2', fileIndex: 0, path: '/docs/Downloads/b.txt', mark: 'keep' },
        { clusterId: 'e2', fileIndex: 1, path: '/docs/Backup/b.txt', mark: 'delete' },
        { clusterId: 'e2', fileIndex: 2, path: '/docs/Documents/b.txt', mark: 'delete' },
      ],
    });
    await store.getState().markShown('none', 1);
    expect(store.getState().marks).toEqual({});
  });

  it('marks nothing when the filter holds other clusters than the button named', async () => {
    const { engine, store } = await listed();
    await store.getState().markShown('all', 2);
    expect(store.getState().marks).toEqual({});
    expect(engine.setMarks).not.toHaveBeenCalled();
    expect(store.getState().error).toMatch(/The list holds 3 clusters now, not the 2 the button named, so nothing was marked/);
  });

  it("takes a folder's marks from the engine as one undo step, undone in one call", async () => {
    const { engine, store } = await listed();
    const changes = [
      { clusterId: 'e1', fileIndex: 0, path: '/docs/Downloads/a.txt', before: null, after: 'delete' as const },
      { clusterId: 'e2', fileIndex: 0, path: '/docs/Downloads/b.txt', before: null, after: 'delete' as const },
    ];
    vi.mocked(engine.markFolder).mockResolvedValueOnce({ changes });
    expect(await store.getState().markFolder('/docs/Downloads', 'delete', 2)).toBe(true);
    expect(engine.markFolder).toHaveBeenCalledWith({ folder: '/docs/Downloads', mark: 'delete', files: 2 });
    expect(store.getState().marks).toEqual({ e1: { '/docs/Downloads/a.txt': 'delete' }, e2: { '/docs/Downloads/b.txt': 'delete' } });
    await store.getState().undo();
    expect(store.getState().marks).toEqual({});
    expect(engine.setMarks).toHaveBeenCalledExactlyOnceWith({ marks: changes.map(({ clusterId, fileIndex, path }) => ({ clusterId, fileIndex, path, mark: null })) });
  });

  it('says on the spot that an edited version marked Delete stays unless edited versions are included', async () => {
    const { store, c1 } = await setup();
    await store.getState().setMark(c1, 1, 'delete');
    expect(store.getState().markNote).toBe('b.txt is an edited version: it stays unless “Edited versions” is ticked in the clean-up.');
    await store.getState().undo();
    expect(store.getState().markNote).toBeNull();

    store.getState().setCleanupDraft({ includeNear: true });
    await store.getState().setMark(c1, 1, 'delete');
    expect(store.getState().markNote).toBeNull();
  });

  it('counts the marks again once the engine has saved them', async () => {
    const { engine, store, c1 } = await setup();
    const order: string[] = [];
    let save = () => {};
    engine.setMark = vi.fn(() => new Promise<Record<string, never>>((resolve) => (save = () => (order.push('saved'), resolve({})))));
    vi.mocked(engine.countMarks).mockImplementation(async () => (order.push('counted'), { marked: 1, willGo: 0, need: { near: 1, contained: 0 } }));
    const marking = store.getState().setMark(c1, 1, 'delete');
    save();
    await marking;
    expect(order).toEqual(['saved', 'counted']);
    expect(store.getState().markCounts).toEqual({ marked: 1, willGo: 0, need: { near: 1, contained: 0 } });
  });

  it('asks the engine to count the Delete marks with the kinds the clean-up includes', async () => {
    const { engine, store } = await setup();
    vi.mocked(engine.countMarks).mockResolvedValueOnce({ marked: 8, willGo: 6, need: { near: 2, contained: 0 } });
    await store.getState().loadMarkCounts();
    expect(engine.countMarks).toHaveBeenLastCalledWith({ include: [] });
    expect(store.getState().markCounts).toEqual({ marked: 8, willGo: 6, need: { near: 2, contained: 0 } });
    store.getState().setCleanupDraft({ includeNear: true, includeContained: true });
    await store.getState().loadMarkCounts();
    expect(engine.countMarks).toHaveBeenLastCalledWith({ include: ['near', 'contained'] });
  });
});
