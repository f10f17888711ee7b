// The person's dismissals ("Not duplicates"), kept in the index so the CLI (which opens the same
// index) and the app share them and they outlive scans and restarts. A connection of its own:
// dismissals are written at any time, apart from a scan's batched writes, and WAL lets both be open.
import type { DatabaseSync } from 'node:sqlite';
import type { CommandResponse } from '../../../shared/contract/engineContract.ts';
import type { Dismissal } from '../../../shared/dismissals.ts';
import { openIndexDatabase } from './indexDatabase.ts';

/** As the contract lists it. */
export type StoredDismissal = CommandResponse<'listDismissed'>[number];

export interface DismissalStore {
  list(): StoredDismissal[];
  /** Records a dismissal (again: no second row); returns its id. */
  dismiss(dismissal: Dismissal): number;
  restore(id: number): boolean;
  close(): void;
}

const BUSY_TIMEOUT_MS = 5000;

/** Paths sorted, so the same cluster dismissed twice is one row. */
function key(dismissal: Dismissal): { paths: string; file: string } {
  return { paths: JSON.stringify([...new Set(dismissal.paths)].sort()), file: dismissal.file ?? '' };
}

export function openDismissalStore(indexPath: string): DismissalStore {
  const db: DatabaseSync = openIndexDatabase(indexPath, BUSY_TIMEOUT_MS);
  const select = db.prepare('SELECT id, paths, file, dismissed_ms FROM dismissals ORDER BY dismissed_ms DESC, id DESC');
  const insert = db.prepare('INSERT INTO dismissals (paths, file, dismissed_ms) VALUES (?, ?, ?) ON CONFLICT (paths, file) DO NOTHING');
  const find = db.prepare('SELECT id FROM dismissals WHERE paths = ? AND file = ?');
  const remove = db.prepare('DELETE FROM dismissals WHERE id = ?');
  return {
    list() {
      const rows = select.all() as { id: number; paths: string; file: string; dismissed_ms: number }[];
      return rows.map((row) => ({ id: row.id, paths: JSON.parse(row.paths) as string[], ...(row.file ? { file: row.file } : {}), dismissedMs: row.dismissed_ms }));
    },
    dismiss(dismissal) {
      const { paths, file } = key(dismissal);
      insert.run(paths, file, Date.now());
      return (find.get(paths, file) as { id: number }).id;
    },
    restore: (id) => Number(remove.run(id).changes) > 0,
    close: () => db.close(),
  };
}
