// The trash at the top of another drive ($topdir/.Trash/$uid under an administrator's sticky
// .Trash, else $topdir/.Trash-$uid) is used only when it is a folder only this user controls: on
// a shared drive another user could plant it as a link to their own folder, or make it
// themselves, and receive the trashed files. A temp folder stands for $topdir.
import { chmod, chown, lstat, mkdir, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Refused } from '../../../../electron/node/actions/checkStep.ts';
import { mountTrash, mountTrashProblem, moveToTrash, restoreFromTrash, trashedFrom, trashProblem } from '../../../../electron/node/actions/freedesktopTrash.ts';
import { decodeFsName, encodeFsName } from '../../../../shared/fsName.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { exists } from '../../../helpers/exists.ts';

const uid = process.getuid!();

describe('the trash at the top of another drive', () => {
  let tree: TempTree;
  let top: string;
  beforeEach(async () => {
    tree = await createTempTree({ 'top/doc.txt': 'private\n', 'loot/.keep': '' });
    top = tree.path('top');
  });
  afterEach(() => tree.remove());

  it('is made 0700 with its files and info folders when missing', async () => {
    const trash = await mountTrash(top);
    expect(trash).toBe(tree.path(`top/.Trash-${uid}`));
    for (const dir of [trash, `${trash}/files`, `${trash}/info`]) {
      const info = await lstat(dir);
      expect(info.isDirectory()).toBe(true);
      expect(info.mode & 0o777).toBe(0o700);
    }
  });

  it('is refused when it is a symbolic link, and nothing lands where it points', async () => {
    await symlink(tree.path('loot'), tree.path(`top/.Trash-${uid}`));
    await expect(mountTrash(top)).rejects.toThrow(Refused);
    await expect(mountTrash(top)).rejects.toThrow(`top/.Trash-${uid}, is a symbolic link`);
    expect(await readdir(tree.path('loot'))).toEqual(['.keep']);
  });

  it('is refused when other users can write to it', async () => {
    await mkdir(tree.path(`top/.Trash-${uid}`));
    await chmod(tree.path(`top/.Trash-${uid}`), 0o777);
    await expect(mountTrash(top)).rejects.toThrow('can be written by other users');
    expect(await exists(tree.path(`top/.Trash-${uid}/files`))).toBe(false);
  });

  it('is refused when its files folder is a symbolic link', async () => {
    await mkdir(tree.path(`top/.Trash-${uid}`), { mode: 0o700 });
    await symlink(tree.path('loot'), tree.path(`top/.Trash-${uid}/files`));
    await expect(mountTrash(top)).rejects.toThrow(`.Trash-${uid}/files, is a symbolic link`);
  });

  it('is refused when its info folder is a file', async () => {
    await tree.write(`top/.Trash-${uid}/info`, '');
    await chmod(tree.path(`top/.Trash-${uid}`), 0o700);
    await expect(mountTrash(top)).rejects.toThrow(`.Trash-${uid}/info, is not a folder`);
  });

  it.skipIf(uid !== 0)('is refused when another user made it (needs root to give a folder to another user)', async () => {
    await mkdir(tree.path(`top/.Trash-${uid}`), { mode: 0o700 });
    await chown(tree.path(`top/.Trash-${uid}`), 65534, 65534);
    await expect(mountTrash(top)).rejects.toThrow('belongs to another user');
  });

  it("is the administrator's shared .Trash/$uid when .Trash is a folder with the sticky bit", async () => {
    await mkdir(tree.path('top/.Trash'));
    await chmod(tree.path('top/.Trash'), 0o1777);
    const trash = await mountTrash(top);
    expect(trash).toBe(tree.path(`top/.Trash/${uid}`));
    expect((await lstat(trash)).mode & 0o777).toBe(0o700);
    expect((await readdir(trash)).sort()).toEqual(['files', 'info']);
    expect(await exists(tree.path(`top/.Trash-${uid}`))).toBe(false);
  });

  it('is .Trash-$uid when .Trash lacks the sticky bit, and nothing goes into .Trash', async () => {
    await mkdir(tree.path('top/.Trash'));
    await chmod(tree.path('top/.Trash'), 0o777);
    expect(await mountTrash(top)).toBe(tree.path(`top/.Trash-${uid}`));
    expect(await readdir(tree.path('top/.Trash'))).toEqual([]);
  });

  it('is .Trash-$uid when .Trash is a symbolic link, even to a sticky folder, and nothing lands where it points', async () => {
    await chmod(tree.path('loot'), 0o1777);
    await symlink(tree.path('loot'), tree.path('top/.Trash'));
    expect(await mountTrash(top)).toBe(tree.path(`top/.Trash-${uid}`));
    expect(await readdir(tree.path('loot'))).toEqual(['.keep']);
  });

  it.skipIf(uid !== 0)('is refused when its folder in the shared .Trash is another user\'s (needs root to give a folder to another user)', async () => {
    await mkdir(tree.path(`top/.Trash/${uid}`), { recursive: true, mode: 0o700 });
    await chmod(tree.path('top/.Trash'), 0o1777);
    await chown(tree.path(`top/.Trash/${uid}`), 65534, 65534);
    await expect(mountTrash(top)).rejects.toThrow(`.Trash/${uid}, belongs to another user`);
  });

  it('is made under the real bytes of a name that is not UTF-8', async () => {
    // A drive mounted at a Latin-1 "café": as a string the path holds an escaped byte.
    const odd = Buffer.concat([Buffer.from(`${tree.root}/caf`), Buffer.from([0xe9])]);
    await mkdir(odd);
    await mountTrash(decodeFsName(odd));
    // No stray "caf\uFFFD" beside it: the folders were made under the real bytes.
    expect((await readdir(tree.root, { encoding: 'buffer' })).map((name) => name.toString('hex')).sort()).toEqual(['636166e9', '6c6f6f74', '746f70']);
    expect((await readdir(Buffer.concat([odd, Buffer.from(`/.Trash-${uid}`)]))).sort()).toEqual(['files', 'info']);
  });

  it('writes, reads and removes the .trashinfo under the real bytes of a trash whose name is not UTF-8', async () => {
    const odd = Buffer.concat([Buffer.from(`${tree.root}/caf`), Buffer.from([0xe9])]);
    for (const sub of ['', '/files', '/info']) await mkdir(Buffer.concat([odd, Buffer.from(sub)]), { mode: 0o700 });
    const trash = decodeFsName(odd);
    const slot = { destination: `${trash}/files/doc`, infoPath: `${trash}/info/doc.trashinfo` };
    await moveToTrash(tree.path('top/doc.txt'), slot);
    expect((await readdir(Buffer.from(encodeFsName(`${trash}/info`)))).map(String)).toEqual(['doc.trashinfo']);
    expect(await trashedFrom(slot.infoPath)).toBe(tree.path('top/doc.txt'));
    expect(await restoreFromTrash(slot)).toBe(tree.path('top/doc.txt'));
    expect(await readFile(tree.path('top/doc.txt'), 'utf8')).toBe('private\n');
    expect(await readdir(Buffer.from(encodeFsName(`${trash}/info`)))).toEqual([]);
  });

  describe('foreseen for the preview (mountTrashProblem), which makes nothing', () => {
    const made = () => exists(tree.path(`top/.Trash-${uid}`));

    it('foresees no problem where the run would make the trash, and makes none', async () => {
      expect(await mountTrashProblem(top)).toBeUndefined();
      expect(await made()).toBe(false);
      expect(await mountTrashProblem(top)).toBeUndefined();
    });

    it('foresees the refusal the run would give, in its words', async () => {
      await symlink(tree.path('loot'), tree.path(`top/.Trash-${uid}`));
      const refusal = await mountTrash(top).catch((error: Error) => error.message);
      expect(await mountTrashProblem(top)).toBe(refusal);
      await rm(tree.path(`top/.Trash-${uid}`));
      await mkdir(tree.path(`top/.Trash-${uid}`), { mode: 0o700 });
      await chmod(tree.path(`top/.Trash-${uid}`), 0o777);
      expect(await mountTrashProblem(top)).toMatch(/can be written by other users: the file stays where it is$/);
      expect(await exists(tree.path(`top/.Trash-${uid}/files`))).toBe(false);
    });

    it.skipIf(uid === 0)('foresees that no trash can be made on a drive whose top this user cannot write (skipped as root, which writes anywhere)', async () => {
      await chmod(top, 0o555);
      try {
        expect(await mountTrashProblem(top)).toMatch(/^no trash can be made on this drive \(.*top is not writable\)/);
        await expect(mountTrash(top)).rejects.toThrow();
      } finally {
        await chmod(top, 0o755);
      }
    });

    it.skipIf(uid === 0)('foresees a home trash that cannot be written, for a file on its drive (skipped as root, which writes anywhere)', async () => {
      const { dev } = await lstat(tree.path('top/doc.txt'));
      const saved = process.env.XDG_DATA_HOME;
      process.env.XDG_DATA_HOME = tree.path('data');
      await mkdir(tree.path('data/Trash'), { recursive: true });
      await chmod(tree.path('data/Trash'), 0o555);
      try {
        expect(await trashProblem(tree.path('top/doc.txt'), dev)).toMatch(/^the trash folder cannot be written \(.*data\/Trash is not writable\)/);
        await chmod(tree.path('data/Trash'), 0o755);
        expect(await trashProblem(tree.path('top/doc.txt'), dev)).toBeUndefined();
      } finally {
        await chmod(tree.path('data/Trash'), 0o755);
        if (saved === undefined) delete process.env.XDG_DATA_HOME;
        else process.env.XDG_DATA_HOME = saved;
      }
    });

    it("looks at the trash of the file's drive: none to look at on the home trash's, its mount's on another", async () => {
      const { dev } = await lstat(tree.path('top/doc.txt'));
      const saved = process.env.XDG_DATA_HOME;
      // A home trash yet to be made, on the device of the tree, the nearest folder there is.
      process.env.XDG_DATA_HOME = tree.path('data');
      try {
        await symlink(tree.path('loot'), tree.path(`top/.Trash-${uid}`));
        expect(await trashProblem(tree.path('top/doc.txt'), dev)).toBeUndefined();
        // Another device's number: the file's folder is then the top of its mount.
        expect(await trashProblem(tree.path('top/doc.txt'), dev + 1)).toMatch(/is a symbolic link: the file stays where it is$/);
      } finally {
        if (saved === undefined) delete process.env.XDG_DATA_HOME;
        else process.env.XDG_DATA_HOME = saved;
      }
    });
  });
});
