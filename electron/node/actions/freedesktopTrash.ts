// The freedesktop.org trash (Linux), done here rather than through the `trash` package because
// undo must know where each file went: the package's documented result is void, it treats paths
// as globs by default, its .trashinfo encoding throws on names that are not UTF-8, and across
// devices it falls back to copy-and-delete. Spec: https://specifications.freedesktop.org/trash-spec/
import { randomUUID } from 'node:crypto';
import { lstat, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { decodeFsName, encodeFsName } from '../../../shared/fsName.ts';
import { toFsPath } from '../scan/fsPath.ts';
import { moveNoClobber } from './fileOps.ts';

export interface TrashSlot {
  /** Where the file goes: TRASH/files/NAME. */
  destination: string;
  /** TRASH/info/NAME.trashinfo. */
  infoPath: string;
}

function homeTrash(): string {
  const dataHome = process.env.XDG_DATA_HOME;
  return join(dataHome && isAbsolute(dataHome) ? dataHome : join(homedir(), '.local', 'share'), 'Trash');
}

/** The top folder of the mount `path` is on: the highest ancestor still on its device. */
async function mountTop(path: string, dev: number): Promise<string> {
  let top = path;
  for (let parent = dirname(top); parent !== top; top = parent, parent = dirname(top)) {
    if ((await lstat(toFsPath(parent))).dev !== dev) return top;
  }
  return top;
}

/** The trash on the file's own device, so trashing is a rename and never a copy. */
async function trashFor(path: string): Promise<string> {
  const { dev } = await lstat(toFsPath(path));
  const home = homeTrash();
  await mkdir(home, { recursive: true, mode: 0o700 });
  if ((await lstat(home)).dev === dev) return home;
  return join(await mountTop(dirname(path), dev), `.Trash-${process.getuid!()}`);
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

/** Picks a fresh name in the trash for `path`; nothing is written yet. */
export async function chooseTrashSlot(path: string): Promise<TrashSlot> {
  const trash = await trashFor(path);
  const name = randomUUID();
  return { destination: join(trash, 'files', name), infoPath: join(trash, 'info', `${name}.trashinfo`) };
}

/** Writes the .trashinfo (exclusively, as the spec asks), then moves the file in. */
export async function moveToTrash(path: string, slot: TrashSlot): Promise<void> {
  await mkdir(dirname(slot.destination), { recursive: true, mode: 0o700 });
  await mkdir(dirname(slot.infoPath), { recursive: true, mode: 0o700 });
  await writeFile(slot.infoPath, `[Trash Info]\nPath=${escapeTrashPath(path)}\nDeletionDate=${deletionDate(new Date())}\n`, { flag: 'wx' });
  try {
    await moveNoClobber(path, slot.destination);
  } catch (error) {
    await unlink(slot.infoPath).catch(() => undefined);
    throw error;
  }
}

/** The original path a .trashinfo records. */
export async function trashedFrom(infoPath: string): Promise<string> {
  const text = await readFile(infoPath, 'utf8');
  const line = text.split('\n').find((l) => l.startsWith('Path='));
  if (line === undefined) throw new Error(`${infoPath} records no Path`);
  return unescapeTrashPath(line.slice('Path='.length));
}

/** Puts a trashed file back where its .trashinfo says it was; never over anything there now. */
export async function restoreFromTrash(slot: TrashSlot): Promise<string> {
  const original = await trashedFrom(slot.infoPath);
  await moveNoClobber(slot.destination, original);
  await unlink(slot.infoPath);
  return original;
}
