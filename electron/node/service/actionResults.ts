// The results follow the engine's own clean-ups without waiting for the watcher (which may not
// run at all: a report restored from an earlier session with other folders chosen, a network
// drive): files a batch removed leave their clusters at once, a cluster of one leaves the list,
// and undo puts back what the batch took. Each cluster a batch touches is remembered as it was
// before, per batch, and saved with the results, so an undo after a restart restores it too.
import { lstatSync } from 'node:fs';
import type { Cluster, ReportFile } from '../../../shared/report.ts';
import { toFsPath } from '../scan/fsPath.ts';
import type { ClusterChange } from '../watch/watchFolders.ts';
import { withoutFiles } from './clusterMembers.ts';

/** Per batch: the clusters it touched as they were before, and the paths it removed. */
export type BatchTraces = Record<string, { before: Cluster[]; gone: string[] }>;

/** Batches remembered; an older batch can still be undone, its files then show after a scan. */
const KEPT_BATCHES = 50;

export interface ClusterView {
  all(): Cluster[];
  get(id: string): Cluster | undefined;
}

export interface ActionResults {
  /** The changes that removing `paths` (done by batch `batchId`) makes to the clusters. */
  gone(batchId: number, paths: readonly string[]): { changes: ClusterChange[]; warnings: string[] };
  /** The changes that putting `paths` back (undo of `batchId`) makes; none for a batch not seen here. */
  back(batchId: number, paths: readonly string[]): ClusterChange[];
  traces(): BatchTraces;
}

/**
 * Whether the file is on disk now as the cluster lists it: a regular file of its size, mtime and
 * (where the report has it) ctime — a seam for tests, whose clusters name no real files. Not a
 * new file saved at its path, nor one rewritten with its old mtime (its ctime moved), nor one
 * another batch replaced by a hard link of another file (it has that file's times). A file left
 * out so comes back with the next scan or the watcher, rather than shown with claims unchecked.
 */
export type OnDisk = (file: ReportFile) => boolean;
const onDiskNow: OnDisk = (file) => {
  try {
    const now = lstatSync(toFsPath(file.path), { throwIfNoEntry: false });
    return now !== undefined && now.isFile() && now.size === file.size && Math.abs(now.mtimeMs - file.mtime) <= 1 && (file.ctime === undefined || Math.abs(now.ctimeMs - file.ctime) <= 1);
  } catch {
    // Not readable now (a folder made unreadable, a mount gone): not shown as there.
    return false;
  }
};

export function createActionResults(clusters: ClusterView, saved: BatchTraces = {}, onDisk: OnDisk = onDiskNow): ActionResults {
  const traces = new Map(Object.entries(saved));

  return {
    gone(batchId, paths) {
      const key = String(batchId);
      const trace = traces.get(key) ?? { before: [], gone: [] };
      traces.delete(key);
      traces.set(key, trace);
      for (const old of [...traces.keys()].slice(0, Math.max(0, traces.size - KEPT_BATCHES))) traces.delete(old);
      const gone = new Set(paths);
      trace.gone.push(...paths);
      const changes: ClusterChange[] = [];
      const warnings: string[] = [];
      for (const cluster of clusters.all()) {
        const reduced = withoutFiles(cluster, gone);
        if (reduced.outcome === 'unchanged') continue;
        // The cluster as it was before this batch: the first time the batch touches it.
        if (!trace.before.some((before) => before.id === cluster.id)) trace.before.push(cluster);
        if (reduced.outcome === 'changed') changes.push({ event: 'cluster-changed', cluster: reduced.cluster, previousId: cluster.id });
        else changes.push({ event: 'cluster-removed', cluster });
        if (reduced.outcome === 'unverifiable') {
          warnings.push(`Files of the cluster of ${cluster.files[0]!.path} were removed with the text the others were measured against; how the rest compare is unknown until the next scan.`);
        }
      }
      return { changes, warnings };
    },

    back(batchId, paths) {
      const key = String(batchId);
      const trace = traces.get(key);
      if (!trace) return [];
      const back = new Set(paths);
      const stillGone = new Set(trace.gone.filter((path) => !back.has(path)));
      // Nor files not on disk now: another batch (later, or earlier) took them, and nothing put them back.
      const missing = (file: ReportFile) => !back.has(file.path) && !onDisk(file);
      const changes: ClusterChange[] = [];
      for (const before of trace.before) {
        const restored = withoutFiles(before, new Set([...stillGone, ...before.files.filter(missing).map((file) => file.path)]));
        const cluster = restored.outcome === 'unchanged' ? before : restored.outcome === 'changed' ? restored.cluster : undefined;
        if (!cluster) continue;
        // What is left of it now: the same id (the results keep ids as files leave), or else the
        // cluster the watcher made of its files meanwhile.
        const now = clusters.get(before.id) ?? clusters.all().find((c) => c.kind === before.kind && c.files.some((f) => cluster.files.some((g) => g.path === f.path)));
        changes.push(now ? { event: 'cluster-changed', cluster, previousId: now.id } : { event: 'cluster-added', cluster });
      }
      if (stillGone.size === 0) traces.delete(key);
      else traces.set(key, { ...trace, gone: [...stillGone] });
      return changes;
    },

    traces: () => Object.fromEntries(traces),
  };
}
