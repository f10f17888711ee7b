// The cluster list: pages fetched on demand, filters that restart paging, answers for old
// filters dropped, and at most a few pages kept in memory.
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, clusterAt, clusterQuery, defaultFilters } from '../../renderer/store/clustersSlice.ts';
import { createShingleStore } from '../../renderer/store/shingleStore.ts';
import { createFakeEngine, manyClusters, settle } from './fakeEngine.ts';

describe('cluster list', () => {
  it('asks for what the filters select, leaving out filters that select everything', () => {
    expect(clusterQuery(defaultFilters, 2)).toEqual({ offset: 2 * PAGE_SIZE, limit: PAGE_SIZE, sort: 'reclaimable' });
    expect(clusterQuery({ ...defaultFilters, kinds: ['near'], formats: ['pdf'], folder: '/docs', search: '  report ' }, 0)).toEqual({
      offset: 0,
      limit: PAGE_SIZE,
      sort: 'reclaimable',
      kinds: ['near'],
      formats: ['pdf'],
      folder: '/docs',
      search: 'report',
    });
  });

  it('loads the first page and opens the first cluster', async () => {
    const engine = createFakeEngine(manyClusters(1000));
    const store = createShingleStore(engine);
    await store.getState().refreshClusters({ reset: true });
    await settle();
    const state = store.getState();
    expect(state.listSummary?.total).toBe(1000);
    expect(Object.keys(state.pages)).toEqual(['0']);
    expect(clusterAt(state, 5)?.id).toBe('c5');
    expect(state.cluster?.id).toBe('c0');
    expect(state.selectedIndex).toBe(0);
  });

  it('fetches only the pages of the rows in view, once each', async () => {
    const engine = createFakeEngine(manyClusters(1000));
    const store = createShingleStore(engine);
    await store.getState().refreshClusters({ reset: true });
    await Promise.all([store.getState().ensureClusterRange(150, 450), store.getState().ensureClusterRange(300, 420)]);
    expect(engine.queries.map((q) => q.offset)).toEqual([0, 200, 400]);
    expect(clusterAt(store.getState(), 450)?.id).toBe('c450');
  });

  it('keeps a bounded number of pages while scrolling far', async () => {
    const engine = createFakeEngine(manyClusters(100_000));
    const store = createShingleStore(engine);
    await store.getState().refreshClusters({ reset: true });
    for (let row = 0; row < 100_000; row += 5000) await store.getState().ensureClusterRange(row, row + 30);
    expect(Object.keys(store.getState().pages).length).toBeLessThanOrEqual(12);
    expect(clusterAt(store.getState(), 95_010)?.id).toBe('c95010');
  });

  it('restarts paging from the top when a filter changes', async () => {
    const engine = createFakeEngine(manyClusters(1000));
    const store = createShingleStore(engine);
    await store.getState().refreshClusters({ reset: true });
    await store.getState().ensureClusterRange(600, 650);
    const generation = store.getState().listGeneration;

    await store.getState().setFilters({ kinds: ['exact'] });
    const state = store.getState();
    expect(state.listGeneration).toBe(generation + 1);
    expect(Object.keys(state.pages)).toEqual(['0']);
    expect(engine.queries.at(-1)).toMatchObject({ offset: 0, kinds: ['exact'] });
    expect(state.listSummary?.total).toBe(334);
    expect(clusterAt(state, 1)?.id).toBe('c3');
  });

  it('drops pages that arrive for filters no longer in effect', async () => {
    const engine = createFakeEngine(manyClusters(1000));
    const store = createShingleStore(engine);
    await store.getState().refreshClusters({ reset: true });
    const late = store.getState().ensureClusterRange(800, 820);
    await store.getState().setFilters({ search: 'c99' });
    await late;
    expect(Object.keys(store.getState().pages)).toEqual(['0']);
    expect(store.getState().listSummary?.total).toBe(11);
  });

  it('finds the open cluster again under new filters, or lets go of its row', async () => {
    const engine = createFakeEngine(manyClusters(1000));
    const store = createShingleStore(engine);
    await store.getState().refreshClusters({ reset: true });
    await store.getState().selectClusterAt(3);
    expect(store.getState().cluster?.id).toBe('c3');

    await store.getState().setFilters({ kinds: ['exact'] });
    expect(store.getState().selectedIndex).toBe(1);
    await store.getState().setFilters({ kinds: ['near'] });
    expect(store.getState().selectedIndex).toBeNull();
    expect(store.getState().cluster?.id).toBe('c3');
    await store.getState().selectRelative(1);
    expect(store.getState().cluster?.id).toBe('c1');
  });

  it('moves through clusters across page boundaries', async () => {
    const engine = createFakeEngine(manyClusters(1000));
    const store = createShingleStore(engine);
    await store.getState().refreshClusters({ reset: true });
    await store.getState().selectClusterAt(PAGE_SIZE - 1);
    await store.getState().selectRelative(1);
    expect(store.getState().cluster?.id).toBe(`c${PAGE_SIZE}`);
    await store.getState().selectClusterAt(5000);
    expect(store.getState().cluster?.id).toBe(`c${PAGE_SIZE}`);
  });
});
