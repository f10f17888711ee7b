// Engine events feed the store: progress, the end of a scan (which opens the results),
// changed and removed clusters, and states that arrive out of order.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScanProgress } from '../../renderer/engine/contractTypes.ts';
import { connectEngineEvents } from '../../renderer/store/engineEvents.ts';
import { createShingleStore } from '../../renderer/store/shingleStore.ts';
import { cluster, createFakeEngine, manyClusters, settle } from './fakeEngine.ts';

const progress: ScanProgress = {
  phase: 'hash',
  filesSeen: 10,
  bytesSeen: 1000,
  bytesToRead: 1000,
  bytesRead: 400,
  filesDone: 4,
  filesToDo: 10,
  elapsedMs: 900,
  phaseElapsedMs: 800,
};

async function setup(clusters = manyClusters(10)) {
  const engine = createFakeEngine(clusters);
  const store = createShingleStore(engine);
  connectEngineEvents(engine, store);
  await store.getState().initialize();
  return { engine, store };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('engine events', () => {
  it('starts on the setup screen when no scan has finished yet', async () => {
    const { store } = await setup();
    expect(store.getState().ready).toBe(true);
    expect(store.getState().screen).toBe('setup');
    expect(store.getState().settings?.roots).toEqual(['/docs']);
  });

  it('reopens the results of an earlier scan', async () => {
    const engine = createFakeEngine(manyClusters(3));
    engine.scanState = { running: false, scanId: 's0', finishedAt: 1, errors: 0 };
    const store = createShingleStore(engine);
    await store.getState().initialize();
    await settle();
    expect(store.getState().screen).toBe('review');
    expect(store.getState().listSummary?.total).toBe(3);
    expect(store.getState().cluster?.id).toBe('c0');
  });

  it('shows progress, then the results when the scan ends', async () => {
    const { engine, store } = await setup();
    await store.getState().startScan();
    expect(store.getState().scanState).toMatchObject({ running: true, scanId: 'scan-1' });

    engine.emit('scanProgress', progress);
    expect(store.getState().progress).toEqual(progress);

    engine.emit('scanState', { running: false, scanId: 'scan-1', finishedAt: 2, errors: 0 });
    await settle();
    // A scan started from the folders ends on the overview.
    expect(store.getState().screen).toBe('overview');
    expect(store.getState().listSummary?.total).toBe(10);
    expect(store.getState().cluster?.id).toBe('c0');
  });

  it('opens the new results after another scan, not the cluster open before', async () => {
    const { engine, store } = await setup();
    engine.emit('scanState', { running: false, scanId: 'scan-0', finishedAt: 1, errors: 0 });
    await settle();
    await store.getState().selectClusterAt(4);
    engine.clusters = engine.clusters.slice(5);
    engine.emit('scanState', { running: true, scanId: 'scan-1', errors: 0 });
    engine.emit('scanState', { running: false, scanId: 'scan-1', finishedAt: 2, errors: 0 });
    await settle();
    expect(store.getState().listSummary?.total).toBe(5);
    expect(store.getState().cluster?.id).toBe('c5');
    expect(store.getState().selectedIndex).toBe(0);
  });

  it('keeps the end of a scan that was told before the start command answered', async () => {
    const { engine, store } = await setup();
    engine.startScan = async () => {
      engine.emit('scanState', { running: true, scanId: 'scan-2', errors: 0 });
      engine.emit('scanState', { running: false, scanId: 'scan-2', finishedAt: 3, errors: 0 });
      return { scanId: 'scan-2' };
    };
    await store.getState().startScan();
    expect(store.getState().scanState).toMatchObject({ running: false, finishedAt: 3 });
  });

  it('stays on the setup screen after a cancelled scan, and reports a failed one', async () => {
    const { engine, store } = await setup();
    engine.emit('scanState', { running: true, scanId: 's', errors: 0 });
    engine.emit('scanState', { running: false, scanId: 's', finishedAt: 4, cancelled: true, errors: 0 });
    expect(store.getState().screen).toBe('setup');
    engine.emit('scanState', { running: true, scanId: 't', errors: 0 });
    expect(store.getState().progress).toBeNull();
    engine.emit('scanState', { running: false, scanId: 't', finishedAt: 5, failure: 'out of memory', errors: 0 });
    expect(store.getState().error).toBe('The scan failed: out of memory');
  });

  it('updates a changed cluster in the list and reloads it when it is open', async () => {
    const { engine, store } = await setup();
    await store.getState().refreshClusters({ reset: true });
    await settle();
    expect(store.getState().cluster?.id).toBe('c0');
    const changed = { ...cluster('c0'), similarity: 0.6 };
    engine.emit('clusterChanges', { changes: [{ event: 'cluster-changed', cluster: changed, previousId: 'c0' }] });
    await settle();
    expect(store.getState().pages[0]![0]).toBe(changed);
    expect(store.getState().cluster).toBe(changed);
    expect(store.getState().texts[1]).toEqual({ status: 'ready', text: 'text of c0 #1', truncated: false });
  });

  it('replaces a cluster that changed under a new id, in the list, the open view and the marks', async () => {
    const { engine, store } = await setup();
    await store.getState().refreshClusters({ reset: true });
    await settle();
    const grown = cluster('c0-grown', 'exact', ['/docs/c0-a.txt', '/docs/c0-b.txt', '/docs/c0-c.txt']);
    engine.marks = { 'c0-grown': { '/docs/c0-a.txt': 'keep' } };
    engine.emit('clusterChanges', { changes: [{ event: 'cluster-changed', cluster: grown, previousId: 'c0' }] });
    await settle();
    expect(store.getState().pages[0]![0]).toBe(grown);
    expect(store.getState().cluster).toBe(grown);
    expect(store.getState().selectedIndex).toBe(0);
    expect(store.getState().clusterGone).toBe(false);
    expect(store.getState().marks).toEqual(engine.marks);
  });

  it('asks for the marks once or twice in a burst of clusters changed under new ids, and shows the newest', async () => {
    const { engine, store } = await setup();
    await store.getState().refreshClusters({ reset: true });
    await settle();
    const asked = vi.mocked(engine.getMarks).mock.calls.length;
    for (let i = 0; i < 50; i++) {
      const grown = cluster(`c${i}-grown`, 'exact', [`/docs/c${i}-a.txt`, `/docs/c${i}-b.txt`]);
      engine.marks = { [`c${i}-grown`]: { [`/docs/c${i}-a.txt`]: 'keep' } };
      engine.emit('clusterChanges', { changes: [{ event: 'cluster-changed', cluster: grown, previousId: `c${i}` }] });
    }
    await settle();
    expect(vi.mocked(engine.getMarks).mock.calls.length - asked).toBeLessThanOrEqual(2);
    expect(store.getState().marks).toEqual({ 'c49-grown': { '/docs/c49-a.txt': 'keep' } });
  });

  it("shows the host's word that the engine stopped for good", async () => {
    const { engine, store } = await setup();
    engine.emit('engineStopped', { message: 'The engine stopped unexpectedly 4 times within a minute and was not started again.' });
    expect(store.getState().error).toBe('The engine stopped unexpectedly 4 times within a minute and was not started again.');
  });

  it('marks the open cluster gone when it is removed, and fetches the list again shortly after', async () => {
    vi.useFakeTimers();
    const { engine, store } = await setup();
    await store.getState().refreshClusters({ reset: true });
    await settle();
    const removed = engine.clusters.shift()!;
    const queries = engine.queries.length;
    engine.emit('clusterChanges', { changes: [{ event: 'cluster-removed', cluster: removed }] });
    engine.emit('clusterChanges', { changes: [{ event: 'cluster-added', cluster: cluster('new') }] });
    expect(store.getState().clusterGone).toBe(true);
    expect(engine.queries.length).toBe(queries);
    await vi.runAllTimersAsync();
    expect(engine.queries.length).toBe(queries + 1);
    expect(store.getState().listSummary?.total).toBe(9);
    expect(store.getState().selectedIndex).toBeNull();
  });
});
