// Plain-text tables and figures for the benchmark's printout.

/** Rows as aligned lines: the first column left-aligned, the others right-aligned. */
export function formatTable(rows: readonly (readonly string[])[], indent = '  '): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows.map((row) => indent + row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ').trimEnd());
}

export function ratio(found: number, total: number): string {
  return total === 0 ? '–' : `${(found / total).toFixed(3)} (${found}/${total})`;
}

export function fixed(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '–';
}

export function megabytes(bytes: number): string {
  return (bytes / 1e6).toFixed(1);
}
