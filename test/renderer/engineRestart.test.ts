// When the host starts a new engine after the old one died, the store lets go of what the old
// one was running (the scan's screen, the clean-up's "Cleaning up…"), reads again all the engine
// holds, and says in one line what was interrupted; when the host gives up, what was running lets go too.
import { describe, expect, it, vi } from 'vitest';
import type { CommandResponse } from '../../shared/contract/engineContract.ts';
import { connectEngineEvents } from '../../renderer/store/engineEvents.ts';
import { createShingleStore } from '../../renderer/store/shingleStore.ts';
import type { ShingleStore } from '../../renderer/store/storeTypes.ts';
import { cluster, createFakeEngine, settle } from './fakeEngine.ts';
import type { FakeEngine } from './fakeEngine.ts';

const RESTARTED = 'The engine stopped unexpectedly and was started again';

async function setup() {
  const engine = createFakeEngine([cluster('c1', 'exact'), cluster('c2')]);
  engine.scanState = { running: false, scanId: 's0', finishedAt: 1, errors: 0 };
  const store = createShingleStore(engine);
  connectEngineEvents(engine, store);
  await store.getState().initialize();
  await settle();
  return { engine, store };
}

/** The host's word that a new engine took over, and the store's reaction to it, to its last step. */
function restart(engine: FakeEngine, store: ShingleStore): Promise<void> {
  const done = new Promise<void>((resolve) => {
    const off = store.subscribe((state) => {
      if (!state.error?.startsWith(RESTARTED)) return;
      off();
      resolve();
    });
  });
  engine.emit('engineRestarted', {});
  return done;
}

/** A batch the journal left running: one file done, one never reached. */
/** A clean-up previewed, applied and one file into its two (batch 1), when the engine dies. */
async function setupCleanupRunning() {
  const { engine, store } = await setup();
  store.getState().openCleanup();
  await store.getState().previewCleanup();
  await store.getState().applyCleanup();
  engine.emit('actionProgress', { batchId: 1, done: 1, total: 2, failed: 0 });
  return { engine, store };
}

const interrupted: CommandResponse<'getBatchResult'> = {
  batchId: 1,
  action: 'trash',
  running: true,
  undone: false,
  steps: [
    { clusterId: 'c1', path: '/docs/c1-b.txt', state: 'done' },
    { clusterId: 'c2', path: '/docs/c2-b.txt', state: 'pending' },
  ],
};

describe('an engine restart', () => {
  it('ends the scan the old engine was running and reads again the results, marks and settings', async () => {
    const { engine, store } = await setup();
    await store.getState().startScan();
    engine.emit('scanProgress', { phase: 'hash', filesSeen: 10, bytesSeen: 10, bytesToRead: 10, bytesRead: 4, filesDone: 4, filesToDo: 10, elapsedMs: 1, phaseElapsedMs: 1 });
    const asked = { clusters: engine.queries.length, marks: vi.mocked(engine.getMarks).mock.calls.length, settings: vi.mocked(engine.getSettings).mock.calls.length };
    // Meanwhile the new engine's results, marks and settings are not those read before.
    engine.clusters = [cluster('c9')];
    engine.marks = { c9: { '/docs/c9-a.txt': 'keep' } };
    engine.settings = { ...engine.settings, roots: ['/docs', '/more'] };
    store.getState().showScreen('setup');

    await restart(engine, store);
    const state = store.getState();
    expect(state.scanState).toEqual({ running: false, scanId: 's0', finishedAt: 1, errors: 0 });
    expect(state.progress).toBeNull();
    expect(state.error).toBe(`${RESTARTED}; the scan was interrupted: scan again when you are ready.`);
    // The last finished scan is not a scan that just ended: the screen stays.
    expect(state.screen).toBe('setup');
    expect(engine.queries.length).toBeGreaterThan(asked.clusters);
    expect(vi.mocked(engine.getMarks).mock.calls.length).toBeGreaterThan(asked.marks);
    expect(vi.mocked(engine.getSettings).mock.calls.length).toBeGreaterThan(asked.settings);
    expect(state.listSummary?.total).toBe(1);
    expect(state.marks).toEqual({ c9: { '/docs/c9-a.txt': 'keep' } });
    expect(state.settings?.roots).toEqual(['/docs', '/more']);
  });

  it('shows the results of a scan the old engine finished before it died, its end untold', async () => {
    const { engine, store } = await setup();
    store.getState().showScreen('setup');
    await store.getState().startScan();
    engine.scanState = { running: false, scanId: 'scan-1', finishedAt: 2, errors: 0 };
    engine.clusters = [cluster('c8'), cluster('c9')];
    await restart(engine, store);
    expect(store.getState().scanState).toEqual(engine.scanState);
    expect(store.getState().screen).toBe('overview');
    expect(store.getState().listSummary?.total).toBe(2);
    expect(store.getState().error).toBe(`${RESTARTED}.`);
  });

  it('says only that the engine restarted when nothing was running, and reloads an open History', async () => {
    const { engine, store } = await setup();
    await store.getState().openHistory();
    engine.batches = [{ batchId: 7, startedAt: 1, action: 'trash', files: 1, bytes: 10, planned: 1, state: 'done', undone: false, undoable: true }];
    await restart(engine, store);
    expect(store.getState().error).toBe(`${RESTARTED}.`);
    expect(store.getState().batches).toEqual(engine.batches);
  });

  it('shows what the journal says a clean-up did when the engine died during it, and reopens on the choices', async () => {
    const { engine, store } = await setupCleanupRunning();
    expect(store.getState().cleanupStage).toBe('running');
    vi.mocked(engine.getBatchResult).mockResolvedValueOnce(interrupted);

    await restart(engine, store);
    expect(engine.getBatchResult).toHaveBeenLastCalledWith({ batchId: 1 });
    expect(store.getState()).toMatchObject({ cleanupStage: 'result', cleanupResult: interrupted, lastBatchId: 1 });
    expect(store.getState().error).toBe(`${RESTARTED}; the clean-up was interrupted: its result shows what was done.`);
    store.getState().closeCleanup();
    store.getState().openCleanup();
    expect(store.getState().cleanupStage).toBe('choose');
  });

  it('shows a clean-up that had ended, its end untold, as ended, not interrupted', async () => {
    const { engine, store } = await setupCleanupRunning();
    const ended = { ...interrupted, running: false };
    vi.mocked(engine.getBatchResult).mockResolvedValueOnce(ended);
    await restart(engine, store);
    expect(store.getState()).toMatchObject({ cleanupStage: 'result', cleanupResult: ended, lastBatchId: 1 });
    expect(store.getState().error).toBe(`${RESTARTED}.`);
  });

  it('settles a clean-up whose start the old engine never answered: from its progress when it came, else back to the choices', async () => {
    for (const progressCame of [true, false]) {
      const { engine, store } = await setup();
      const answer = Promise.withResolvers<{ batchId: number }>();
      vi.mocked(engine.applyActions).mockReturnValueOnce(answer.promise);
      vi.mocked(engine.getBatchResult).mockResolvedValueOnce(interrupted);
      store.getState().openCleanup();
      await store.getState().previewCleanup();
      const applied = store.getState().applyCleanup();
      if (progressCame) engine.emit('actionProgress', { batchId: 1, done: 0, total: 2, failed: 0 });
      // As the preload does: the unanswered call fails, then the page is told.
      answer.reject(new Error('The engine restarted; try again.'));
      await restart(engine, store);
      await applied;
      expect(store.getState().error, String(progressCame)).toBe(`${RESTARTED}; the clean-up was interrupted: ${progressCame ? 'its result' : 'the History'} shows what was done.`);
      if (progressCame) {
        expect(store.getState()).toMatchObject({ cleanupStage: 'result', cleanupResult: interrupted, lastBatchId: 1 });
      } else {
        // The plan previewed lived in the old engine: preview again.
        expect(store.getState()).toMatchObject({ cleanupStage: 'choose', cleanupPreview: null, cleanupProgress: null });
        expect(engine.getBatchResult).not.toHaveBeenCalled();
      }
    }
  });

  it('sends a preview back to the choices: its plan died with the old engine', async () => {
    const { engine, store } = await setup();
    store.getState().openCleanup();
    await store.getState().previewCleanup();
    expect(store.getState().cleanupStage).toBe('confirm');
    await restart(engine, store);
    expect(store.getState()).toMatchObject({ cleanupStage: 'choose', cleanupPreview: null, cleanupPlanClusters: [] });
    expect(store.getState().error).toBe(`${RESTARTED}.`);
  });
});

describe('Cancel', () => {
  it('lets go of a scan the engine does not know (it cancels nothing and tells nothing)', async () => {
    const { engine, store } = await setup();
    await store.getState().startScan();
    await store.getState().cancelScan();
    expect(engine.cancelScan).toHaveBeenCalled();
    expect(store.getState().scanState).toEqual({ running: false, scanId: 's0', finishedAt: 1, errors: 0 });
  });
});

describe('the host giving up on the engine', () => {
  it('lets the scan screen and the clean-up go, with its message', async () => {
    const { engine, store } = await setup();
    await store.getState().startScan();
    store.getState().openCleanup();
    await store.getState().previewCleanup();
    await store.getState().applyCleanup();
    engine.emit('actionProgress', { batchId: 1, done: 0, total: 2, failed: 0 });
    engine.emit('engineStopped', { message: 'The engine stopped unexpectedly 4 times within a minute and was not started again.' });
    expect(store.getState().scanState?.running).toBe(false);
    expect(store.getState().cleanupStage).toBe('closed');
    expect(store.getState().error).toBe('The engine stopped unexpectedly 4 times within a minute and was not started again.');
    store.getState().openCleanup();
    expect(store.getState().cleanupStage).toBe('choose');
  });
});
