// What `scan` and `watch` hide: the dismissals kept in the index, read once the index is open
// (so an unusable index has already failed the command in its own words). None with --no-index
// (there is nowhere they could be) or --show-dismissed (the person asked to see everything).
import type { Dismissal } from '../../../shared/dismissals.ts';
import { openDismissalStore } from '../index/dismissalStore.ts';
import type { ScanCommand } from './scanArgs.ts';

export function dismissalsOf(command: ScanCommand): (() => readonly Dismissal[]) | undefined {
  if (command.indexPath === null || command.showDismissed) return undefined;
  const store = openDismissalStore(command.indexPath);
  try {
    const dismissals = store.list();
    return () => dismissals;
  } finally {
    store.close();
  }
}
