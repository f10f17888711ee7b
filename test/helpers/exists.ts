// Whether a name is there (the entry itself: a symlink counts, wherever it points) — what the
// clean-up tests ask of every file after a run.
import { lstat } from 'node:fs/promises';

export function exists(path: string | Buffer): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}
