// Side-by-side documents scroll together, passage by passage: the text at the top of the pane
// being scrolled is found in every other pane through the diffs' common runs (via the base),
// and each pane is moved to show it at the same height. Where no diff is known (still
// loading, or too different to diff), a pane keeps the same relative position instead.
// Jumping to a difference puts each pane's own mark of it a third of the way down, and the
// other panes follow the first of them.
import { useCallback, useLayoutEffect, useRef } from 'react';
import type { UIEvent } from 'react';
import { mapOffset } from '../diff/alignment.ts';
import type { RunPair } from '../diff/alignment.ts';
import { offsetAtTop, scrollTopFor } from './textOffsets.ts';

export interface Alignment {
  base: number;
  /** By column (all but the base): its diff's runs against the base. */
  runs: Record<number, RunPair[] | undefined>;
}

export interface SyncedScroll {
  register(index: number): (element: HTMLElement | null) => void;
  onScroll(event: UIEvent<HTMLElement>): void;
  /** Centres the marks of difference `change` in the given panes. */
  showChange(change: number, paneIndices: readonly number[]): void;
}

/** The scrollTop at the same relative position as the source's. */
function sameRatio(source: HTMLElement, pane: HTMLElement): number {
  const ratio = source.scrollTop / Math.max(1, source.scrollHeight - source.clientHeight);
  return ratio * (pane.scrollHeight - pane.clientHeight);
}

export function useSyncedScroll(enabled: boolean, alignment: Alignment): SyncedScroll {
  const panes = useRef<(HTMLElement | null)[]>([]);
  const aligned = useRef(alignment);
  useLayoutEffect(() => {
    aligned.current = alignment;
  });
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

  /** Moves every pane but `source` (and those in `skip`) to the passage at the top of `source`. */
  const follow = useCallback((source: HTMLElement, skip: ReadonlySet<HTMLElement> = new Set()) => {
    const { base, runs } = aligned.current;
    const from = panes.current.indexOf(source);
    const top = source.scrollTop > 0 ? offsetAtTop(source) : null;
    const sourceRuns = runs[from];
    const baseOffset = top === null ? null : from === base ? top.offset : sourceRuns ? mapOffset(sourceRuns, top.offset, 'other') : null;
    // Every target is measured first, then all are moved: no layout between a move and a read.
    const moves: [HTMLElement, number][] = [];
    panes.current.forEach((pane, index) => {
      if (!pane || pane === source || skip.has(pane)) return;
      const paneRuns = runs[index];
      const offset = baseOffset === null ? null : index === base ? baseOffset : paneRuns ? mapOffset(paneRuns, baseOffset, 'base') : null;
      const target = source.scrollTop <= 0 ? 0 : offset === null || top === null ? null : scrollTopFor(pane, offset, top.below);
      moves.push([pane, target ?? sameRatio(source, pane)]);
    });
    for (const [pane, scrollTop] of moves) pane.scrollTop = scrollTop;
  }, []);

  const onScroll = useCallback(
    (event: UIEvent<HTMLElement>) => {
      const source = event.currentTarget;
      if (!enabled || (driver.current !== null && driver.current !== source)) return;
      hold(source);
      follow(source);
    },
    [enabled, hold, follow],
  );

  const showChange = useCallback(
    (change: number, paneIndices: readonly number[]) => {
      hold('all');
      let firstMark: HTMLElement | undefined;
      const placed = new Set<HTMLElement>();
      for (const index of paneIndices) {
        const pane = panes.current[index];
        const mark = pane?.querySelector<HTMLElement>(`[data-change="${change}"]`);
        if (!pane || !mark) continue;
        const top = mark.getBoundingClientRect().top - pane.getBoundingClientRect().top + pane.scrollTop;
        pane.scrollTop = Math.max(0, top - pane.clientHeight / 3);
        placed.add(pane);
        firstMark ??= mark;
      }
      // The other columns show the same passage, when they scroll together.
      const [lead] = placed;
      if (enabled && lead) follow(lead, placed);
      // In a narrow window the panes flow down the page, which may have to scroll as well.
      firstMark?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    },
    [enabled, hold, follow],
  );

  return { register, onScroll, showChange };
}
