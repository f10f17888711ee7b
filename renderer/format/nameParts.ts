// Names too long for their space are cut in the middle, not at the end: the end holds the
// extension and, in a cluster, usually what tells the copies apart ("report-v2.txt").

/** The tail kept whole when a name is cut: at least the extension and a few characters before it. */
const MIN_TAIL = 10;
const MAX_TAIL = 20;

export interface NameSplit {
  /** Shortened with an ellipsis when space runs out. */
  head: string;
  /** Always shown whole. */
  tail: string;
}

/** Where the names of a cluster start to differ and stop differing (common prefix and suffix). */
export function differingSpan(name: string, others: readonly string[]): [start: number, end: number] | null {
  const rest = others.filter((other) => other !== name);
  if (rest.length === 0) return null;
  let start = name.length;
  let end = 0;
  for (const other of rest) {
    let prefix = 0;
    while (prefix < name.length && prefix < other.length && name[prefix] === other[prefix]) prefix++;
    let suffix = 0;
    while (suffix < name.length - prefix && suffix < other.length - prefix && name[name.length - 1 - suffix] === other[other.length - 1 - suffix]) suffix++;
    start = Math.min(start, prefix);
    end = Math.max(end, name.length - suffix);
  }
  return end > start ? [start, end] : [start, start];
}

/** Splits a name so that the cut falls before the part that distinguishes it (and its extension). */
export function splitName(name: string, distinguishing: [number, number] | null = null): NameSplit {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.length - dot : 0;
  let tail = Math.max(MIN_TAIL, extension + 4);
  if (distinguishing) tail = Math.max(tail, name.length - distinguishing[0] + 2);
  tail = Math.min(tail, MAX_TAIL, name.length);
  return { head: name.slice(0, name.length - tail), tail: name.slice(name.length - tail) };
}

const SEPARATOR = /[\\/]/;

/**
 * Names that tell the files of a cluster apart: the file name, and where several files share
 * it, as many of the folders above it as it takes ("Drafts/report.txt", "Reports/report.txt").
 */
export function distinctNames(paths: readonly string[]): string[] {
  const parts = paths.map((path) => path.split(SEPARATOR).filter(Boolean));
  return parts.map((mine, i) => {
    for (let depth = 1; depth <= mine.length; depth++) {
      const label = mine.slice(-depth).join('/');
      const clash = parts.some((theirs, j) => j !== i && theirs.slice(-depth).join('/') === label);
      if (!clash) return label;
    }
    return mine.join('/');
  });
}
