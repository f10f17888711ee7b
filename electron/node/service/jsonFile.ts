// A JSON document in the app's data folder. Writes go to a temporary file, flushed to the disk,
// that is then renamed over the old one (and the folder flushed), so a crash or a power cut
// mid-write leaves the previous version rather than half a file or an empty one. Saves made while
// a write is under way are coalesced: marking a hundred files in a row costs two writes, not a
// hundred.
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface JsonFile<Value> {
  /**
   * The stored value, or undefined when there is none yet or it cannot be parsed. A file that
   * cannot be parsed is set aside as PATH.corrupt-TIME (and said on stderr), not overwritten by
   * the next save.
   */
  read(): Promise<unknown>;
  /** Resolves once a write holding this value (or a later one) is on disk. */
  save(value: Value): Promise<void>;
  /** Resolves once every save so far is on disk. */
  flush(): Promise<void>;
}

/** The rename itself is on disk only once the folder is: not on every system (Windows cannot open one), so tried. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r').catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function createJsonFile<Value>(path: string): JsonFile<Value> {
  let writing: Promise<void> = Promise.resolve();
  // The value waiting for the running write to finish, and the promise its savers wait on.
  let pending: { value: Value; written: Promise<void> } | undefined;
  const temporaryPrefix = `${basename(path)}.`;

  async function write(value: Value): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    try {
      await writeFile(temporary, JSON.stringify(value), { flush: true });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    await syncFolder(dirname(path));
  }

  /** Temporary files of writes a killed process left (each under its own pid, and that process gone). */
  async function removeLeftovers(): Promise<void> {
    const names = await readdir(dirname(path)).catch(() => [] as string[]);
    const left = names.filter((name) => {
      const pid = /^(\d+)\.tmp$/.exec(name.startsWith(temporaryPrefix) ? name.slice(temporaryPrefix.length) : '')?.[1];
      return pid !== undefined && !isRunning(Number(pid));
    });
    await Promise.all(left.map((name) => rm(join(dirname(path), name), { force: true })));
  }

  return {
    async read() {
      await removeLeftovers();
      const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (text === undefined) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        const aside = `${path}.corrupt-${Date.now()}`;
        const setAside = await rename(path, aside).then(
          () => `it was set aside as ${aside}`,
          (error: Error) => `it could not be set aside (${error.message}) and the next save replaces it`,
        );
        console.error(`shingle: ${path} could not be read (not JSON); ${setAside}; Shingle starts from nothing`);
        return undefined;
      }
    },
    save(value) {
      if (pending) {
        pending.value = value;
        return pending.written;
      }
      const next: { value: Value; written: Promise<void> } = { value, written: Promise.resolve() };
      next.written = writing.catch(() => undefined).then(() => {
        pending = undefined;
        return write(next.value);
      });
      pending = next;
      writing = next.written;
      return next.written;
    },
    flush: () => writing.catch(() => undefined),
  };
}
