// Above the list: how many clusters and how much space, then the filters, search and sort. The
// search reads as the engine reads it: a substring, a wildcard pattern (* ? **) or a /regular
// expression/; the engine checks a pattern before the list is asked for it, and one it cannot
// run (invalid, too long) is said in one line while the list keeps the last search that could.
import { useEffect, useState } from 'react';
import { formatBytes, formatCount } from '../../shared/format.ts';
import type { ClusterKind } from '../../shared/report.ts';
import type { SearchMode } from '../../shared/contract/vocabulary.ts';
import type { ClusterSort } from '../engine/contractTypes.ts';
import type { SearchReading } from '../store/clusterFoldersSlice.ts';
import { ALL_KINDS } from '../store/clustersSlice.ts';
import { useShingle } from '../store/useShingle.ts';
import { ChipGroup } from './ChipGroup.tsx';
import { FolderFilter } from './FolderFilter.tsx';
import { FormatFilter } from './FormatFilter.tsx';
import { kindDescriptions, kindLabels, sortLabels } from './clusterLabels.ts';

export const SEARCH_INPUT_ID = 'cluster-search';
const SEARCH_ERROR_ID = 'cluster-search-error';
const SEARCH_HELP = 'Search paths: text anywhere in a path; *, ? and ** as wildcards (*.pdf, Backup/**/*.txt); /…/ for a regular expression';
/** What the field says the engine is reading; plain text needs no word. */
const modeLabels: Record<SearchMode, string> = { text: '', wildcard: 'Wildcard', regex: 'Regex' };
/** Typing is not a query per key press. */
const SEARCH_DELAY_MS = 200;

export function ClusterFilters() {
  const summary = useShingle((s) => s.listSummary);
  const filters = useShingle((s) => s.filters);
  const setFilters = useShingle((s) => s.setFilters);
  const checkSearch = useShingle((s) => s.checkSearch);
  const [search, setSearch] = useState(filters.search);
  const [reading, setReading] = useState<SearchReading>({ mode: 'text' });

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      const text = search.trim();
      void (text ? checkSearch(text) : Promise.resolve<SearchReading>({ mode: 'text' })).then((checked) => {
        if (!current || !checked) return;
        setReading(checked);
        if (!checked.error && search !== filters.search) void setFilters({ search });
      });
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [search, filters.search, setFilters, checkSearch]);

  return (
    <div className="cluster-filters">
      <p className="list-summary" aria-live="polite">
        <strong>{summary ? formatCount(summary.total) : '…'}</strong> {summary?.total === 1 ? 'cluster' : 'clusters'}
        <span className="summary-sep" aria-hidden="true">
          ·
        </span>
        <strong>{summary ? formatBytes(summary.totalReclaimable) : '…'}</strong> reclaimable
      </p>
      <div className="search-row">
        <input
          id={SEARCH_INPUT_ID}
          className="search"
          type="search"
          placeholder="Search paths, *.pdf or /regex/   /"
          aria-label="Search paths"
          title={SEARCH_HELP}
          aria-invalid={reading.error ? true : undefined}
          aria-describedby={reading.error ? SEARCH_ERROR_ID : undefined}
          value={search}
          maxLength={1000}
          onChange={(e) => setSearch(e.target.value)}
        />
        {modeLabels[reading.mode] && (
          <span className="search-mode" data-testid="search-mode">
            {modeLabels[reading.mode]}
          </span>
        )}
      </div>
      {reading.error && (
        <p id={SEARCH_ERROR_ID} className="search-error" role="alert">
          {reading.error}
        </p>
      )}
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
      <FormatFilter />
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
