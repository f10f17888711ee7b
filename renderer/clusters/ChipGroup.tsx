// A row of filter chips with an "All" chip: clicking a chip shows only that; clicking it again
// (or "All") shows everything; Ctrl/⌘/Shift-click adds or removes one chip to combine several.
import type { MouseEvent, ReactNode } from 'react';

interface ChipGroupProps<T extends string> {
  label: string;
  values: readonly T[];
  selected: readonly T[];
  render(value: T): ReactNode;
  className?(value: T): string;
  title?(value: T): string;
  onChange(selected: T[]): void;
}

/** What a click on `value` selects: only it, all again, or (with a modifier) it added or removed. */
export function chipSelection<T>(values: readonly T[], selected: readonly T[], value: T, combine: boolean): T[] {
  const all = selected.length === values.length;
  if (combine && !all) {
    const next = selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
    // Nothing selected would only empty the list: that is "all" again.
    return next.length === 0 ? [...values] : values.filter((v) => next.includes(v));
  }
  return !all && selected.length === 1 && selected[0] === value ? [...values] : [value];
}

export function ChipGroup<T extends string>({ label, values, selected, render, className, title, onChange }: ChipGroupProps<T>) {
  const all = selected.length === values.length;
  const click = (value: T) => (event: MouseEvent) => onChange(chipSelection(values, selected, value, event.ctrlKey || event.metaKey || event.shiftKey));
  return (
    <div className="filter-row" role="group" aria-label={label}>
      <button type="button" className="filter-chip" aria-pressed={all} onClick={() => onChange([...values])}>
        All
      </button>
      {values.map((value) => (
        <button
          key={value}
          type="button"
          className={`filter-chip ${className?.(value) ?? ''}`}
          aria-pressed={!all && selected.includes(value)}
          title={`${title ? `${title(value)}. ` : ''}Ctrl-click to combine`}
          onClick={click(value)}
        >
          {render(value)}
        </button>
      ))}
    </div>
  );
}
