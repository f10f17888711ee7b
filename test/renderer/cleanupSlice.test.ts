// The clean-up slice: preview, confirm, follow the batch's progress to its result, undo; the
// engine is only ever sent cluster ids and rules.
import { describe, expect, it } from 'vitest';
import { createShingleStore } from '../../renderer/store/shingleStore.ts';
import { connectEngineEvents } from '../../renderer/store/engineEvents.ts';
import { cluster, createFakeEngine, settle } from './fakeEngine.ts';

function setup() {
  const engine = createFakeEngine([cluster('c1', 'exact')]);
  const store = createShingleStore(engine);
  connectEngineEvents(engine, store);
  return { engine, store };
}

const request = { rules: ['newest'], useMarks: false, action: 'trash' as const };

describe('clean-up', () => {
  it('opens on the choices and previews a request', async () => {
    const { engine, store } = setup();
    store.getState().openCleanup();
    expect(store.getState().cleanupStage).toBe('choose');
    await store.getState().previewCleanup(request);
    expect(engine.previewActions).toHaveBeenCalledWith(request);
    expect(store.getState()).toMatchObject({ cleanupStage: 'confirm', cleanupRequest: request, cleanupPreview: { files: 1, bytes: 1000 } });
    store.getState().editCleanup();
    expect(store.getState()).toMatchObject({ cleanupStage: 'choose', cleanupPreview: null });
  });

  it('applies with confirmation, follows the progress and shows the result', async () => {
    const { engine, store } = setup();
    store.getState().openCleanup();
    await store.getState().previewCleanup(request);
    await store.getState().applyCleanup();
    expect(engine.applyActions).toHaveBeenCalledWith(request);
    expect(store.getState()).toMatchObject({ cleanupStage: 'running', lastBatchId: 1 });

    engine.emit('actionProgress', { batchId: 1, done: 0, total: 1, failed: 0 });
    expect(store.getState().cleanupProgress).toEqual({ batchId: 1, done: 0, total: 1, failed: 0 });
    engine.emit('actionProgress', { batchId: 1, done: 1, total: 1, failed: 0 });
    await settle();
    expect(engine.getBatchResult).toHaveBeenCalledWith({ batchId: 1 });
    expect(store.getState().cleanupStage).toBe('result');
    expect(store.getState().cleanupResult?.steps).toHaveLength(1);
    // The list is fetched again: the files are gone.
    expect(engine.listClusters).toHaveBeenCalled();
  });

  it('fetches the result when the last progress came before the answer', async () => {
    const { engine, store } = setup();
    await store.getState().previewCleanup(request);
    engine.applyActions = async () => {
      engine.emit('actionProgress', { batchId: 1, done: 1, total: 1, failed: 0 });
      return { batchId: 1 };
    };
    await store.getState().applyCleanup();
    await settle();
    expect(store.getState().cleanupResult?.batchId).toBe(1);
  });

  it('undoes the last batch once', async () => {
    const { engine, store } = setup();
    await store.getState().previewCleanup(request);
    await store.getState().applyCleanup();
    engine.emit('actionProgress', { batchId: 1, done: 1, total: 1, failed: 0 });
    await settle();
    await store.getState().undoLastBatch();
    expect(engine.undoBatch).toHaveBeenCalledWith({ batchId: 1 });
    expect(store.getState().undoResult?.outcomes[0]?.state).toBe('restored');
    expect(store.getState().lastBatchId).toBeNull();
    await store.getState().undoLastBatch();
    expect(engine.undoBatch).toHaveBeenCalledTimes(1);
  });

  it('reports an engine refusal and goes back to the choices', async () => {
    const { engine, store } = setup();
    await store.getState().previewCleanup(request);
    engine.applyActions = async () => {
      throw new Error('nothing to do: no file would be removed');
    };
    await store.getState().applyCleanup();
    expect(store.getState().cleanupStage).toBe('choose');
    expect(store.getState().error).toMatch(/nothing to do/);
  });
});
