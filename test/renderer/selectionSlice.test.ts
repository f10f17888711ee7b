// The open cluster's focused file follows its file through a change on disk, and leaves with it:
// a key meant for it never acts on the file that moved into its place. Files are named to the
// engine by position with the path shown there as its check.
import { describe, expect, it } from 'vitest';
import { cluster, storeWithFirstClusterOpen } from './fakeEngine.ts';

const setup = () => storeWithFirstClusterOpen([cluster('n1', 'near', ['/docs/a.txt', '/docs/b.txt', '/docs/c.txt'])]);

describe('the focused file of the open cluster', () => {
  it('stays on its file when a change on disk moves it', async () => {
    const { engine, store } = await setup();
    store.getState().focusFile(2);
    engine.emit('clusterChanges', { changes: [{ event: 'cluster-changed', previousId: 'n1', cluster: cluster('n2', 'near', ['/docs/b.txt', '/docs/c.txt']) }] });
    expect(store.getState().cluster?.id).toBe('n2');
    expect(store.getState().focusedFile).toBe(1);
  });

  it('leaves with its file, and the keys start again at the first file', async () => {
    const { engine, store } = await setup();
    store.getState().focusFile(1);
    engine.emit('clusterChanges', { changes: [{ event: 'cluster-changed', previousId: 'n1', cluster: cluster('n2', 'near', ['/docs/a.txt', '/docs/c.txt']) }] });
    expect(store.getState().focusedFile).toBeNull();
    store.getState().focusRelativeFile(1);
    expect(store.getState().focusedFile).toBe(0);
  });

  it('opens, reveals and reads a file by position with the path shown there', async () => {
    const { engine, store } = await setup();
    await store.getState().openFile(1, 'open');
    await store.getState().openFile(2, 'reveal');
    expect(engine.openFile).toHaveBeenCalledWith({ clusterId: 'n1', fileIndex: 1, path: '/docs/b.txt' });
    expect(engine.revealFile).toHaveBeenCalledWith({ clusterId: 'n1', fileIndex: 2, path: '/docs/c.txt' });
    expect(engine.getDocumentText).toHaveBeenCalledWith({ clusterId: 'n1', fileIndex: 0, path: '/docs/a.txt' });
  });
});
