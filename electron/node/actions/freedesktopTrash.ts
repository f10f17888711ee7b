// The freedesktop.org trash (Linux), done here rather than through the `trash` package because
// undo must know where each file went: the package's documented result is void, it treats paths
// as globs by default, its .trashinfo encoding throws on names that are not UTF-8, and across
// devices it falls back to copy-and-delete. Spec: https://specifications.freedesktop.org/trash-spec/
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import type { Stats } from 'node:fs';
import { access, lstat, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { decodeFsName, displayPath, encodeFsName } from '../../../shared/fsName.ts';
import { toFsPath } from '../scan/fsPath.ts';
import { xdgDataHome } from '../scan/xdgDataHome.ts';
import { Refused } from './checkStep.ts';
import { moveNoClobber } from './fileOps.ts';
import { notOwnFolder } from './ownFolder.ts';

export interface TrashSlot {
  /** Where the file goes: TRASH/files/NAME. */
  destination: string;
  /** TRASH/info/NAME.trashinfo. */
  infoPath: string;
}

function homeTrash(): string {
  return join(xdgDataHome() ?? join(homedir(), '.local', 'share'), 'Trash');
}

/** The top folder of the mount `path` is on: the highest ancestor still on its device. */
async function mountTop(path: string, dev: number): Promise<string> {
  let top = path;
  for (let parent = dirname(top); parent !== top; top = parent, parent = dirname(top)) {
    if ((await lstat(toFsPath(parent))).dev !== dev) return top;
  }
  return top;
}

/**
 * Makes sure `dir` is a folder only this user controls: a real directory (not a symbolic link),
 * owned by the user, writable by nobody else. Created 0700 if missing, then looked at again, so
 * what was planted before or during the mkdir is seen. A trash on a shared drive that another
 * user could have made (or swapped for a link to theirs) would hand them the trashed files.
 */
async function ownFolder(dir: string): Promise<void> {
  try {
    await mkdir(toFsPath(dir), { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const problem = notOwnFolder(await lstat(toFsPath(dir)));
  if (problem) throw new Refused(unsafeTrash(dir, problem));
}

function unsafeTrash(dir: string, problem: string): string {
  return `the trash folder of this drive, ${displayPath(dir)}, ${problem}: the file stays where it is`;
}

/**
 * Whether an administrator's shared $topdir/.Trash may be used: the spec asks for a real
 * directory (not a symbolic link) with the sticky bit, so no user can rename or remove another's
 * $uid folder inside it. Otherwise the spec says to use $topdir/.Trash-$uid.
 */
async function sharedTrashUsable(shared: string): Promise<boolean> {
  const found = await lstat(toFsPath(shared)).catch(() => undefined);
  return found !== undefined && found.isDirectory() && (found.mode & 0o1000) !== 0;
}

/**
 * The user's trash at the top of a mount, as the spec orders: $topdir/.Trash/$uid when the
 * shared .Trash passes its checks, else $topdir/.Trash-$uid; it and its files/ and info/ are each
 * checked by ownFolder.
 */
export async function mountTrash(topdir: string): Promise<string> {
  const trash = await mountTrashPath(topdir);
  for (const dir of [trash, join(trash, 'files'), join(trash, 'info')]) await ownFolder(dir);
  return trash;
}

async function mountTrashPath(topdir: string): Promise<string> {
  const uid = process.getuid!();
  const shared = join(topdir, '.Trash');
  return (await sharedTrashUsable(shared)) ? join(shared, String(uid)) : join(topdir, `.Trash-${uid}`);
}

/**
 * Why mountTrash(topdir) would refuse, or fail to make, the trash; undefined when it would not.
 * Looks only, makes nothing: for the preview, so what it lists is what the run does.
 */
export async function mountTrashProblem(topdir: string): Promise<string | undefined> {
  const trash = await mountTrashPath(topdir);
  for (const dir of [trash, join(trash, 'files'), join(trash, 'info')]) {
    const found = await lstatIfThere(dir);
    if (found === undefined) {
      // Made by the run, 0700: its folder must let this user write.
      const writable = await access(toFsPath(dirname(dir)), constants.W_OK).then(() => true, () => false);
      return writable ? undefined : `no trash can be made on this drive (${displayPath(dirname(dir))} is not writable): the file stays where it is`;
    }
    const problem = notOwnFolder(found);
    if (problem) return unsafeTrash(dir, problem);
  }
  return undefined;
}

/**
 * Why trashing `path`, on device `dev`, would be refused or fail for want of a trash folder, as
 * trashFor would find it; undefined when it would not. Looks only, makes nothing (the preview).
 */
export async function trashProblem(path: string, dev: number): Promise<string | undefined> {
  const home = homeTrash();
  if ((await homeTrashDevice(home)) === dev) return homeTrashProblem(home);
  return mountTrashProblem(await mountTop(dirname(path), dev));
}

/** lstat, or undefined where nothing is (only there: other errors are the run's too). */
async function lstatIfThere(path: string): Promise<Stats | undefined> {
  return lstat(toFsPath(path)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}

/**
 * The device trashFor finds its home trash on: the trash's own when it is there, else that of
 * the nearest folder above, through symbolic links (mkdir makes the rest where they lead).
 */
async function homeTrashDevice(home: string): Promise<number> {
  const own = await lstatIfThere(home);
  if (own) return own.dev;
  for (let above = dirname(home); ; above = dirname(above)) {
    if (await lstatIfThere(above)) return (await stat(toFsPath(above))).dev;
    if (dirname(above) === above) throw new Error(`no folder above ${home}`);
  }
}

/** Why the home trash's files/ or info/, or the folder it would be made in, cannot be written; undefined if both can. */
async function homeTrashProblem(home: string): Promise<string | undefined> {
  for (const dir of [join(home, 'files'), join(home, 'info')]) {
    let nearest = dir;
    while (!(await lstatIfThere(nearest)) && dirname(nearest) !== nearest) nearest = dirname(nearest);
    const writable = await access(toFsPath(nearest), constants.W_OK).then(() => true, () => false);
    if (!writable) return `the trash folder cannot be written (${displayPath(nearest)} is not writable): the file stays where it is`;
  }
  return undefined;
}

/** The trash on the file's own device, so trashing is a rename and never a copy; files/ and info/ exist. */
async function trashFor(path: string): Promise<string> {
  const { dev } = await lstat(toFsPath(path));
  const home = homeTrash();
  await mkdir(toFsPath(home), { recursive: true, mode: 0o700 });
  if ((await lstat(toFsPath(home))).dev === dev) {
    for (const sub of ['files', 'info']) await mkdir(toFsPath(join(home, sub)), { recursive: true, mode: 0o700 });
    return home;
  }
  return mountTrash(await mountTop(dirname(path), dev));
}

// The spec's Path= is a URL-escaped byte string: every byte outside the unreserved set is %XX.
function escapeTrashPath(path: string): string {
  let out = '';
  for (const byte of encodeFsName(path)) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~/]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function unescapeTrashPath(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...encodeFsName(text[i]!));
    }
  }
  return decodeFsName(Uint8Array.from(bytes));
}

function deletionDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
}

/**
 * Picks a fresh name in the trash for `path`: the trash and its folders are made ready (or the
 * step is refused), nothing of the file is written yet.
 */
export async function chooseTrashSlot(path: string): Promise<TrashSlot> {
  const trash = await trashFor(path);
  const name = randomUUID();
  return { destination: join(trash, 'files', name), infoPath: join(trash, 'info', `${name}.trashinfo`) };
}

/** Writes the .trashinfo (exclusively, as the spec asks), then moves the file in. */
export async function moveToTrash(path: string, slot: TrashSlot): Promise<void> {
  await writeFile(toFsPath(slot.infoPath), `[Trash Info]\nPath=${escapeTrashPath(path)}\nDeletionDate=${deletionDate(new Date())}\n`, { flag: 'wx' });
  try {
    await moveNoClobber(path, slot.destination);
  } catch (error) {
    await unlink(toFsPath(slot.infoPath)).catch(() => undefined);
    throw error;
  }
}

/** The original path a .trashinfo records. */
export async function trashedFrom(infoPath: string): Promise<string> {
  const text = await readFile(toFsPath(infoPath), 'utf8');
  const line = text.split('\n').find((l) => l.startsWith('Path='));
  if (line === undefined) throw new Error(`${infoPath} records no Path`);
  return unescapeTrashPath(line.slice('Path='.length));
}

/** Puts a trashed file back where its .trashinfo says it was; never over anything there now. */
export async function restoreFromTrash(slot: TrashSlot): Promise<string> {
  const original = await trashedFrom(slot.infoPath);
  await moveNoClobber(slot.destination, original);
  await unlink(toFsPath(slot.infoPath));
  return original;
}
