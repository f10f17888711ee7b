// Which files are copies of each other, read off a scan's clusters: byte-identical files (an
// exact cluster, or one text's identical copies inside a near cluster) and same-text copies (the
// .txt and .html of one text). Files that merely resemble each other are not copies.
import type { Cluster } from '../report.ts';

/**
 * A copy key per path (a small integer): equal keys, equal content. Paths without a key have no
 * copy. Inside near and contained clusters, the files of one canonical text come together, the
 * first unmarked and the others marked `identical` (see assembleClusters).
 */
export function copyKeys(clusters: readonly Cluster[]): Map<string, number> {
  const keys = new Map<string, number>();
  let next = 0;
  const assign = (path: string, links: readonly string[] | undefined, key: number) => {
    keys.set(path, key);
    for (const link of links ?? []) keys.set(link, key);
  };
  for (const cluster of clusters) {
    const exact = next++;
    cluster.files.forEach((file, i) => {
      // A contained cluster's first file is its container, shown for reference only: its copies,
      // if it has any, are in another cluster.
      if (cluster.kind === 'contained' && i === 0) return;
      if (cluster.kind === 'exact') return assign(file.path, file.links, exact);
      // The same words with other punctuation or case ('words') is an edit: a key of its own.
      assign(file.path, file.links, file.identical === 'bytes' || file.identical === 'text' ? next - 1 : next++);
    });
  }
  return keys;
}
