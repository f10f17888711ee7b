// Live watching end to end: real folders, real chokidar, real worker threads. Each test changes
// the disk the way a user would and waits (with a limit) for the clusters to follow.
import { chmod, link, mkdir, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScanOptions } from '../../../../shared/scanOptions.ts';
import { editEveryNthWord, prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { pathsOf, shownWith, startWatch } from './watchFixture.ts';
import type { WatchRun } from './watchFixture.ts';

// How soon a save shows is a benchmark figure (docs/benchmarks.md), not a test ceiling: these wait
// with a generous bound only so that a broken watcher fails instead of hanging.
const WAIT_MS = 30_000;
const contract = prose(1);
const revised = editEveryNthWord(contract, 20);

describe('watchFolders', () => {
  let tree: TempTree | undefined;
  let run: WatchRun | undefined;
  afterEach(async () => {
    await run?.stop();
    await tree?.remove();
    run = tree = undefined;
  });

  /** `prepare`: what cannot be written as files (links), before the watch starts. */
  async function watching(files: Record<string, string | Uint8Array>, options: Partial<ScanOptions> = {}, prepare?: (tree: TempTree) => Promise<void>): Promise<{ tree: TempTree; run: WatchRun }> {
    tree = await createTempTree(files);
    await prepare?.(tree);
    run = startWatch([tree.root], options);
    await run.ready;
    return { tree, run };
  }

  it('reports the clusters of the initial scan as added, then ready', async () => {
    const { tree, run } = await watching({ 'contract.txt': contract, 'contract-v2.txt': revised, 'notes.txt': prose(5) });
    expect(run.changes.map((c) => c.event)).toEqual(['cluster-added']);
    expect(pathsOf(shownWith(run, tree.path('contract.txt')))).toEqual([tree.path('contract-v2.txt'), tree.path('contract.txt')]);
  });

  it('shows a near-duplicate written beside a document', async () => {
    const { tree, run } = await watching({ 'contract.txt': contract, 'notes.txt': prose(5) });
    expect(run.shown.size).toBe(0);
    await tree.write('contract-v2.txt', revised);
    await run.until(() => shownWith(run, tree.path('contract-v2.txt')) !== undefined, WAIT_MS, 'the new near-duplicate is shown');
    const cluster = shownWith(run, tree.path('contract.txt'));
    expect(cluster?.kind).toBe('near');
    expect(pathsOf(cluster)).toEqual([tree.path('contract-v2.txt'), tree.path('contract.txt')]);
    expect(run.changes.map((c) => c.event)).toEqual(['cluster-added']);
  });

  it('removes the cluster when an edit makes the copy unrelated', async () => {
    const { tree, run } = await watching({ 'contract.txt': contract, 'contract-v2.txt': revised });
    const [before] = run.shown.values();
    await writeFile(tree.path('contract-v2.txt'), prose(99));
    await run.until(() => run.shown.size === 0, WAIT_MS, 'the cluster is gone');
    expect(run.changes.at(-1)).toEqual({ event: 'cluster-removed', cluster: before });
  });

  it('changes the cluster in place when a third copy joins it', async () => {
    const { tree, run } = await watching({ 'contract.txt': contract, 'contract-v2.txt': revised });
    const [before] = run.shown.values();
    await tree.write('Backup/contract-v3.txt', editEveryNthWord(contract, 25, 'revised'));
    await run.until(() => run.shown.size === 1 && shownWith(run, tree.path('Backup/contract-v3.txt')) !== undefined, WAIT_MS, 'the third copy joins');
    const change = run.changes.at(-1)!;
    expect(change.event).toBe('cluster-changed');
    expect(change.event === 'cluster-changed' && change.previousId).toBe(before!.id);
    expect(change.cluster.id).not.toBe(before!.id);
    expect(run.changes).toHaveLength(2);
  });

  it('shows a renamed member as a change of its cluster, with the new path', async () => {
    const { tree, run } = await watching({ 'contract.txt': contract, 'contract-v2.txt': revised });
    const [before] = run.shown.values();
    await rename(tree.path('contract-v2.txt'), tree.path('contract-final.txt'));
    await run.until(() => shownWith(run, tree.path('contract-final.txt')) !== undefined, WAIT_MS, 'the new name is shown');
    expect(run.changes.slice(1)).toEqual([{ event: 'cluster-changed', cluster: expect.objectContaining({ kind: 'near' }), previousId: before!.id }]);
    expect(pathsOf([...run.shown.values()][0])).toEqual([tree.path('contract-final.txt'), tree.path('contract.txt')]);
  });

  it('follows a whole folder renamed: same files, new paths, one change', async () => {
    const { tree, run } = await watching({ 'Drafts/contract.txt': contract, 'Drafts/contract-v2.txt': revised });
    const [before] = run.shown.values();
    await rename(tree.path('Drafts'), tree.path('Signed'));
    await run.until(() => shownWith(run, tree.path('Signed/contract.txt')) !== undefined, WAIT_MS, 'the moved folder is shown');
    expect(run.changes.slice(1)).toEqual([expect.objectContaining({ event: 'cluster-changed', previousId: before!.id })]);
    expect(pathsOf([...run.shown.values()][0])).toEqual([tree.path('Signed/contract-v2.txt'), tree.path('Signed/contract.txt')]);
  });

  it('removes the cluster when a member is deleted', async () => {
    const { tree, run } = await watching({ 'contract.txt': contract, 'copy.txt': contract, 'notes.txt': prose(5) });
    expect([...run.shown.values()].map((c) => c.kind)).toEqual(['exact']);
    await unlink(tree.path('copy.txt'));
    await run.until(() => run.shown.size === 0, WAIT_MS, 'the cluster is gone');
    expect(run.changes.map((c) => c.event)).toEqual(['cluster-added', 'cluster-removed']);
  });

  it('walks a folder moved in, and drops everything below a folder removed', async () => {
    const { tree, run } = await watching({ 'contract.txt': contract });
    const outside = await createTempTree({ 'Archive/2023/contract.txt': contract, 'Archive/2024/contract-v2.txt': revised });
    try {
      await rename(outside.path('Archive'), tree.path('Archive'));
    } finally {
      await outside.remove();
    }
    await run.until(() => pathsOf(shownWith(run, tree.path('contract.txt'))).length === 3, WAIT_MS, 'the moved-in copies join');
    await rm(tree.path('Archive'), { recursive: true });
    await run.until(() => run.shown.size === 0, WAIT_MS, 'the removed copies leave');
  });

  it('ignores what the scan leaves out: excluded, default-excluded and hidden paths', async () => {
    const { tree, run } = await watching({ 'contract.txt': contract }, { excludes: ['/build'] });
    await tree.write('node_modules/pkg/contract.txt', contract);
    await tree.write('.drafts/contract.txt', contract);
    await tree.write('build/contract.txt', contract);
    await tree.write('contract.txt.bak', contract);
    await run.until(() => run.shown.size > 0, WAIT_MS, 'the one visible copy is shown');
    const shown = [...run.shown.values()];
    expect(shown.flatMap((c) => c.files.map((f) => f.path)).sort()).toEqual([tree.path('contract.txt'), tree.path('contract.txt.bak')]);
    expect(run.changes.every((c) => !c.cluster.files.some((f) => /node_modules|\.drafts|build/.test(f.path)))).toBe(true);
  });

  it('resolves on abort, during the initial scan as while watching', async () => {
    tree = await createTempTree({ 'contract.txt': contract, 'copy.txt': contract });
    const early = startWatch([tree.root]);
    await early.stop();
    expect(early.changes).toEqual([]);

    const watched = startWatch([tree.root]);
    await watched.ready;
    await watched.stop();
    expect(watched.changes.map((c) => c.event)).toEqual(['cluster-added']);
  });

  it('adds a file created empty and filled afterwards, once its content is there', async () => {
    const { tree, run } = await watching({ 'contract.txt': contract });
    await mkdir(tree.path('New'));
    await writeFile(tree.path('New/untitled.txt'), '');
    await writeFile(tree.path('New/untitled.txt'), contract);
    await run.until(() => shownWith(run, tree.path('New/untitled.txt')) !== undefined, WAIT_MS, 'the filled file joins');
    expect(shownWith(run, tree.path('New/untitled.txt'))?.kind).toBe('exact');
  });

  // The watcher names only the path a file was written through: its other names must not go on
  // vouching for the old content (the content cache would answer for them by their old times).
  it('ends the exact cluster of a hard-linked file edited in place through one name, at the same size', async () => {
    const bytes = Buffer.alloc(64 * 1024, 'a');
    const linked = async (tree: TempTree) => {
      await mkdir(tree.path('y'));
      await link(tree.path('x/a1.bin'), tree.path('y/a2.bin'));
    };
    const { tree, run } = await watching({ 'x/a1.bin': bytes, 'z/b.bin': bytes }, {}, linked);
    const [cluster] = run.shown.values();
    expect(cluster?.kind).toBe('exact');
    expect(cluster?.files.map((file) => [file.path, ...(file.links ?? [])].sort())).toEqual([[tree.path('x/a1.bin'), tree.path('y/a2.bin')], [tree.path('z/b.bin')]]);
    await writeFile(tree.path('x/a1.bin'), Buffer.alloc(64 * 1024, 'b'));
    await run.until(() => shownWith(run, tree.path('z/b.bin')) === undefined, WAIT_MS, 'b.bin is no longer shown as a copy of the edited file');
    expect(run.shown.size).toBe(0);
  });

  it('ends the near cluster of a hard-linked file edited through the name that sorts last', async () => {
    // The document unit is read by its first name: here the one the watcher does not name.
    const linked = async (tree: TempTree) => {
      await mkdir(tree.path('a-linked'));
      await link(tree.path('z-edited/contract.txt'), tree.path('a-linked/contract.txt'));
    };
    const { tree, run } = await watching({ 'z-edited/contract.txt': contract, 'contract-v2.txt': revised }, {}, linked);
    expect(pathsOf(shownWith(run, tree.path('contract-v2.txt')))).toEqual([tree.path('a-linked/contract.txt'), tree.path('contract-v2.txt')]);
    await writeFile(tree.path('z-edited/contract.txt'), prose(99));
    await run.until(() => shownWith(run, tree.path('contract-v2.txt')) === undefined, WAIT_MS, 'the revision is no longer shown as near the edited file');
    expect(run.shown.size).toBe(0);
  });

  // What the watch cannot read is told as a scan tells it, not left out in silence.
  it.skipIf(process.getuid?.() === 0)('reports a folder made unreadable, and again once it was readable in between (skipped as root, which reads everything)', async () => {
    const { tree, run } = await watching({ 'b.txt': contract, 'sub/a.txt': contract });
    expect(run.shown.size).toBe(1);
    const locked = { path: tree.path('sub'), code: 'EACCES', message: 'Cannot list folder: permission denied' };
    try {
      await chmod(tree.path('sub'), 0o000);
      await run.until(() => run.fileErrors.length === 1 && run.shown.size === 0, WAIT_MS, 'the locked folder is reported and its copy leaves');
      expect(run.fileErrors).toEqual([locked]);
      await chmod(tree.path('sub'), 0o755);
      await run.until(() => run.shown.size === 1, WAIT_MS, 'the copy is back once the folder is readable');
      await chmod(tree.path('sub'), 0o000);
      await run.until(() => run.fileErrors.length === 2, WAIT_MS, 'the folder locked again is reported again');
      expect(run.fileErrors).toEqual([locked, locked]);
    } finally {
      await chmod(tree.path('sub'), 0o755);
    }
  });

  it.skipIf(process.getuid?.() === 0)('reports a folder made unreadable that held no file, though no cluster changes (skipped as root, which reads everything)', async () => {
    const { tree, run } = await watching({ 'contract.txt': contract }, {}, (tree) => mkdir(tree.path('empty')).then(() => {}));
    try {
      await chmod(tree.path('empty'), 0o000);
      await run.until(() => run.fileErrors.length > 0, WAIT_MS, 'the locked folder is reported');
      expect(run.fileErrors).toEqual([{ path: tree.path('empty'), code: 'EACCES', message: 'Cannot list folder: permission denied' }]);
    } finally {
      await chmod(tree.path('empty'), 0o755);
    }
  });

  it.skipIf(process.getuid?.() === 0)('follows changes in a folder that was unreadable when the watch began, once it is readable (skipped as root, which reads everything)', async () => {
    const { tree, run } = await watching({ 'b.txt': contract, 'sub/a.txt': contract }, {}, (tree) => chmod(tree.path('sub'), 0o000));
    try {
      expect((await run.ready).errors).toEqual([{ path: tree.path('sub'), code: 'EACCES', message: 'Cannot list folder: permission denied' }]);
      expect(run.shown.size).toBe(0);
      await chmod(tree.path('sub'), 0o755);
      await run.until(() => run.shown.size === 1, WAIT_MS, 'the copy in the folder made readable is shown');
      await writeFile(tree.path('sub/a.txt'), prose(99));
      await run.until(() => run.shown.size === 0, WAIT_MS, 'the copy edited in that folder leaves');
    } finally {
      await chmod(tree.path('sub'), 0o755);
    }
  });

  it('reports what a folder moved in holds that cannot be read: a dangling symlink, followed', async () => {
    const { tree, run } = await watching({ 'contract.txt': contract }, { followSymlinks: true });
    const outside = await createTempTree({ 'Archive/contract.txt': contract });
    try {
      await symlink(outside.path('Archive/nowhere.txt'), outside.path('Archive/link.txt'));
      await rename(outside.path('Archive'), tree.path('Archive'));
    } finally {
      await outside.remove();
    }
    await run.until(() => run.fileErrors.length > 0 && run.shown.size === 1, WAIT_MS, 'the dangling symlink is reported beside the copy');
    expect(run.fileErrors).toEqual([{ path: tree.path('Archive/link.txt'), code: 'ENOENT', message: 'Dangling symlink: no such file or directory' }]);
  });
});
