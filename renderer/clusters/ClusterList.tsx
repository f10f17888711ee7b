// The clusters, virtualized: only the rows in view exist in the DOM, and only the pages
// around them are fetched, so 100,000 clusters scroll like 100. A listbox: arrow keys (or
// j/k anywhere) move the selection, which opens the cluster beside the list.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { CleanupButton } from '../cleanup/CleanupButton.tsx';
import { MarkBar } from '../marks/MarkBar.tsx';
import { clusterAt } from '../store/clustersSlice.ts';
import { useShingle } from '../store/useShingle.ts';
import { ClusterFilters } from './ClusterFilters.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import { ClusterRow } from './ClusterRow.tsx';

/** Rows are two lines of text; sized in rem so a larger default font keeps them readable. */
const ROW_HEIGHT_REM = 4.25;

function rowId(index: number): string {
  return `cluster-row-${index}`;
}

function useRowHeight(): number {
  const [height] = useState(() => ROW_HEIGHT_REM * parseFloat(getComputedStyle(document.documentElement).fontSize || '16'));
  return height;
}

export function ClusterList() {
  const total = useShingle((s) => s.listSummary?.total ?? 0);
  const loading = useShingle((s) => s.listSummary === null);
  const pages = useShingle((s) => s.pages);
  const generation = useShingle((s) => s.listGeneration);
  const selectedIndex = useShingle((s) => s.selectedIndex);
  const ensureClusterRange = useShingle((s) => s.ensureClusterRange);
  const selectClusterAt = useShingle((s) => s.selectClusterAt);
  const selectRelative = useShingle((s) => s.selectRelative);
  const scrollElement = useRef<HTMLDivElement>(null);
  const rowHeight = useRowHeight();

  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollElement.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const rows = virtualizer.getVirtualItems();
  const firstVisible = rows[0]?.index ?? 0;
  const lastVisible = rows.at(-1)?.index ?? 0;

  useEffect(() => {
    if (total > 0) void ensureClusterRange(firstVisible, lastVisible);
  }, [firstVisible, lastVisible, total, generation, ensureClusterRange]);

  useEffect(() => {
    if (selectedIndex !== null) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, () => void> = {
      ArrowDown: () => void selectRelative(1),
      ArrowUp: () => void selectRelative(-1),
      Home: () => void selectClusterAt(0),
      End: () => void selectClusterAt(total - 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  }

  return (
    <aside className="cluster-pane" aria-label="Clusters">
      <ClusterFilters />
      <div className="list-actions">
        <CleanupButton />
        <ExportButtons />
      </div>
      <MarkBar />
      <div
        ref={scrollElement}
        className="cluster-scroll"
        role="listbox"
        aria-label="Clusters"
        aria-busy={loading}
        tabIndex={0}
        aria-activedescendant={selectedIndex !== null && selectedIndex >= firstVisible && selectedIndex <= lastVisible ? rowId(selectedIndex) : undefined}
        onKeyDown={onKeyDown}
      >
        {!loading && total === 0 && <p className="empty-note list-empty">No clusters match.</p>}
        <div className="cluster-rows" style={{ height: virtualizer.getTotalSize() }}>
          {rows.map((row) => {
            const cluster = clusterAt({ pages }, row.index);
            return (
              <div
                key={row.key}
                id={rowId(row.index)}
                role="option"
                aria-selected={row.index === selectedIndex}
                aria-posinset={row.index + 1}
                aria-setsize={total}
                className={`cluster-row${cluster ? '' : ' placeholder'}`}
                style={{ height: row.size, transform: `translateY(${row.start}px)` }}
                onClick={() => void selectClusterAt(row.index)}
              >
                {cluster ? <ClusterRow cluster={cluster} /> : <span className="row-loading">Loading…</span>}
              </div>
            );
          })}
        </div>
      </div>
    </aside>
  );
}
