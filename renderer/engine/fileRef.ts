// How the page names a file to the engine: by cluster and position, never by a path. The path it
// shows there goes along only as a check, so that a list older than the engine's results (a
// rescan, a change on disk, an event on its way) cannot act on another file at that position.
import type { Cluster } from '../../shared/report.ts';
import type { FileRef } from './contractTypes.ts';

export function fileRefOf(cluster: Cluster, fileIndex: number): FileRef | null {
  const file = cluster.files[fileIndex];
  return file ? { clusterId: cluster.id, fileIndex, path: file.path } : null;
}
