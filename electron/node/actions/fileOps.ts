// File operations the actions share: hashing for the last check, and a move that never
// overwrites. rename() would silently replace whatever is at the destination; link() refuses
// with EEXIST, so a move is a link then an unlink, and a kill between the two leaves the file
// under both names — never under none.
import { constants } from 'node:fs';
import type { Stats } from 'node:fs';
import { copyFile, link, lstat, mkdir, open, rmdir, unlink, utimes } from 'node:fs/promises';
import { dirname, sep } from 'node:path';
import { createXXHash128 } from 'hash-wasm';
import { toFsPath } from '../scan/fsPath.ts';

const READ_BUFFER_BYTES = 1024 * 1024;

/** Hashers done with, for the next file: making one instantiates its WebAssembly afresh. */
const idleHashers: Awaited<ReturnType<typeof createXXHash128>>[] = [];

/** The xxh3-128 of the whole file, as the scan computes it. */
export async function hashFile(path: string): Promise<string> {
  const hasher = idleHashers.pop() ?? (await createXXHash128());
  hasher.init();
  const handle = await open(toFsPath(path), 'r');
  try {
    // A buffer the file's size, up to 1 MiB: a megabyte per small file checked made a batch of 100
    // spend a third of its time collecting garbage. One byte more, so the end is seen in one read.
    const buffer = Buffer.allocUnsafe(Math.min(READ_BUFFER_BYTES, (await handle.stat()).size + 1));
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      hasher.update(buffer.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
  const digest = hasher.digest('hex');
  idleHashers.push(hasher);
  return digest;
}

// Times in the report may be floored or rounded to the millisecond: up to 1 ms apart is the same.
export function sameTime(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1;
}

/** The same file, untouched: identity, size and both times (a write, a rename over it or a chmod changes one). */
export function sameStats(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

export async function exists(path: string): Promise<boolean> {
  return (await lstat(toFsPath(path)).catch(() => undefined)) !== undefined;
}

/** A file's id, "dev:ino" as WalkedFile.fileId, exact however large the numbers (the journal records it). */
export async function fileIdOf(path: string): Promise<string> {
  const { dev, ino } = await lstat(toFsPath(path), { bigint: true });
  return `${dev}:${ino}`;
}

/** True when `part`'s bytes are the first bytes of `whole` (all of them when `part` is as long). */
export async function isPrefixOf(part: string, whole: string): Promise<boolean> {
  const [a, b] = await Promise.all([open(toFsPath(part), 'r'), open(toFsPath(whole), 'r')]);
  try {
    const [bufferA, bufferB] = [Buffer.allocUnsafe(READ_BUFFER_BYTES), Buffer.allocUnsafe(READ_BUFFER_BYTES)];
    for (let position = 0; ; ) {
      const { bytesRead } = await a.read(bufferA, 0, bufferA.length, position);
      if (bytesRead === 0) return true;
      const { bytesRead: readB } = await b.read(bufferB, 0, bytesRead, position);
      if (readB !== bytesRead || !bufferA.subarray(0, bytesRead).equals(bufferB.subarray(0, bytesRead))) return false;
      position += bytesRead;
    }
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
}

/**
 * `to` is a second name (or a full copy) of `from` that this move made: removed, with the folders
 * the move made for it, so a failed step leaves the file under its one name only. Anything else
 * at `to` is left alone.
 */
async function removeSecondName(from: string, to: string, madeFolders: number): Promise<void> {
  const [source, second] = await Promise.all([lstat(toFsPath(from)), lstat(toFsPath(to))]);
  const sameInode = source.dev === second.dev && source.ino === second.ino;
  const sameCopy = !sameInode && second.isFile() && second.size === source.size && (await isPrefixOf(to, from));
  if (!sameInode && !sameCopy) return;
  await unlink(toFsPath(to));
  await removeMadeFolders(to, madeFolders);
}

/** The folders a move made for `to`: rmdir removes only an empty folder, so one something else was put in meanwhile stays. */
async function removeMadeFolders(to: string, madeFolders: number): Promise<void> {
  for (let dir = dirname(to), n = 0; n < madeFolders; dir = dirname(dir), n++) await rmdir(toFsPath(dir));
}

export interface MoveOptions {
  /** The mode of the folders the move makes (the umask still applies). */
  folderMode?: number;
  /** Runs once the folders are made, before the file gets its new name: throwing stops the move, and the folders made go. */
  beforeLink?: () => Promise<void>;
}

/** How many folders mkdir -p made for `dir`, from the first one it made (counted by separators: its bytes may not be UTF-8). */
function foldersMade(dir: string, firstMade: string | Buffer | undefined): number {
  const depth = (path: string) => path.split(sep).length;
  return firstMade === undefined ? 0 : depth(dir) - depth(String(firstMade)) + 1;
}

/**
 * Moves `from` to `to`, failing with EEXIST if anything is at `to`. Across devices the bytes are
 * copied (COPYFILE_EXCL, so again never over anything), checked by hash, then the source goes.
 * If the source cannot go (a folder the user may not write to), the new name goes again.
 */
export async function moveNoClobber(from: string, to: string, options: MoveOptions = {}): Promise<void> {
  // The real bytes: a folder whose name is not UTF-8 is made under that name, not a lookalike.
  const madeFolders = foldersMade(dirname(to), await mkdir(toFsPath(dirname(to)), { recursive: true, ...(options.folderMode === undefined ? {} : { mode: options.folderMode }) }));
  try {
    await options.beforeLink?.();
  } catch (error) {
    await removeMadeFolders(to, madeFolders).catch(() => undefined);
    throw error;
  }
  try {
    await link(toFsPath(from), toFsPath(to));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    const before = await lstat(toFsPath(from));
    await copyFile(toFsPath(from), toFsPath(to), constants.COPYFILE_EXCL);
    if ((await hashFile(from)) !== (await hashFile(to))) {
      await unlink(toFsPath(to));
      throw new Error('the copy on the other device does not match the original', { cause: error });
    }
    await utimes(toFsPath(to), before.atime, before.mtime);
  }
  try {
    await unlink(toFsPath(from));
  } catch (error) {
    await removeSecondName(from, to, madeFolders).catch(() => undefined);
    throw error;
  }
}
