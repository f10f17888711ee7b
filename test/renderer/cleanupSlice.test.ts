// The clean-up slice: the choices (marks first, scope following the list's filter, kinds off by
// default) survive Back and reopening; the preview is the engine's plan, fetched a page at a time;
// confirming sends the plan id only; the batch is followed to its result; undo.
import { describe, expect, it, vi } from 'vitest';
import { addCriterion, keepRuleFolders, moveCriterion, removeCriterion } from '../../renderer/cleanup/cleanupRules.ts';
import { scopeCounts } from '../../renderer/store/cleanupSlice.ts';
import { createShingleStore } from '../../renderer/store/shingleStore.ts';
import { connectEngineEvents } from '../../renderer/store/engineEvents.ts';
import { cluster, createFakeEngine, settle } from './fakeEngine.ts';

function setup() {
  const engine = createFakeEngine([cluster('c1', 'exact'), cluster('c2', 'near'), cluster('c3', 'near', ['/docs/other-a.txt', '/docs/other-b.txt'])]);
  const store = createShingleStore(engine);
  connectEngineEvents(engine, store);
  return { engine, store };
}

/** A clean-up previewed, confirmed, and followed to its end (batch 1, one step). */
async function setupCleanedUp() {
  const { engine, store } = setup();
  await store.getState().previewCleanup();
  await store.getState().applyCleanup();
  engine.emit('actionProgress', { batchId: 1, done: 1, total: 1, failed: 0 });
  await settle();
  return { engine, store };
}

describe('clean-up choices', () => {
  it('start from the marks, the clusters shown, and copies only', async () => {
    const { engine, store } = setup();
    await store.getState().refreshClusters();
    store.getState().openCleanup();
    await settle();
    expect(scopeCounts(store.getState())).toEqual({ shown: 3, all: 3 });
    await store.getState().previewCleanup();
    // No filter: the clusters shown are all of them.
    expect(engine.previewActions).toHaveBeenCalledWith({ rules: [], useMarks: true, include: [], action: 'trash' });
  });

  it('scope to what the filter shows, with the count, unless all clusters are chosen', async () => {
    const { engine, store } = setup();
    await store.getState().setFilters({ search: 'other' });
    store.getState().openCleanup();
    await store.getState().countAllClusters();
    expect(scopeCounts(store.getState())).toEqual({ shown: 1, all: 3 });
    // The search cleared while the dialog is open: the counts follow the list.
    await store.getState().setFilters({ search: '' });
    expect(scopeCounts(store.getState())).toEqual({ shown: 3, all: 3 });
    await store.getState().setFilters({ search: 'other' });
    await store.getState().previewCleanup();
    expect(engine.previewActions).toHaveBeenLastCalledWith(expect.objectContaining({ clusterIds: ['c3'] }));

    store.getState().editCleanup();
    store.getState().setCleanupDraft({ scope: 'all' });
    await store.getState().previewCleanup();
    expect(engine.previewActions).toHaveBeenLastCalledWith(expect.not.objectContaining({ clusterIds: expect.anything() }));
  });

  it('survive Back and closing the dialog', async () => {
    const { engine, store } = setup();
    await store.getState().refreshClusters();
    store.getState().openCleanup();
    store.getState().setCleanupDraft({ criteria: [{ rule: 'newest', folder: '', formats: 'pdf>html>text' }], includeNear: true, scope: 'selected' });
    await store.getState().previewCleanup();
    expect(engine.previewActions).toHaveBeenLastCalledWith({ clusterIds: [store.getState().cluster!.id], rules: ['newest'], useMarks: true, include: ['near'], action: 'trash' });
    store.getState().editCleanup();
    store.getState().setCleanupDraft({ criteria: [{ rule: 'oldest', folder: '', formats: 'pdf>html>text' }] });
    await store.getState().previewCleanup();
    // Still the selected cluster only: Back changed nothing but the rule.
    expect(engine.previewActions).toHaveBeenLastCalledWith(expect.objectContaining({ clusterIds: [store.getState().cluster!.id], rules: ['oldest'], include: ['near'] }));
    store.getState().closeCleanup();
    store.getState().openCleanup();
    expect(store.getState().cleanupDraft).toMatchObject({ criteria: [{ rule: 'oldest' }], includeNear: true, scope: 'selected', useMarks: true });
  });

  it('offer the folders holding copies where the rule decides, most clusters first, and drop one no longer offered', async () => {
    const { engine, store } = setup();
    vi.mocked(engine.listClusterFolders).mockResolvedValue({
      folders: [
        { path: '/docs', clusters: 3, split: 0 },
        { path: '/docs/a', clusters: 1, split: 1 },
        { path: '/docs/b', clusters: 2, split: 2 },
      ],
    });
    store.getState().setCleanupDraft({ useMarks: false, criteria: [{ rule: 'in', folder: '/archive', formats: 'pdf>html>text' }] });
    store.getState().openCleanup();
    await settle();
    // /docs holds every file: it decides nothing and is never offered.
    expect(keepRuleFolders(store.getState().clusterFolders).map((folder) => folder.path)).toEqual(['/docs/b', '/docs/a']);
    expect(store.getState().cleanupDraft.criteria[0]!.folder).toBe('/docs/b');
    await store.getState().previewCleanup();
    expect(engine.previewActions).toHaveBeenLastCalledWith(expect.objectContaining({ rules: ['in:/docs/b'] }));
  });

  it('send the keep criteria in their order, as the person reorders them', async () => {
    const { engine, store } = setup();
    const first = { rule: 'not-in' as const, folder: '/docs/Downloads', formats: 'pdf>html>text' };
    // Added after "leave them as they are", a criterion replaces it; the next added is the shortest path.
    expect(addCriterion([{ ...first, rule: 'none' }], '/docs/Downloads')).toEqual([{ rule: 'shortest-path', folder: '/docs/Downloads', formats: 'pdf>html>text' }]);
    const criteria = addCriterion([first], '');
    store.getState().setCleanupDraft({ useMarks: false, criteria });
    await store.getState().previewCleanup();
    expect(engine.previewActions).toHaveBeenLastCalledWith(expect.objectContaining({ rules: ['not-in:/docs/Downloads', 'shortest-path'] }));
    store.getState().editCleanup();
    store.getState().setCleanupDraft({ criteria: moveCriterion(criteria, 1, -1) });
    await store.getState().previewCleanup();
    expect(engine.previewActions).toHaveBeenLastCalledWith(expect.objectContaining({ rules: ['shortest-path', 'not-in:/docs/Downloads'] }));
    // The last criterion left stays: something must decide.
    expect(removeCriterion(removeCriterion(criteria, 0), 0)).toEqual([criteria[1]]);
  });

  it('count the clusters in scope each criterion decides, the path last, and follow a reorder', async () => {
    const engine = createFakeEngine([
      cluster('c1', 'exact', ['/docs/Downloads/a.txt', '/docs/a.txt']),
      cluster('c2', 'exact', ['/docs/Downloads/b.txt', '/docs/x/b.txt', '/docs/yy/b.txt']),
      cluster('c3', 'exact', ['/docs/p/c.txt', '/docs/q/c.txt']),
      // An excerpt's cluster keeps its larger document whatever the rules say: no criterion decides it.
      cluster('c4', 'contained', ['/docs/Downloads/long.txt', '/docs/d.txt']),
    ]);
    const store = createShingleStore(engine);
    await store.getState().refreshClusters();
    const criteria = [
      { rule: 'not-in' as const, folder: '/docs/Downloads', formats: 'pdf>html>text' },
      { rule: 'shortest-path' as const, folder: '', formats: 'pdf>html>text' },
    ];
    store.getState().setCleanupDraft({ useMarks: false, scope: 'all', criteria });
    await store.getState().countDecided();
    expect(store.getState().cleanupDecided).toEqual({ byCriterion: [1, 1], byPath: 1 });
    store.getState().setCleanupDraft({ criteria: moveCriterion(criteria, 1, -1) });
    await store.getState().countDecided();
    expect(store.getState().cleanupDecided).toEqual({ byCriterion: [2, 0], byPath: 1 });
    // With the marks used, a cluster the person marked is theirs to decide, not a criterion's.
    store.setState({ marks: { c1: { '/docs/a.txt': 'keep' } } });
    store.getState().setCleanupDraft({ useMarks: true });
    await store.getState().countDecided();
    expect(store.getState().cleanupDecided).toEqual({ byCriterion: [1, 0], byPath: 1 });
    // A format list being typed counts nothing rather than something wrong.
    store.getState().setCleanupDraft({ criteria: [{ rule: 'format', folder: '', formats: 'pdf>' }] });
    await store.getState().countDecided();
    expect(store.getState().cleanupDecided).toBeNull();
  });

  it('need something that decides', async () => {
    const { engine, store } = setup();
    store.getState().setCleanupDraft({ useMarks: false, criteria: [{ rule: 'none', folder: '', formats: 'pdf>html>text' }] });
    await store.getState().previewCleanup();
    expect(engine.previewActions).not.toHaveBeenCalled();
  });
});

describe('clean-up plan and batch', () => {
  it('loads the rest of a long plan by pages, once each', async () => {
    const { engine, store } = setup();
    const planCluster = (id: string) => ({ clusterId: id, kind: 'exact' as const, files: [] });
    engine.previewActions = async ({ action }) => ({
      planId: 'plan-9',
      action,
      include: [],
      createdAt: 0,
      totals: { files: 0, bytes: 0, clusters: 0, refused: 0 },
      clusterCount: 3,
      clusters: [planCluster('a')],
    });
    engine.getPlanPage = async ({ planId, offset, limit }) => ({ planId, offset, clusterCount: 3, clusters: [planCluster('b'), planCluster('c')].slice(offset - 1, offset - 1 + limit) });
    await store.getState().previewCleanup();
    await Promise.all([store.getState().loadMorePlan(), store.getState().loadMorePlan()]);
    expect(store.getState().cleanupPlanClusters.map((c) => c.clusterId)).toEqual(['a', 'b', 'c']);
  });

  it('applies the previewed plan by its id, follows the progress and shows the result', async () => {
    const { engine, store } = setup();
    store.getState().openCleanup();
    await store.getState().previewCleanup();
    await store.getState().applyCleanup();
    // Exactly the previewed plan, by its id: nothing else is sent.
    expect(engine.applyActions).toHaveBeenCalledWith({ planId: 'plan-1' });
    expect(store.getState()).toMatchObject({ cleanupStage: 'running', lastBatchId: 1 });

    engine.emit('actionProgress', { batchId: 1, done: 0, total: 1, failed: 0 });
    expect(store.getState().cleanupProgress).toEqual({ batchId: 1, done: 0, total: 1, failed: 0 });
    engine.emit('actionProgress', { batchId: 1, done: 1, total: 1, failed: 0 });
    await settle();
    expect(engine.getBatchResult).toHaveBeenCalledWith({ batchId: 1 });
    expect(store.getState().cleanupStage).toBe('result');
    expect(store.getState().cleanupResult?.steps).toHaveLength(1);
    expect(engine.listClusters).toHaveBeenCalled();
  });

  it('applies once when confirmed twice at once (a double click)', async () => {
    const { engine, store } = setup();
    await store.getState().previewCleanup();
    await Promise.all([store.getState().applyCleanup(), store.getState().applyCleanup()]);
    expect(engine.applyActions).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ cleanupStage: 'running', lastBatchId: 1 });
  });

  it('fetches the result when the last progress came before the answer', async () => {
    const { engine, store } = setup();
    await store.getState().previewCleanup();
    engine.applyActions = async () => {
      engine.emit('actionProgress', { batchId: 1, done: 1, total: 1, failed: 0 });
      return { batchId: 1 };
    };
    await store.getState().applyCleanup();
    await settle();
    expect(store.getState().cleanupResult?.batchId).toBe(1);
  });

  it('undoes the last batch once', async () => {
    const { engine, store } = await setupCleanedUp();
    await store.getState().undoLastBatch();
    expect(engine.undoBatch).toHaveBeenCalledWith({ batchId: 1 });
    expect(store.getState().undoResult?.outcomes[0]?.state).toBe('restored');
    expect(store.getState().lastBatchId).toBeNull();
    await store.getState().undoLastBatch();
    expect(engine.undoBatch).toHaveBeenCalledTimes(1);
  });

  it('undoes once when Undo is clicked twice at once', async () => {
    const { engine, store } = await setupCleanedUp();
    await Promise.all([store.getState().undoLastBatch(), store.getState().undoLastBatch()]);
    expect(engine.undoBatch).toHaveBeenCalledTimes(1);
    const batch = { batchId: 1, startedAt: 1, action: 'trash' as const, files: 1, bytes: 10, planned: 1, state: 'done' as const, undone: false, undoable: true };
    engine.batches = [batch];
    await Promise.all([store.getState().undoFromHistory(1), store.getState().undoFromHistory(1)]);
    expect(engine.undoBatch).toHaveBeenCalledTimes(2);
  });

  it("undoes once when the result's Undo and the History's are clicked at once", async () => {
    const { engine, store } = await setupCleanedUp();
    await store.getState().openHistory();
    await Promise.all([store.getState().undoLastBatch(), store.getState().undoFromHistory(1)]);
    expect(engine.undoBatch).toHaveBeenCalledTimes(1);
    expect(store.getState().undoResult?.batchId).toBe(1);
    expect(store.getState().lastBatchId).toBeNull();
  });

  it('stops a running batch once, however many clicks, and then shows its result', async () => {
    const { engine, store } = setup();
    await store.getState().previewCleanup();
    await store.getState().applyCleanup();
    engine.emit('actionProgress', { batchId: 1, done: 0, total: 3, failed: 0 });
    await settle();
    let stopped!: () => void;
    engine.cancelBatch = vi.fn(() => new Promise<Record<string, never>>((resolve) => (stopped = () => resolve({}))));
    const stops = [store.getState().stopCleanup(), store.getState().stopCleanup()];
    expect(store.getState().cleanupStopping).toBe(true);
    // The engine answers once the batch has stopped, after its last progress.
    engine.emit('actionProgress', { batchId: 1, done: 3, total: 3, failed: 2 });
    stopped();
    await Promise.all(stops);
    await settle();
    expect(engine.cancelBatch).toHaveBeenCalledTimes(1);
    expect(engine.cancelBatch).toHaveBeenCalledWith({ batchId: 1 });
    expect(store.getState().cleanupStopping).toBe(false);
    expect(store.getState().cleanupStage).toBe('result');
  });

  it('reports an engine refusal and stays on the preview', async () => {
    const { engine, store } = setup();
    await store.getState().previewCleanup();
    engine.applyActions = async () => {
      throw new Error('nothing to do: no file would be removed');
    };
    await store.getState().applyCleanup();
    expect(store.getState().cleanupStage).toBe('confirm');
    expect(store.getState().error).toMatch(/nothing to do/);
  });
});

describe('history and files not read', () => {
  it('lists every batch, undoes one and lists them again', async () => {
    const { engine, store } = setup();
    const batch = { batchId: 4, startedAt: 1, action: 'trash' as const, files: 2, bytes: 10, planned: 2, state: 'done' as const, undone: false, undoable: true };
    engine.batches = [batch];
    await store.getState().openHistory();
    expect(store.getState().batches).toEqual([batch]);
    engine.batches = [{ ...batch, undone: true, undoable: false }];
    await store.getState().undoFromHistory(4);
    expect(engine.undoBatch).toHaveBeenCalledWith({ batchId: 4 });
    expect(store.getState().batches?.[0]?.undone).toBe(true);
    expect(store.getState().historyUndo?.batchId).toBe(4);
  });

  it('pages through the files the scan could not read', async () => {
    const { engine, store } = setup();
    engine.scanErrors = Array.from({ length: 700 }, (_, i) => ({ path: `/docs/f${i}`, code: 'EACCES', message: 'permission denied' }));
    await store.getState().openScanErrors();
    expect(store.getState().scanErrors).toMatchObject({ total: 700, errors: { length: 500 } });
    await store.getState().loadMoreScanErrors();
    expect(store.getState().scanErrors?.errors.at(-1)?.path).toBe('/docs/f699');
  });
});
