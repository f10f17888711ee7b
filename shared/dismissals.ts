// "Not duplicates": the person's dismissals, applied as a pure filter where every analysis ends.
// A near cluster's id is a hash of its members, so it changes whenever one joins or leaves; a
// dismissal is therefore kept by member identity — the paths the cluster had when it was
// dismissed — and matched against each new cluster by those paths, never by id.

/**
 * `file` absent: the whole cluster of `paths` is not a group of duplicates. `file` present: that
 * file is not a duplicate of the others in `paths` (the cluster it was dismissed from).
 */
export interface Dismissal {
  paths: readonly string[];
  file?: string;
}

interface FilterableCluster {
  kind?: string;
  reclaimable: number;
  files: readonly { path: string; size: number }[];
}

/**
 * A cluster is hidden when every file in it was in one dismissed cluster (a member deleted since
 * still hides it; a new member shows it again, as there is something new to judge). A dismissed
 * file leaves any cluster that still holds one of the files it was dismissed beside. A cluster
 * left with one file disappears, as does a contained cluster whose container is dismissed.
 */
export function withoutDismissed<C extends FilterableCluster>(clusters: readonly C[], dismissals: readonly Dismissal[]): C[] {
  if (dismissals.length === 0) return [...clusters];
  const wholeSets = dismissals.filter((d) => d.file === undefined).map((d) => new Set(d.paths));
  const fileRules = dismissals.filter((d): d is Dismissal & { file: string } => d.file !== undefined);
  const kept: C[] = [];
  for (const cluster of clusters) {
    if (wholeSets.some((set) => cluster.files.every((f) => set.has(f.path)))) continue;
    const present = new Set(cluster.files.map((f) => f.path));
    const dropped = new Set<string>();
    for (const rule of fileRules) {
      if (present.has(rule.file) && rule.paths.some((p) => p !== rule.file && present.has(p))) dropped.add(rule.file);
    }
    if (dropped.size === 0) {
      kept.push(cluster);
      continue;
    }
    const files = cluster.files.filter((f) => !dropped.has(f.path));
    // A contained cluster's claim is about its first file (it holds the others): without it, no claim is left.
    if (files.length < 2 || (cluster.kind === 'contained' && dropped.has(cluster.files[0]!.path))) continue;
    // Keeping the first file and removing the others frees the rest's bytes, as when clusters are built.
    const reclaimable = files.slice(1).reduce((sum, f) => sum + f.size, 0);
    kept.push({ ...cluster, files, reclaimable });
  }
  return kept;
}
