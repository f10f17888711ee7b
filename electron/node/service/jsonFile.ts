// A JSON document in the app's data folder. Writes go to a temporary file that is then renamed
// over the old one, so a crash mid-write leaves the previous version rather than half a file.
// Saves made while a write is under way are coalesced: marking a hundred files in a row costs
// two writes, not a hundred.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface JsonFile<Value> {
  /** The stored value, or undefined when there is none yet or it cannot be parsed. */
  read(): Promise<unknown>;
  /** Resolves once a write holding this value (or a later one) is on disk. */
  save(value: Value): Promise<void>;
  /** Resolves once every save so far is on disk. */
  flush(): Promise<void>;
}

export function createJsonFile<Value>(path: string): JsonFile<Value> {
  let writing: Promise<void> = Promise.resolve();
  // The value waiting for the running write to finish, and the promise its savers wait on.
  let pending: { value: Value; written: Promise<void> } | undefined;

  async function write(value: Value): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(value));
    await rename(temporary, path);
  }

  return {
    async read() {
      const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (text === undefined) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
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
