// The app's side of "Not duplicates": the dismissals in the index the app shares with the CLI
// (index.sqlite in the data folder), read once and kept in memory, as every analysis asks for them.
import { join } from 'node:path';
import type { Dismissal } from '../../../shared/dismissals.ts';
import type { StoredDismissal } from '../index/dismissalStore.ts';
import { FileIndexError } from '../index/fileIndex.ts';
import { openDismissalStore } from '../index/dismissalStore.ts';

export interface DismissedStore {
  /** What every analysis leaves out now. */
  current(): readonly Dismissal[];
  list(): StoredDismissal[];
  dismiss(dismissal: Dismissal): number;
  restore(id: number): void;
  close(): void;
}

export function openDismissedStore(dataDir: string): DismissedStore {
  let store: ReturnType<typeof openDismissalStore> | undefined;
  let unusable: string | undefined;
  try {
    store = openDismissalStore(join(dataDir, 'index.sqlite'));
  } catch (error) {
    // A damaged or newer index is left as it is (scanIndex.ts): nothing is hidden, and asking to hide says why.
    if (!(error instanceof FileIndexError)) throw error;
    unusable = error.message;
  }
  let cached = store?.list() ?? [];
  const usable = () => {
    if (!store) throw new Error(`Dismissals cannot be kept: ${unusable}`);
    return store;
  };
  return {
    current: () => cached,
    list: () => cached,
    dismiss(dismissal) {
      const id = usable().dismiss(dismissal);
      cached = usable().list();
      return id;
    },
    restore(id) {
      if (!usable().restore(id)) throw new Error('That dismissal is already restored');
      cached = usable().list();
    },
    close() {
      // dispose() may be called more than once; the connection closes once.
      store?.close();
      store = undefined;
      unusable = 'the engine is shutting down';
    },
  };
}
