// The folders that hold clustered files, for the folder filter: each folder with a file of a
// cluster in it, and the folders above it up to the scan root it was found under, each with
// how many clusters have a file below it (and how many have files elsewhere too). Pure: paths are split on either separator.

export interface ClusterFolder {
  path: string;
  /** Clusters with at least one file in this folder or below it. */
  clusters: number;
  /** Clusters with files both below this folder and elsewhere: those a keep rule naming it decides. */
  split: number;
}

export function parentOf(path: string): string | null {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  if (cut < 0) return null;
  return cut === 0 ? path.slice(0, 1) : path.slice(0, cut);
}

export function withoutTrailingSeparator(path: string): string {
  return path.length > 1 ? path.replace(/[\\/]+$/, '') : path;
}

/** Folders by path (sorted); above the roots nothing is listed, a file outside every root lists only its own folder. */
export function clusterFolders(clusters: readonly { files: readonly { path: string }[] }[], roots: readonly string[]): ClusterFolder[] {
  const rootSet = new Set(roots.map(withoutTrailingSeparator));
  const counts = new Map<string, { clusters: number; split: number }>();
  for (const cluster of clusters) {
    // Per folder, how many of the cluster's files are below it.
    const folders = new Map<string, number>();
    for (const file of cluster.files) {
      const chain: string[] = [];
      let reachedRoot = false;
      for (let folder = parentOf(file.path); folder !== null && !reachedRoot; folder = parentOf(folder)) {
        chain.push(folder);
        reachedRoot = rootSet.has(folder);
        if (folder === parentOf(folder)) break;
      }
      for (const folder of reachedRoot ? chain : chain.slice(0, 1)) folders.set(folder, (folders.get(folder) ?? 0) + 1);
    }
    for (const [folder, files] of folders) {
      const count = counts.get(folder) ?? { clusters: 0, split: 0 };
      count.clusters++;
      if (files < cluster.files.length) count.split++;
      counts.set(folder, count);
    }
  }
  return [...counts].map(([path, count]) => ({ path, ...count })).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
