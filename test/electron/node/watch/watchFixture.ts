// A live watch on a temp folder for tests: records every change, folds them into the clusters a
// UI would show, and waits for a condition on those clusters with a time limit instead of sleeping.
import type { Cluster, ScanError } from '../../../../shared/report.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import type { ScanOptions } from '../../../../shared/scanOptions.ts';
import { createMemoryCache } from '../../../../electron/node/index/memoryCache.ts';
import { watchFolders } from '../../../../electron/node/watch/watchFolders.ts';
import type { ClusterChange, WatchHooks, WatchSummary } from '../../../../electron/node/watch/watchFolders.ts';

export interface WatchRun {
  changes: ClusterChange[];
  warnings: string[];
  fileErrors: ScanError[];
  /** The clusters shown now, by id, as a UI applying the changes in order would have them. */
  shown: Map<string, Cluster>;
  ready: Promise<WatchSummary>;
  /** Settles when the watch ends. */
  done: Promise<void>;
  /**
   * Resolves with the milliseconds it took once `check` holds after a change, warning or file error, checked
   * again at each one; rejects after `timeoutMs`.
   */
  until(check: () => boolean, timeoutMs: number, what: string): Promise<number>;
  stop(): Promise<void>;
}

export function startWatch(roots: string[], options: Partial<ScanOptions> = {}, hooks: Partial<WatchHooks> = {}): WatchRun {
  const controller = new AbortController();
  const changes: ClusterChange[] = [];
  const warnings: string[] = [];
  const fileErrors: ScanError[] = [];
  const shown = new Map<string, Cluster>();
  const waiters = new Set<() => void>();
  const { promise: ready, resolve: setReady } = Promise.withResolvers<WatchSummary>();
  const poke = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const done = watchFolders(
    { ...defaultScanOptions, ...options, roots },
    {
      cache: createMemoryCache(),
      signal: controller.signal,
      onChange(change) {
        changes.push(change);
        if (change.event === 'cluster-changed') shown.delete(change.previousId);
        if (change.event === 'cluster-removed') shown.delete(change.cluster.id);
        else shown.set(change.cluster.id, change.cluster);
        poke();
      },
      onReady: setReady,
      onWarning(message) {
        warnings.push(message);
        poke();
      },
      onFileError(error) {
        fileErrors.push(error);
        poke();
      },
      ...hooks,
    },
  );
  return {
    changes,
    warnings,
    fileErrors,
    shown,
    ready,
    done,
    until(check, timeoutMs, what) {
      const started = performance.now();
      if (check()) return Promise.resolve(0);
      return new Promise((resolve, reject) => {
        const waiter = () => {
          if (!check()) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(performance.now() - started);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`Not within ${timeoutMs} ms: ${what}. Changes so far: ${JSON.stringify(changes.map((c) => [c.event, c.cluster.files.map((f) => f.path)]))}`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async stop() {
      controller.abort();
      await done;
    },
  };
}

/** The shown cluster holding `path`, if any. */
export function shownWith(run: WatchRun, path: string): Cluster | undefined {
  return [...run.shown.values()].find((cluster) => cluster.files.some((file) => file.path === path));
}

export function pathsOf(cluster: Cluster | undefined): string[] {
  return (cluster?.files ?? []).map((file) => file.path).sort();
}
