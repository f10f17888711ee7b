// What tells the names of a cluster apart: where they differ, and names that add as many
// folders as it takes to tell files of one name apart.

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
