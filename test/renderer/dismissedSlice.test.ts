// Dismissing from the page: the engine is asked by cluster id and file position (never a path;
// the one shown there goes along only as a check),
// a dismissed open group gives way to the next one rather than reading as "gone from disk", and
// the Dismissed view lists and restores.
import { describe, expect, it, vi } from 'vitest';
import { cluster, storeWithFirstClusterOpen } from './fakeEngine.ts';

const setup = () => storeWithFirstClusterOpen([cluster('c1'), cluster('c2')]);

describe('dismissals in the store', () => {
  it('opens the next group after dismissing the open one', async () => {
    const { engine, store } = await setup();
    const open = store.getState().cluster!;
    vi.mocked(engine.dismiss).mockImplementation(async ({ clusterId }) => {
      engine.clusters = engine.clusters.filter((c) => c.id !== clusterId);
      return { id: 1 };
    });
    await store.getState().dismiss(open);
    expect(engine.dismiss).toHaveBeenCalledWith({ clusterId: open.id, paths: open.files.map((f) => f.path) });
    expect(store.getState().cluster?.id).not.toBe(open.id);
    expect(store.getState().cluster).not.toBeNull();
    expect(store.getState().clusterGone).toBe(false);
  });

  it('dismisses one file by its position, with the path shown there as the check', async () => {
    const { engine, store } = await setup();
    const open = store.getState().cluster!;
    await store.getState().dismiss(open, 1);
    expect(engine.dismiss).toHaveBeenCalledWith({ clusterId: open.id, fileIndex: 1, path: open.files[1]!.path });
  });

  it('lists dismissals and restores one', async () => {
    const { engine, store } = await setup();
    const entry = { id: 7, paths: ['/docs/a.txt', '/docs/b.txt'], dismissedMs: 1 };
    vi.mocked(engine.listDismissed).mockResolvedValueOnce([entry]).mockResolvedValueOnce([]);
    await store.getState().openDismissed();
    expect(store.getState().dismissed).toEqual([entry]);
    await store.getState().restoreDismissed(7);
    expect(engine.restore).toHaveBeenCalledWith({ id: 7 });
    expect(store.getState().dismissed).toEqual([]);
  });
});
