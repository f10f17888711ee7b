// The watcher's analysis, kept between bursts so that a burst costs in proportion to the files it
// touched rather than to the tree: exact groups per size (exactGroups.ts), document units and
// their text nodes (documentNodes.ts), LSH buckets (nearCandidates.ts), and the near clusters,
// clustered again from the held nodes and candidates only when a unit changed. Each step is the
// scan's own (same finder, same fingerprints, same clustering), so the clusters equal those of a
// full analysis of the same files (test/electron/node/watch/incrementalAnalysis.test.ts).
import type { Cluster, ScanError } from '../../../shared/report.ts';
import type { ScanOptions, ScanProgress } from '../../../shared/scanOptions.ts';
import { clusterNodes } from '../near/findNearDuplicates.ts';
import type { ContentCache } from '../scan/contentCache.ts';
import { firstErrorPerPath } from '../scan/fileErrors.ts';
import { createProgressTracker } from '../scan/scanProgress.ts';
import { reportedClusters } from '../scan/scanService.ts';
import type { ScanHooks } from '../scan/scanService.ts';
import type { ScanPools } from '../scan/scanPools.ts';
import { createDocumentNodes } from './documentNodes.ts';
import type { DocumentNodes } from './documentNodes.ts';
import { createExactGroups } from './exactGroups.ts';
import { createNearCandidates } from './nearCandidates.ts';
import type { FileList } from './fileList.ts';

export interface IncrementalResult {
  clusters: Cluster[];
  errors: ScanError[];
  /** Files read by this analysis (the cache answered for the others). */
  filesRead: number;
}

export interface IncrementalAnalysis {
  /** The clusters of the list as it is now; the first call takes every file, later ones what changed. */
  analyze(signal: AbortSignal, onProgress?: (progress: ScanProgress) => void): Promise<IncrementalResult>;
}

export interface IncrementalHooks {
  cache: ContentCache;
  dismissals?: ScanHooks['dismissals'];
}

export function createIncrementalAnalysis(list: FileList, options: ScanOptions, pools: ScanPools, hooks: IncrementalHooks): IncrementalAnalysis {
  const { cache } = hooks;
  const exact = createExactGroups(pools.hash, cache);
  // The near step's threads are started by the scan pools on first need (scanService.ts).
  let documents: DocumentNodes | undefined;
  const documentNodes = async () => (documents ??= pools.near && createDocumentNodes(options, (await pools.near()).fingerprint, cache, list.files));
  // The other methods' candidates come from their own indexes, rebuilt with each change of units.
  const candidates = options.method === 'minhash' ? createNearCandidates(options.threshold) : undefined;
  let near: Cluster[] = [];
  /** Documents the last clustering could not read again for its checks: not compared, so told. */
  let notCompared: ScanError[] = [];
  let started = false;

  return {
    async analyze(signal, onProgress) {
      const progress = createProgressTracker(onProgress);
      const update = (patch: Partial<ScanProgress>) => progress.update(patch);
      let changes = list.takeChanges();
      if (!started) changes = { removed: [], added: [...list.files.values()] };
      // Deleted (or moved away): the index forgets them, or it would keep them past rescans.
      const gone = changes.removed.filter((file) => !list.files.has(file.path)).map((file) => file.path);
      if (gone.length > 0) cache.forget?.(gone);
      started = true;
      progress.phase('hash');
      const regrouped = await exact.update(changes, signal, update);
      let filesRead = regrouped.filesHashed;
      const documents = await documentNodes();
      if (documents) {
        progress.phase('extract');
        const units = await documents.update(changes, regrouped, signal, update);
        progress.phase('cluster');
        filesRead += units.filesRead;
        if (units.changed) {
          const nodes = documents.nodes();
          const clustered = await clusterNodes(nodes, options, { signal, cache, pool: (await pools.near!()).fingerprint }, candidates?.pairs(nodes));
          near = clustered.clusters;
          notCompared = clustered.errors;
          filesRead += clustered.filesRead;
        }
      }
      const clusters = reportedClusters(exact.clusters(), documents ? near : undefined, options, hooks.dismissals);
      progress.phase('done');
      // Saves what was learnt; without a scan begun, the cache only writes.
      cache.finishScan();
      // A file deleted between its event and its read is not one that cannot be read: its
      // deletion's own event follows and regroups (a folder copied in and removed at once gave
      // thousands of errors).
      const errors = firstErrorPerPath([...exact.errors(), ...(documents?.errors() ?? []), ...notCompared]).filter((error) => error.code !== 'ENOENT');
      return { clusters, errors, filesRead };
    },
  };
}
