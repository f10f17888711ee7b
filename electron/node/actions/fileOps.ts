// File operations the actions share: hashing for the last check, and a move that never
// overwrites. rename() would silently replace whatever is at the destination; link() refuses
// with EEXIST, so a move is a link then an unlink, and a kill between the two leaves the file
// under both names — never under none.
import { constants } from 'node:fs';
import { copyFile, link, lstat, mkdir, open, unlink, utimes } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createXXHash128 } from 'hash-wasm';
import { toFsPath } from '../scan/fsPath.ts';

const READ_BUFFER_BYTES = 1024 * 1024;

/** The xxh3-128 of the whole file, as the scan computes it. */
export async function hashFile(path: string): Promise<string> {
  const hasher = await createXXHash128();
  hasher.init();
  const handle = await open(toFsPath(path), 'r');
  try {
    const buffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      hasher.update(buffer.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
  return hasher.digest('hex');
}

// Times in the report may be floored or rounded to the millisecond: up to 1 ms apart is the same.
export function sameTime(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1;
}

export async function exists(path: string): Promise<boolean> {
  return (await lstat(toFsPath(path)).catch(() => undefined)) !== undefined;
}

/** A file's identity, "dev:ino", exact however large the numbers (the journal records it). */
export async function fileIdentity(path: string): Promise<string> {
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
 * Moves `from` to `to`, failing with EEXIST if anything is at `to`. Across devices the bytes are
 * copied (COPYFILE_EXCL, so again never over anything), checked by hash, then the source goes.
 */
export async function moveNoClobber(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
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
  await unlink(toFsPath(from));
}
