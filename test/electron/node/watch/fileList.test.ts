// The watcher's file list, re-reading only the paths the watcher names, and the changes it hands
// the incremental analysis.
import { chmod, link, mkdir, rename, rm, symlink, unlink, utimes, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import type { ScanError } from '../../../../shared/report.ts';
import type { WalkedFile } from '../../../../electron/node/scan/types.ts';
import { scanTree } from '../../../../electron/node/scan/walk.ts';
import { createFileList } from '../../../../electron/node/watch/fileList.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const paths = (files: readonly WalkedFile[]) => files.map((file) => file.path).sort();

describe('file list', () => {
  let tree: TempTree | undefined;
  afterEach(async () => {
    await tree?.remove();
    tree = undefined;
  });

  async function listOf(root: string, followSymlinks = false) {
    const walked: WalkedFile[] = [];
    const since = Date.now();
    const options = { ...defaultScanOptions, followSymlinks, roots: [root] };
    const links: string[] = [];
    const errors: ScanError[] = [];
    await scanTree([root], options, { file: (file) => walked.push(file), error: (error) => errors.push(error), special: () => {}, link: (path) => links.push(path) });
    return createFileList(walked, options, () => false, errors, since, links);
  }

  it('drops what was under a folder renamed away when a new folder takes its name', async () => {
    tree = await createTempTree({ 'a/one.txt': 'one', 'a/two.txt': 'two', 'b.txt': 'b' });
    const list = await listOf(tree.root);
    await rename(tree.path('a'), tree.path('moved'));
    await mkdir(tree.path('a'));
    await writeFile(tree.path('a/three.txt'), 'three');
    // By the time the watcher's batch is read, the old name is a folder again.
    expect(await list.update([tree.path('a'), tree.path('moved')], new AbortController().signal)).toBe(true);
    expect([...list.files.keys()].sort()).toEqual([tree.path('a/three.txt'), tree.path('b.txt'), tree.path('moved/one.txt'), tree.path('moved/two.txt')]);
    const changes = list.takeChanges();
    expect(paths(changes.removed)).toEqual([tree.path('a/one.txt'), tree.path('a/two.txt')]);
    expect(paths(changes.added)).toEqual([tree.path('a/three.txt'), tree.path('moved/one.txt'), tree.path('moved/two.txt')]);
    expect(list.takeChanges()).toEqual({ removed: [], added: [] });
  });

  it('hands an edited file over as removed and added, and an unchanged one not at all', async () => {
    tree = await createTempTree({ 'one.txt': 'one', 'two.txt': 'two' });
    const list = await listOf(tree.root);
    await writeFile(tree.path('one.txt'), 'one, longer now');
    await list.update([tree.path('one.txt'), tree.path('two.txt')], new AbortController().signal);
    const { removed, added } = list.takeChanges();
    expect([removed.map((file) => file.size), added.map((file) => file.size)]).toEqual([[3], [15]]);
    expect(paths(added)).toEqual([tree.path('one.txt')]);
  });

  it('hands a file listed within RACY_WINDOW_MS of its mtime over again when named, though its identity is unchanged', async () => {
    // Written now, not a minute back as tempTree writes: a write in the same tick of its mtime,
    // of the same size, would leave its identity as listed.
    tree = await createTempTree({ 'old.txt': 'old' });
    await writeFile(tree.path('fresh.txt'), 'fresh');
    const list = await listOf(tree.root);
    expect(await list.update([tree.path('fresh.txt'), tree.path('old.txt')], new AbortController().signal)).toBe(true);
    const { removed, added } = list.takeChanges();
    expect([paths(removed), paths(added)]).toEqual([[tree.path('fresh.txt')], [tree.path('fresh.txt')]]);
  });

  it('does not hand over again and again a file whose mtime is far in the future (a clock ahead), its identity unchanged', async () => {
    tree = await createTempTree({ 'future.txt': 'from a clock a year ahead' });
    const ahead = new Date(Date.now() + 365 * 24 * 3600 * 1000);
    await utimes(tree.path('future.txt'), ahead, ahead);
    const list = await listOf(tree.root);
    expect(await list.update([tree.path('future.txt')], new AbortController().signal)).toBe(false);
    expect(list.takeChanges()).toEqual({ removed: [], added: [] });
  });

  it('re-reads every other listed name of a file whose listing changed through one name', async () => {
    tree = await createTempTree({ 'a/one.txt': 'one', 'b/other.txt': 'other' });
    const list = await listOf(tree.root);
    const signal = new AbortController().signal;
    const listed = (relative: string) => list.files.get(tree!.path(relative));
    // A name made later: the watcher names only the new one, yet the first one's link count changed.
    await link(tree.path('a/one.txt'), tree.path('b/one.txt'));
    await list.update([tree.path('b/one.txt')], signal);
    expect([listed('a/one.txt')?.nlink, listed('b/one.txt')?.nlink]).toEqual([2, 2]);
    list.takeChanges();

    // Rewritten in place through one name, at the same size: both names list the new times.
    await writeFile(tree.path('b/one.txt'), 'ONE');
    await list.update([tree.path('b/one.txt')], signal);
    expect(listed('a/one.txt')).toEqual({ ...listed('b/one.txt'), path: tree.path('a/one.txt') });
    expect(paths(list.takeChanges().added)).toEqual([tree.path('a/one.txt'), tree.path('b/one.txt')]);

    // One name removed: the other's link count follows; the unrelated file is never re-read.
    await unlink(tree.path('a/one.txt'));
    await list.update([tree.path('a/one.txt')], signal);
    expect(listed('b/one.txt')?.nlink).toBe(1);
    expect(paths(list.takeChanges().added)).toEqual([tree.path('b/one.txt')]);
  });

  it.skipIf(process.getuid?.() === 0)('keeps an error for what cannot be read, worded as the walk words it, until it can be (skipped as root, which reads everything)', async () => {
    tree = await createTempTree({ 'sub/a.txt': 'a', 'b.txt': 'b' });
    const list = await listOf(tree.root);
    const signal = new AbortController().signal;
    await chmod(tree.path('sub'), 0o000);
    try {
      await list.update([tree.path('sub/a.txt')], signal);
      expect(list.errors()).toEqual([{ path: tree.path('sub/a.txt'), code: 'EACCES', message: 'Cannot read file details: permission denied' }]);
      expect([...list.files.keys()]).toEqual([tree.path('b.txt')]);
      // The folder walked again: its error stands for what is below it.
      await list.update([tree.path('sub')], signal);
      expect(list.errors()).toEqual([{ path: tree.path('sub'), code: 'EACCES', message: 'Cannot list folder: permission denied' }]);
    } finally {
      await chmod(tree.path('sub'), 0o755);
    }
    await list.update([tree.path('sub')], signal);
    expect(list.errors()).toEqual([]);
    expect([...list.files.keys()].sort()).toEqual([tree.path('b.txt'), tree.path('sub/a.txt')]);
  });

  it('keeps a walk\'s errors but those of paths gone since, which hide nothing', async () => {
    tree = await createTempTree({ 'a.txt': 'a' });
    const list = await listOf(tree.root);
    await symlink(tree.path('nowhere.txt'), tree.path('dangling.txt'));
    const dangling = { path: tree.path('dangling.txt'), code: 'ENOENT', message: 'Dangling symlink: no such file or directory' };
    const vanished = { path: tree.path('tmp-1234'), code: 'ENOENT', message: 'Cannot open folder: no such file or directory' };
    list.replaceUnder([tree.root], [...list.files.values()], [dangling, vanished], Date.now());
    expect(list.errors()).toEqual([dangling]);
  });

  it('following links, drops what a link removed or pointed elsewhere led to, listed under its real path outside the root', async () => {
    tree = await createTempTree({ 'root/a/x.txt': 'x', 'ext/x-copy.txt': 'x', 'ext/deep/y.txt': 'y', 'ext2/z.txt': 'z', 'note.txt': 'n' });
    await symlink(tree.path('ext'), tree.path('root/a/link'));
    await symlink(tree.path('note.txt'), tree.path('root/note-link.txt'));
    await symlink(tree.path('nowhere'), tree.path('ext/dangling.txt'));
    const list = await listOf(tree.path('root'), true);
    const signal = new AbortController().signal;
    expect(paths([...list.files.values()])).toEqual([tree.path('ext/deep/y.txt'), tree.path('ext/x-copy.txt'), tree.path('note.txt'), tree.path('root/a/x.txt')]);
    expect(list.errors().map((error) => error.path)).toEqual([tree.path('ext/dangling.txt')]);
    // An editor's temporary file, made and deleted unlisted, is not taken for a link: no walk of the roots.
    await writeFile(tree.path('root/a/unnamed.txt'), 'not named to the list');
    expect(await list.update([tree.path('root/a/.x.txt.swp')], signal)).toBe(false);
    expect(list.files.has(tree.path('root/a/unnamed.txt'))).toBe(false);
    await unlink(tree.path('root/a/unnamed.txt'));
    // Re-pointed: the watcher names the link.
    await unlink(tree.path('root/a/link'));
    await symlink(tree.path('ext2'), tree.path('root/a/link'));
    expect(await list.update([tree.path('root/a/link')], signal)).toBe(true);
    expect(paths([...list.files.values()])).toEqual([tree.path('ext2/z.txt'), tree.path('note.txt'), tree.path('root/a/x.txt')]);
    // Removed, to a folder and to a file.
    await unlink(tree.path('root/a/link'));
    await unlink(tree.path('root/note-link.txt'));
    expect(await list.update([tree.path('root/a/link'), tree.path('root/note-link.txt')], signal)).toBe(true);
    expect(paths([...list.files.values()])).toEqual([tree.path('root/a/x.txt')]);
    expect(list.errors()).toEqual([]);
    // Made while watching, then removed.
    await symlink(tree.path('ext2'), tree.path('root/later'));
    expect(await list.update([tree.path('root/later')], signal)).toBe(true);
    expect(list.files.has(tree.path('ext2/z.txt'))).toBe(true);
    await unlink(tree.path('root/later'));
    expect(await list.update([tree.path('root/later')], signal)).toBe(true);
    expect(list.files.has(tree.path('ext2/z.txt'))).toBe(false);
    // Its target deleted, not the link: the watcher names what was below the link.
    await symlink(tree.path('ext2'), tree.path('root/again'));
    await list.update([tree.path('root/again')], signal);
    await rm(tree.path('ext2'), { recursive: true });
    expect(await list.update([tree.path('root/again/z.txt')], signal)).toBe(true);
    expect(paths([...list.files.values()])).toEqual([tree.path('root/a/x.txt')]);
    expect(list.errors().map((error) => error.path)).toEqual([tree.path('root/again')]);
  });
});
