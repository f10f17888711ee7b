// The folders that hold clustered files, for the folder filter: each folder with a file of a
// cluster in it, and the folders above it up to the scan root it was found under, each with
// how many clusters have a file below it. Pure: paths are split on either separator.

export interface ClusterFolder {
  path: string;
  /** Clusters with at least one file in this folder or below it. */
  clusters: number;
}

function parentOf(path: string): string | null {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  if (cut < 0) return null;
  return cut === 0 ? path.slice(0, 1) : path.slice(0, cut);
}

function withoutTrailingSeparator(path: string): string {
  return path.length > 1 ? path.replace(/[\\/]+$/, '') : path;
}

/** Folders by path (sorted); above the roots nothing is listed, a file outside every root lists only its own folder. */
export function clusterFolders(clusters: readonly { files: readonly { path: string }[] }[], roots: readonly string[]): ClusterFolder[] {
  const rootSet = new Set(roots.map(withoutTrailingSeparator));
  const counts = new Map<string, number>();
  for (const cluster of clusters) {
    const folders = new Set<string>();
    for (const file of cluster.files) {
      const chain: string[] = [];
      let reachedRoot = false;
      for (let folder = parentOf(file.path); folder !== null && !reachedRoot; folder = parentOf(folder)) {
        chain.push(folder);
        reachedRoot = rootSet.has(folder);
        if (folder === parentOf(folder)) break;
      }
      for (const folder of reachedRoot ? chain : chain.slice(0, 1)) folders.add(folder);
    }
    for (const folder of folders) counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  return [...counts].map(([path, clusters]) => ({ path, clusters })).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
