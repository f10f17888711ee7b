// What depends on the native watcher, simulated through the createWatcher seam: the system
// refusing more watches (ENOSPC, EMFILE, reported as chokidar reports them), and watches that
// take long to set. The walks, rescans and analyses are real.
import { EventEmitter } from 'node:events';
import { chmod } from 'node:fs/promises';
import type { ChokidarOptions } from 'chokidar';
import { afterEach, describe, expect, it } from 'vitest';
import { RESCAN_INTERVAL_MS } from '../../../../electron/node/watch/watchFolders.ts';
import { prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { pathsOf, startWatch } from './watchFixture.ts';
import type { WatchRun } from './watchFixture.ts';

class FakeWatcher extends EventEmitter {
  closed = false;
  readonly paths: string[];
  readonly options: ChokidarOptions;

  constructor(paths: string[], options: ChokidarOptions) {
    super();
    this.paths = paths;
    this.options = options;
  }

  refuse(code: string): void {
    this.emit('error', Object.assign(new Error(`${code}: System limit for number of file watchers reached, watch`), { code }));
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

const contract = prose(1);
/** A rescan is due every RESCAN_INTERVAL_MS; then the walk, the analysis and some slack. */
// A bound for the wait only (so a broken fallback fails instead of hanging), not a timing claim.
const RESCAN_FOUND_MS = RESCAN_INTERVAL_MS + 30_000;

describe('the native watcher', () => {
  let tree: TempTree | undefined;
  let run: WatchRun | undefined;
  afterEach(async () => {
    await run?.stop();
    await tree?.remove();
    run = tree = undefined;
  });

  it('falls back to rescans with one warning when watches are refused while being set', async () => {
    tree = await createTempTree({ 'contract.txt': contract, 'node_modules/pkg/contract.txt': contract });
    const watchers: FakeWatcher[] = [];
    run = startWatch([tree.root], {}, {
      createWatcher(paths, options) {
        const watcher = new FakeWatcher(paths, options);
        watchers.push(watcher);
        // Refused before it is ever ready, twice, as for two folders.
        setImmediate(() => {
          watcher.refuse('ENOSPC');
          watcher.refuse('ENOSPC');
        });
        return watcher;
      },
    });
    await run.ready;
    expect(watchers).toHaveLength(1);
    const [watcher] = watchers;
    expect(watcher!.closed).toBe(true);
    expect(run.warnings).toHaveLength(1);
    expect(run.warnings[0]).toMatch(/refused more file watches \(ENOSPC\).*max_user_watches.*rescanned/);

    await tree.write('Later/contract-copy.txt', contract);
    await run.until(() => run!.shown.size === 1, RESCAN_FOUND_MS, 'the copy is found by a rescan');
    expect(pathsOf([...run.shown.values()][0])).toEqual([tree.path('Later/contract-copy.txt'), tree.path('contract.txt')]);
    expect(run.warnings).toHaveLength(1);
  });

  /** A watch on a tree of `files` whose fake watcher is ready at once, then refuses no watch until told. */
  async function watchingReady(files: Record<string, string>): Promise<{ tree: TempTree; run: WatchRun; watcher: FakeWatcher }> {
    tree = await createTempTree(files);
    let watcher: FakeWatcher | undefined;
    run = startWatch([tree.root], {}, {
      createWatcher(paths, options) {
        watcher = new FakeWatcher(paths, options);
        setImmediate(() => watcher!.emit('ready'));
        return watcher;
      },
    });
    await run.ready;
    return { tree, run, watcher: watcher! };
  }

  it('falls back when watches are refused later, and rescans find removals too', async () => {
    const { tree, run, watcher } = await watchingReady({ 'contract.txt': contract, 'copy.txt': contract });
    expect(run.shown.size).toBe(1);
    expect(watcher.paths).toEqual([tree.root]);
    expect(watcher.options).toMatchObject({ ignoreInitial: true, atomic: true, followSymlinks: false, awaitWriteFinish: { stabilityThreshold: expect.any(Number), pollInterval: 50 } });

    watcher.refuse('EMFILE');
    expect(watcher.closed).toBe(true);
    expect(run.warnings).toEqual([expect.stringMatching(/\(EMFILE\)/)]);
    await tree.write('copy.txt', prose(2));
    await run.until(() => run.shown.size === 0, RESCAN_FOUND_MS, 'the edited copy leaves its cluster');
    expect(run.changes.at(-1)?.event).toBe('cluster-removed');
  });

  it.skipIf(process.getuid?.() === 0)('reports a folder a rescan finds unreadable (skipped as root, which reads everything)', async () => {
    const { tree, run, watcher } = await watchingReady({ 'contract.txt': contract, 'sub/copy.txt': contract });
    watcher.refuse('EMFILE');
    await chmod(tree.path('sub'), 0o000);
    try {
      await run.until(() => run.fileErrors.length > 0, RESCAN_FOUND_MS, 'a rescan reports the locked folder');
      expect(run.fileErrors).toEqual([{ path: tree.path('sub'), code: 'EACCES', message: 'Cannot list folder: permission denied' }]);
      expect(run.shown.size).toBe(0);
    } finally {
      await chmod(tree.path('sub'), 0o755);
    }
  });

  it('passes chokidar an ignore test that leaves out what the scan leaves out, and the host\'s own files', async () => {
    tree = await createTempTree({ 'contract.txt': contract });
    let options: ChokidarOptions | undefined;
    run = startWatch([tree.root], { excludes: ['*.tmp'] }, {
      ownFiles: [tree.path('state/index.sqlite')],
      createWatcher(paths, given) {
        options = given;
        const watcher = new FakeWatcher(paths, given);
        setImmediate(() => watcher.emit('ready'));
        return watcher;
      },
    });
    await run.ready;
    const ignored = options!.ignored as (path: string) => boolean;
    expect(ignored(tree.path('node_modules'))).toBe(true);
    expect(ignored(tree.path('a/.git/config'))).toBe(true);
    expect(ignored(tree.path('.hidden'))).toBe(true);
    expect(ignored(tree.path('draft.tmp'))).toBe(true);
    expect(ignored(tree.path('state/index.sqlite'))).toBe(true);
    expect(ignored(tree.path('state/index.sqlite-wal'))).toBe(true);
    expect(ignored(tree.path('state/other.sqlite'))).toBe(false);
    expect(ignored(tree.path('Documents/contract.txt'))).toBe(false);
    expect(ignored(tree.root)).toBe(false);
  });

  it('catches a change made while the watches were still being set', async () => {
    tree = await createTempTree({ 'contract.txt': contract });
    let watcher: FakeWatcher | undefined;
    const { promise: scanned, resolve: setScanned } = Promise.withResolvers<void>();
    run = startWatch([tree.root], {}, {
      createWatcher(paths, options) {
        watcher = new FakeWatcher(paths, options);
        return watcher;
      },
      onProgress: (progress) => progress.phase === 'done' && setScanned(),
    });
    // Ready waits for the watches; the initial scan's end is what comes before.
    await scanned;
    // The walk is done and the watcher not ready: it will never announce this copy.
    await tree.write('copy.txt', contract);
    watcher!.emit('ready');
    await run.ready;
    await run.until(() => run!.shown.size === 1, 5000, 'the copy is found by the walk after the watches are set');
    expect(pathsOf([...run.shown.values()][0])).toEqual([tree.path('contract.txt'), tree.path('copy.txt')]);
    expect(run.warnings).toEqual([]);
  });
});
