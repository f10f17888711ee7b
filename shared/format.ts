// Human-readable figures, the same in the CLI and the app.

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** Decimal units (1 KB = 1000 B), as file managers on Linux and macOS show sizes. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 2 : 1)} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds - minutes * 60);
  if (minutes < 60) return `${minutes} min ${rest} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export function formatCount(n: number): string {
  // Whole numbers by hand: the first toLocaleString of a process loads ICU's data (~15–80 ms),
  // most of what a small `shingle scan` costs after Node's own start-up.
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${grouped}` : grouped;
}

/** "1 file", "2 files", "1,024 groups": the count and the noun that agrees with it. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;
}

/**
 * A fraction as a whole percentage, floored: a similarity of 0.596 reads "59%", so "≥ 59%" never
 * claims more than is true, and a progress bar reads 100% only when the work is done.
 */
export function percentOf(fraction: number): number {
  return Math.floor(fraction * 100 + 1e-9);
}

export function formatPercent(fraction: number): string {
  return `${percentOf(fraction)}%`;
}

export function formatRate(bytesPerSecond: number): string {
  return `${formatBytes(bytesPerSecond)}/s`;
}

/** Below this a phase's rate is mostly noise. */
const MIN_MEASURE_MS = 500;

/**
 * How fast a phase goes and how long it has left, from how much of `total` it has done in
 * `elapsedMs`: per second in the unit of `done` (bytes or files), and milliseconds left. Null until
 * the phase has run long enough to measure, or while nothing is done.
 */
export function rateAndEta(done: number, total: number, elapsedMs: number): { perSecond: number | null; etaMs: number | null } {
  if (elapsedMs < MIN_MEASURE_MS || done <= 0) return { perSecond: null, etaMs: null };
  const perSecond = done / (elapsedMs / 1000);
  return { perSecond, etaMs: total > 0 ? (Math.max(0, total - done) / perSecond) * 1000 : null };
}
