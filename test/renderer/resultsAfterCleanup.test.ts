// A clean-up step changes a cluster in place (same id, fewer files, less to reclaim): the list
// fetches its totals again once the burst is over, and the marks, which the engine dropped for
// the removed files.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectEngineEvents } from '../../renderer/store/engineEvents.ts';
import { createShingleStore } from '../../renderer/store/shingleStore.ts';
import { cluster, createFakeEngine, settle } from './fakeEngine.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('results after a clean-up step', () => {
  it('refresh the totals and the marks when a cluster changes in place', async () => {
    vi.useFakeTimers();
    const engine = createFakeEngine([cluster('c0', 'exact', ['/docs/a', '/docs/b', '/docs/c']), cluster('c1')]);
    const store = createShingleStore(engine);
    connectEngineEvents(engine, store);
    engine.marks = { c0: { '/docs/b': 'delete' } };
    await store.getState().loadMarks();
    await store.getState().refreshClusters({ reset: true });
    await settle();
    expect(store.getState().listSummary?.totalReclaimable).toBe(2000);

    const smaller = { ...cluster('c0', 'exact', ['/docs/a', '/docs/c']), reclaimable: 500 };
    engine.clusters[0] = smaller;
    engine.marks = {};
    engine.emit('clusterChanges', { changes: [{ event: 'cluster-changed', cluster: smaller, previousId: 'c0' }] });
    await vi.runAllTimersAsync();
    expect(store.getState().listSummary?.totalReclaimable).toBe(1500);
    expect(store.getState().marks).toEqual({});
  });
});
