// Side-by-side documents scroll together: scrolling one moves the others to the same relative
// position. Jumping to a difference instead puts each pane's own mark of it in the middle.
import { useCallback, useRef } from 'react';
import type { UIEvent } from 'react';

export interface SyncedScroll {
  register(index: number): (element: HTMLElement | null) => void;
  onScroll(event: UIEvent<HTMLElement>): void;
  /** Centres the marks of difference `change` in the given panes. */
  showChange(change: number, paneIndices: readonly number[]): void;
}

export function useSyncedScroll(enabled: boolean): SyncedScroll {
  const panes = useRef<(HTMLElement | null)[]>([]);
  // The pane being scrolled by the user (or "all" while jumping): the scroll events our own
  // changes cause in the other panes arrive in the next frame and must not echo back.
  const driver = useRef<HTMLElement | 'all' | null>(null);
  const release = useRef(0);

  const hold = useCallback((holder: HTMLElement | 'all') => {
    driver.current = holder;
    cancelAnimationFrame(release.current);
    release.current = requestAnimationFrame(() => {
      release.current = requestAnimationFrame(() => (driver.current = null));
    });
  }, []);

  // One callback per pane for good, so memoized panes do not re-render for a new ref.
  const refCallbacks = useRef(new Map<number, (element: HTMLElement | null) => void>());
  const register = useCallback((index: number) => {
    let callback = refCallbacks.current.get(index);
    if (!callback) {
      callback = (element) => {
        panes.current[index] = element;
      };
      refCallbacks.current.set(index, callback);
    }
    return callback;
  }, []);

  const onScroll = useCallback(
    (event: UIEvent<HTMLElement>) => {
      const source = event.currentTarget;
      if (!enabled || (driver.current !== null && driver.current !== source)) return;
      hold(source);
      const ratio = source.scrollTop / Math.max(1, source.scrollHeight - source.clientHeight);
      for (const pane of panes.current) {
        if (pane && pane !== source) pane.scrollTop = ratio * (pane.scrollHeight - pane.clientHeight);
      }
    },
    [enabled, hold],
  );

  const showChange = useCallback(
    (change: number, paneIndices: readonly number[]) => {
      hold('all');
      let firstMark: HTMLElement | undefined;
      for (const index of paneIndices) {
        const pane = panes.current[index];
        const mark = pane?.querySelector<HTMLElement>(`[data-change="${change}"]`);
        if (!pane || !mark) continue;
        const top = mark.getBoundingClientRect().top - pane.getBoundingClientRect().top + pane.scrollTop;
        pane.scrollTop = Math.max(0, top - pane.clientHeight / 3);
        firstMark ??= mark;
      }
      // In a narrow window the panes flow down the page, which may have to scroll as well.
      firstMark?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    },
    [hold],
  );

  return { register, onScroll, showChange };
}
