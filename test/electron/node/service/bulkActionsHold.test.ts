// A clean-up or an undo holds the folder watcher's analyses from its start until its end is told
// (its files are out of the results by then), and a batch that cannot start lets go at once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import type { Cluster } from '../../../../shared/report.ts';
import { openBulkActions } from '../../../../electron/node/service/bulkActions.ts';
import type { BulkActions } from '../../../../electron/node/service/bulkActions.ts';
import { createEngineEvents } from '../../../../electron/node/service/engineEvents.ts';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import { prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { createDataDir, useTempDataHome } from './serviceFixture.ts';

describe('a clean-up holds the watcher', () => {
  let tree: TempTree;
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let dataHome: Awaited<ReturnType<typeof useTempDataHome>>;
  let actions: BulkActions;
  /** What happened, in order: holds, releases and the batch's progress. */
  let log: string[];
  const events = createEngineEvents();

  beforeEach(async () => {
    dataHome = await useTempDataHome();
    dataDir = await createDataDir();
    tree = await createTempTree({ 'a/x.txt': prose(1), 'b/x.txt': prose(1), 'a/y.txt': prose(2), 'b/y.txt': prose(2) });
    const { clusters } = await runScan({ ...defaultScanOptions, roots: [tree.root] });
    log = [];
    actions = openBulkActions({
      dataDir: dataDir.path,
      events,
      clusters: (): Cluster[] => clusters,
      scannedFolders: () => [tree.root],
      referenceRoots: () => [],
      marks: () => ({}),
      folderMatches: () => [],
      hold: () => {
        log.push('hold');
        return () => log.push('release');
      },
    });
  });

  afterEach(async () => {
    await actions.dispose();
    await Promise.all([tree.remove(), dataDir.remove(), dataHome.restore()]);
  });

  function finished(batchId: number): Promise<void> {
    return new Promise((resolve) => {
      const off = events.on('actionProgress', (progress) => {
        if (progress.batchId !== batchId) return;
        log.push(`progress ${progress.done}/${progress.total}`);
        if (progress.done < progress.total) return;
        off();
        // After the listeners of the end: the release, if right, has come by the next turn.
        setImmediate(resolve);
      });
    });
  }

  it('holds from the batch\'s start until after its end is told, and during an undo', async () => {
    const { planId } = await actions.preview({ rules: ['shortest-path'], useMarks: false, action: 'trash' });
    let end: Promise<void> | undefined;
    const started = events.on('actionProgress', ({ batchId }) => (end ??= finished(batchId)));
    const { batchId } = await actions.apply({ planId });
    started();
    await end;
    expect(log[0]).toBe('hold');
    expect(log.at(-2)).toBe('progress 2/2');
    expect(log.at(-1)).toBe('release');
    expect(log.filter((entry) => entry === 'release')).toHaveLength(1);

    log = [];
    const undone = await actions.undo(batchId);
    expect(undone.outcomes.every((outcome) => outcome.state === 'restored')).toBe(true);
    expect(log).toEqual(['hold', 'release']);
  });
});
