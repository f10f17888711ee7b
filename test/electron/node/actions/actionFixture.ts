// Reports built from real files, as `shingle scan` would write them, for the action tests.
import { lstat } from 'node:fs/promises';
import type { Cluster, ClusterKind, ScanReport } from '../../../../shared/report.ts';

export async function clusterOf(id: string, paths: string[], kind: ClusterKind = 'exact'): Promise<Cluster> {
  const files = [];
  for (const path of paths) {
    const info = await lstat(path);
    files.push({ path, size: info.size, mtime: info.mtimeMs });
  }
  return { id, kind, similarity: 1, reclaimable: files.slice(1).reduce((n, f) => n + f.size, 0), files };
}

export function reportOf(roots: string[], clusters: Cluster[]): ScanReport {
  return { version: 1, roots, stats: { files: 0, bytes: 0, ms: 0 }, clusters, errors: [] };
}
