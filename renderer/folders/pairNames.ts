// How a folder pair's clean-up names its two folders: short, and never the same twice.

/**
 * Each folder of a pair by the part that tells it from the other: the segments after the ones
 * they share ("Backup/Licenses" and "Documents/Licenses" under the same home), whole segments only.
 */
export function distinctNames(first: string, second: string): [string, string] {
  const split = (path: string) => path.split(/[\\/]/);
  const [a, b] = [split(first), split(second)];
  let shared = 0;
  while (shared < Math.min(a.length, b.length) - 1 && a[shared] === b[shared]) shared++;
  return [a.slice(shared).join('/'), b.slice(shared).join('/')];
}
