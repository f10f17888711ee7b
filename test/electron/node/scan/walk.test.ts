import { execFileSync } from 'node:child_process';
import { chmodSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasEscapedBytes } from '../../../../shared/fsName.ts';
import type { ScanError } from '../../../../shared/report.ts';
import { toFsPath } from '../../../../electron/node/scan/fsPath.ts';
import type { WalkedFile, WalkOptions, WalkSink } from '../../../../electron/node/scan/types.ts';
import { exactId, scanTree } from '../../../../electron/node/scan/walk.ts';

interface Walked {
  files: WalkedFile[];
  paths: string[];
  errors: ScanError[];
  special: string[];
  folders: string[];
}

const defaults: WalkOptions = { excludes: [], hidden: false, followSymlinks: false, minSize: 1 };

async function walk(roots: string[], options: Partial<WalkOptions> = {}, hooks: Partial<WalkSink> = {}): Promise<Walked> {
  const out: Walked = { files: [], paths: [], errors: [], special: [], folders: [] };
  await scanTree(roots, { ...defaults, ...options }, {
    file: (file) => {
      out.files.push(file);
      hooks.file?.(file);
    },
    error: (error) => out.errors.push(error),
    special: (path) => out.special.push(path),
    folder: (path) => {
      out.folders.push(path);
      hooks.folder?.(path);
    },
  });
  out.paths = out.files.map((file) => file.path).sort();
  return out;
}

let dir: string;

/** Creates a file (and its folders) below the temp dir; returns its absolute path. */
function put(path: string, content = 'content'): string {
  const full = join(dir, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, content);
  return full;
}

const under = (...parts: string[]) => join(dir, ...parts);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'shingle-walk-'));
});

afterEach(() => {
  chmodSync(dir, 0o755);
  rmSync(dir, { recursive: true, force: true });
});

describe('scanTree', () => {
  it('emits every file once with its size, mtime, id and link count, and reports each folder', async () => {
    put('a.txt', 'hello');
    put('sub/b.txt', 'hi there');
    put('sub/deeper/c.txt', 'x');
    const walked = await walk([dir]);
    expect(walked.paths).toEqual([under('a.txt'), under('sub/b.txt'), under('sub/deeper/c.txt')]);
    const a = walked.files.find((file) => file.path === under('a.txt'))!;
    const stats = statSync(a.path);
    const exact = statSync(a.path, { bigint: true });
    expect(a).toEqual({ path: a.path, size: 5, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, fileId: `${exact.dev}:${exact.ino}`, nlink: 1 });
    expect(walked.folders.sort()).toEqual([dir, under('sub'), under('sub/deeper')]);
    expect(walked.errors).toEqual([]);
  });

  it('resolves relative roots to absolute paths', async () => {
    put('a.txt');
    const walked = await walk([relative(process.cwd(), dir)]);
    expect(walked.paths).toEqual([under('a.txt')]);
  });

  it('leaves out version control, dependencies, caches and trash, even with hidden files included', async () => {
    for (const skipped of ['.git', '.hg', '.svn', 'node_modules', '.cache', '__pycache__', '.npm', '.Trash', '.Trash-1000', '$RECYCLE.BIN', '.local/share/Trash', '.yarn/cache', 'deep/er/node_modules']) {
      put(`${skipped}/file.txt`);
    }
    put('keep/cache/file.txt');
    put('keep/Trash/file.txt');
    put('.local/share/other.txt');
    const walked = await walk([dir], { hidden: true });
    expect(walked.paths).toEqual([under('.local/share/other.txt'), under('keep/Trash/file.txt'), under('keep/cache/file.txt')]);
    expect(walked.folders).not.toContain(under('node_modules'));
  });

  it('leaves out the home trash where XDG_DATA_HOME moved it, whose files a clean-up put there', async () => {
    put('data/Trash/files/report.txt');
    put('data/other/report.txt');
    const saved = process.env.XDG_DATA_HOME;
    try {
      // However the folder is spelled: the trash is where join() puts it (freedesktopTrash.ts).
      symlinkSync(under('data'), under('data-link'));
      for (const spelling of [under('data'), `${under('data')}/`, `${dir}//./data`, `${under('other')}/../data`, under('data-link')]) {
        process.env.XDG_DATA_HOME = spelling;
        expect((await walk([dir])).paths, spelling).toEqual([under('data/other/report.txt')]);
      }
    } finally {
      if (saved === undefined) delete process.env.XDG_DATA_HOME;
      else process.env.XDG_DATA_HOME = saved;
    }
  });

  it('applies user globs: without a slash to base names at any depth, with one to the path below the root', async () => {
    put('notes.log');
    put('a/b/trace.log');
    put('build/out.txt');
    put('a/build/out.txt');
    put('docs/drafts/d.txt');
    put('a/docs/drafts/d.txt');
    put('top.txt');
    put('a/top.txt');
    const walked = await walk([dir], { excludes: ['*.log', 'build', 'docs/drafts', '/top.txt'] });
    expect(walked.paths).toEqual([under('a/docs/drafts/d.txt'), under('a/top.txt')]);
    expect(walked.folders).not.toContain(under('build'));
    expect(walked.folders).not.toContain(under('docs/drafts'));
  });

  it('skips dot-files and dot-folders unless hidden is set', async () => {
    put('visible.txt');
    put('.hidden.txt');
    put('.config/settings.txt');
    expect((await walk([dir])).paths).toEqual([under('visible.txt')]);
    expect((await walk([dir], { hidden: true })).paths).toEqual([under('.config/settings.txt'), under('.hidden.txt'), under('visible.txt')]);
  });

  it('leaves out files below minSize, and empty files by default', async () => {
    put('empty.txt', '');
    put('small.txt', '123');
    put('large.txt', '1234567890');
    expect((await walk([dir])).paths).toEqual([under('large.txt'), under('small.txt')]);
    expect((await walk([dir], { minSize: 10 })).paths).toEqual([under('large.txt')]);
  });

  it('emits a file reached from overlapping roots once', async () => {
    put('a/one.txt');
    put('a/b/two.txt');
    const expected = [under('a/b/two.txt'), under('a/one.txt')];
    symlinkSync(under('a'), under('alias'));
    for (const roots of [[under('a'), under('a/b')], [under('a/b'), under('a')], [under('a'), under('a')], [under('alias'), under('a')]]) {
      const walked = await walk(roots);
      expect(walked.paths).toEqual(expected);
      expect(walked.files).toHaveLength(2);
    }
  });

  it('scans a root that is a file as that file, once, and reports a missing root without stopping', async () => {
    const file = put('a/one.txt');
    const walked = await walk([file, under('missing'), under('a'), file]);
    expect(walked.paths).toEqual([file]);
    expect(walked.errors).toEqual([{ path: under('missing'), code: 'ENOENT', message: 'Cannot open root: no such file or directory' }]);
  });

  it('emits each name of a hard-linked file with the same fileId', async () => {
    put('original.txt', 'shared bytes');
    linkSync(under('original.txt'), under('second-name.txt'));
    const walked = await walk([dir]);
    expect(walked.paths).toEqual([under('original.txt'), under('second-name.txt')]);
    expect(walked.files[0]!.fileId).toBe(walked.files[1]!.fileId);
    expect(walked.files.map((file) => file.nlink)).toEqual([2, 2]);
  });

  it('computes fileId from bigint stats when a number inode may have lost precision', () => {
    const exact = { dev: 2049n, ino: 2n ** 60n + 1n };
    expect(exactId({ dev: 2049, ino: 2 ** 60 }, () => exact)).toBe(`2049:${2n ** 60n + 1n}`);
    expect(exactId({ dev: 2049, ino: 42 }, () => expect.unreachable('no re-stat for safe numbers'))).toBe('2049:42');
  });

  describe('symlinks', () => {
    it('are neither files nor folders by default', async () => {
      put('real/file.txt');
      const outside = mkdtempSync(join(tmpdir(), 'shingle-walk-outside-'));
      try {
        writeFileSync(join(outside, 'elsewhere.txt'), 'content');
        symlinkSync(under('real/file.txt'), under('link-to-file.txt'));
        symlinkSync(outside, under('link-to-folder'));
        symlinkSync(under('nowhere'), under('dangling'));
        const walked = await walk([dir]);
        expect(walked.paths).toEqual([under('real/file.txt')]);
        expect(walked.errors).toEqual([]);
        expect(walked.special).toEqual([]);
      } finally {
        rmSync(outside, { recursive: true, force: true });
      }
    });

    it('with followSymlinks, turn a loop into an ELOOP error entry and terminate', async () => {
      put('sub/file.txt');
      symlinkSync(dir, under('sub/back-to-root'));
      symlinkSync('.', under('sub/to-itself'));
      symlinkSync(under('self'), under('self'));
      const walked = await walk([dir], { followSymlinks: true });
      expect(walked.paths).toEqual([under('sub/file.txt')]);
      expect(walked.errors.map(({ path, code }) => ({ path, code })).sort((a, b) => a.path.localeCompare(b.path))).toEqual([
        { path: under('self'), code: 'ELOOP' },
        { path: under('sub/back-to-root'), code: 'ELOOP' },
        { path: under('sub/to-itself'), code: 'ELOOP' },
      ]);
      expect(walked.folders.sort()).toEqual([dir, under('sub')]);
    });

    it('with followSymlinks, emit a linked file once under its real path and walk a linked folder once', async () => {
      const real = put('real/file.txt');
      const outside = mkdtempSync(join(tmpdir(), 'shingle-walk-outside-'));
      try {
        writeFileSync(join(outside, 'elsewhere.txt'), 'content');
        symlinkSync(real, under('link-to-file.txt'));
        symlinkSync(join(outside, 'elsewhere.txt'), under('link-outside.txt'));
        symlinkSync(outside, under('link-to-folder'));
        symlinkSync(outside, under('real/second-link-to-folder'));
        symlinkSync(under('real'), under('link-to-real'));
        const walked = await walk([dir], { followSymlinks: true });
        expect(walked.paths).toEqual([join(outside, 'elsewhere.txt'), real].sort());
        expect(walked.files).toHaveLength(2);
        expect(walked.errors).toEqual([]);
      } finally {
        rmSync(outside, { recursive: true, force: true });
      }
    });

    it('with followSymlinks, report a dangling symlink as ENOENT', async () => {
      symlinkSync(under('nowhere'), under('dangling'));
      const walked = await walk([dir], { followSymlinks: true });
      expect(walked.errors).toEqual([{ path: under('dangling'), code: 'ENOENT', message: 'Dangling symlink: no such file or directory' }]);
    });
  });

  it('reports a FIFO as special and never opens it', async () => {
    put('file.txt');
    execFileSync('mkfifo', [under('pipe')]);
    symlinkSync(under('pipe'), under('link-to-pipe'));
    // Opening a FIFO for reading blocks until a writer comes: a walk that opened it would hang.
    expect((await walk([dir])).special).toEqual([under('pipe')]);
    const followed = await walk([dir], { followSymlinks: true });
    expect(followed.special).toEqual([under('pipe')]);
    expect(followed.paths).toEqual([under('file.txt')]);
  });

  it.skipIf(process.getuid?.() === 0)('reports an unreadable folder and goes on (skipped as root, which reads everything)', async () => {
    put('locked/secret.txt');
    put('open/file.txt');
    chmodSync(under('locked'), 0o000);
    try {
      const walked = await walk([dir]);
      expect(walked.paths).toEqual([under('open/file.txt')]);
      expect(walked.errors).toEqual([{ path: under('locked'), code: 'EACCES', message: 'Cannot list folder: permission denied' }]);
    } finally {
      chmodSync(under('locked'), 0o755);
    }
  });

  it('reports a folder that vanishes mid-walk and goes on', async () => {
    put('a/file.txt');
    put('b/file.txt');
    // Whichever of a and b is entered first removes the other, which is already listed.
    const walked = await walk([dir], {}, {
      folder: (path) => {
        if (path !== dir) rmSync(path === under('a') ? under('b') : under('a'), { recursive: true, force: true });
      },
    });
    expect(walked.files).toHaveLength(1);
    expect(walked.errors).toHaveLength(1);
    expect(walked.errors[0]).toMatchObject({ code: 'ENOENT', message: 'Cannot open folder: no such file or directory' });
    expect([under('a'), under('b')]).toContain(walked.errors[0]!.path);
  });

  describe('names that are not valid UTF-8', () => {
    const invalidName = Buffer.from([0x61, 0xff, 0x2e, 0x74, 0x78, 0x74]); // "a\xFF.txt"

    it('finds them, emits them with escaped bytes, and toFsPath reaches them again', async () => {
      writeFileSync(Buffer.concat([Buffer.from(`${dir}/`), invalidName]), 'bytes');
      const invalidFolder = Buffer.concat([Buffer.from(`${dir}/`), Buffer.from([0x64, 0xe9])]); // "d\xE9", Latin-1
      mkdirSync(invalidFolder);
      writeFileSync(Buffer.concat([invalidFolder, Buffer.from('/inside.txt')]), 'inner');
      put('real-\uFFFD.txt', 'a real replacement character');
      const walked = await walk([dir]);
      expect(walked.paths).toEqual([under('a\uDCFF.txt'), under('d\uDCE9/inside.txt'), under('real-\uFFFD.txt')]);
      expect(walked.paths.map(hasEscapedBytes)).toEqual([true, true, false]);
      expect(readFileSync(toFsPath(under('a\uDCFF.txt')), 'utf8')).toBe('bytes');
      expect(readFileSync(toFsPath(under('d\uDCE9/inside.txt')), 'utf8')).toBe('inner');
      expect(walked.files.find((file) => file.path === under('a\uDCFF.txt'))!.size).toBe(5);
    });

    it('also in a folder large enough to be streamed', async () => {
      const count = 4000;
      for (let i = 0; i < count; i++) put(`big/file-number-${String(i).padStart(5, '0')}.txt`, 'x');
      writeFileSync(Buffer.concat([Buffer.from(`${under('big')}/`), invalidName]), 'bytes');
      // Folders above 64 KiB are streamed in batches rather than read whole.
      expect(statSync(under('big')).size).toBeGreaterThan(64 * 1024);
      const walked = await walk([dir]);
      expect(walked.files).toHaveLength(count + 1);
      expect(new Set(walked.paths).size).toBe(count + 1);
      expect(walked.paths).toContain(under('big/a\uDCFF.txt'));
    });
  });

  it('walks a tree 1,000 folders deep', async () => {
    const depth = 1000;
    const deepest = join(dir, ...Array<string>(depth).fill('d'));
    mkdirSync(deepest, { recursive: true });
    writeFileSync(join(deepest, 'bottom.txt'), 'found');
    const walked = await walk([dir]);
    expect(walked.paths).toEqual([join(deepest, 'bottom.txt')]);
    expect(walked.folders).toHaveLength(depth + 1);
  });

  describe('abort', () => {
    it('rejects at once with the reason of an aborted signal', async () => {
      put('file.txt');
      const files: WalkedFile[] = [];
      await expect(walk([dir], { signal: AbortSignal.abort() }, { file: (file) => files.push(file) })).rejects.toMatchObject({ name: 'AbortError' });
      expect(files).toEqual([]);
    });

    it('stops before the next folder when aborted from a callback', async () => {
      for (let i = 0; i < 10; i++) put(`folder-${i}/file.txt`);
      const controller = new AbortController();
      let entered = 0;
      const folder = () => ++entered === 3 && controller.abort();
      const reason: unknown = await walk([dir], { signal: controller.signal }, { folder }).catch((error: unknown) => error);
      expect(reason).toBe(controller.signal.reason);
      expect(reason).toMatchObject({ name: 'AbortError' });
      expect(entered).toBe(3);
    });

    it('yields to the event loop while walking, so a timer can abort it', async () => {
      for (let i = 0; i < 40; i++) put(`folder-${i}/file.txt`);
      const controller = new AbortController();
      let entered = 0;
      const folder = () => {
        if (++entered === 1) setImmediate(() => controller.abort());
        // A slow consumer: 41 folders take ~120 ms of synchronous work, far past one pause.
        const until = performance.now() + 3;
        while (performance.now() < until);
      };
      await expect(walk([dir], { signal: controller.signal }, { folder })).rejects.toMatchObject({ name: 'AbortError' });
      expect(entered).toBeLessThan(41);
    });
  });
});
