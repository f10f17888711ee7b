// Above the list: how many clusters and how much space, then the filters, search and sort.
import { useEffect, useState } from 'react';
import { formatBytes, formatCount } from '../../shared/format.ts';
import type { ClusterKind, DocumentFormat } from '../../shared/report.ts';
import type { ClusterSort } from '../engine/contractTypes.ts';
import { ALL_FORMATS, ALL_KINDS } from '../store/clustersSlice.ts';
import { useShingle } from '../store/useShingle.ts';
import { ChipGroup } from './ChipGroup.tsx';
import { FolderFilter } from './FolderFilter.tsx';
import { formatLabels, kindDescriptions, kindLabels, sortLabels } from './clusterLabels.ts';

export const SEARCH_INPUT_ID = 'cluster-search';
/** Typing is not a query per key press. */
const SEARCH_DELAY_MS = 200;

export function ClusterFilters() {
  const summary = useShingle((s) => s.listSummary);
  const filters = useShingle((s) => s.filters);
  const setFilters = useShingle((s) => s.setFilters);
  const [search, setSearch] = useState(filters.search);

  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => void setFilters({ search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters.search, setFilters]);

  return (
    <div className="cluster-filters">
      <p className="list-summary" aria-live="polite">
        <strong>{summary ? formatCount(summary.total) : '…'}</strong> {summary?.total === 1 ? 'cluster' : 'clusters'}
        <span className="summary-sep" aria-hidden="true">
          ·
        </span>
        <strong>{summary ? formatBytes(summary.totalReclaimable) : '…'}</strong> reclaimable
      </p>
      <input
        id={SEARCH_INPUT_ID}
        className="search"
        type="search"
        placeholder="Search paths   /"
        aria-label="Search paths"
        value={search}
        maxLength={1000}
        onChange={(e) => setSearch(e.target.value)}
      />
      <ChipGroup
        label="Kinds"
        values={ALL_KINDS}
        selected={filters.kinds}
        className={(kind) => `kind-${kind}`}
        title={(kind) => kindDescriptions[kind]}
        render={(kind: ClusterKind) => (
          <>
            {kindLabels[kind]} <span className="chip-count">{summary ? formatCount(summary.counts[kind]) : ''}</span>
          </>
        )}
        onChange={(kinds) => void setFilters({ kinds })}
      />
      <ChipGroup
        label="Formats"
        values={ALL_FORMATS}
        selected={filters.formats}
        render={(format: DocumentFormat) => formatLabels[format]}
        onChange={(formats) => void setFilters({ formats })}
      />
      <div className="filter-selects">
        <FolderFilter />
        <select aria-label="Sort" value={filters.sort} onChange={(e) => void setFilters({ sort: e.target.value as ClusterSort })}>
          {Object.entries(sortLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
