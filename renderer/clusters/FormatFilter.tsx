// The format chips: only the formats the results hold (a folder without slides shows no
// PowerPoint chip), in the contract's order, and any the filter holds while it selects.
import type { DocumentFormat } from '../../shared/report.ts';
import { ALL_FORMATS } from '../store/clustersSlice.ts';
import { useShingle } from '../store/useShingle.ts';
import { ChipGroup } from './ChipGroup.tsx';
import { formatLabels } from './clusterLabels.ts';

export function FormatFilter() {
  const present = useShingle((s) => s.listSummary?.formats);
  const selected = useShingle((s) => s.filters.formats);
  const setFilters = useShingle((s) => s.setFilters);
  const all = selected.length === ALL_FORMATS.length;
  const values = ALL_FORMATS.filter((format) => (present ?? ALL_FORMATS).includes(format) || (!all && selected.includes(format)));
  if (values.length === 0) return null;
  return (
    <ChipGroup
      label="Formats"
      values={values}
      selected={all ? values : selected.filter((format) => values.includes(format))}
      render={(format: DocumentFormat) => formatLabels[format]}
      // Every chip shown is every format: the filter then holds them all, as it does at first.
      onChange={(formats) => void setFilters({ formats: formats.length === values.length ? [...ALL_FORMATS] : formats })}
    />
  );
}
