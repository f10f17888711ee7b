// The scan: walk the roots, group byte-identical files, then cluster near-duplicate documents.
// One service behind every host: the CLI, the desktop app's IPC, the tests.
import { REPORT_VERSION } from '../../../shared/report.ts';
import type { Cluster, ScanError, ScanReport } from '../../../shared/report.ts';
import type { ScanOptions, ScanProgress } from '../../../shared/scanOptions.ts';
import { createHashPool } from '../hash/hashPool.ts';
import { collectInodes, documentUnits } from '../near/documentUnits.ts';
import { createFingerprintPool, findNearDuplicates } from '../near/findNearDuplicates.ts';
import type { ContentCache } from './contentCache.ts';
import { createExactDuplicateFinder } from './exactDuplicates.ts';
import type { ExactDuplicateFinder } from './exactDuplicates.ts';
import { createProgressTracker } from './scanProgress.ts';
import type { ProgressTracker } from './scanProgress.ts';
import type { WalkedFile } from './types.ts';
import { scanTree } from './walk.ts';

export interface ScanHooks {
  signal?: AbortSignal;
  onProgress?: (progress: ScanProgress) => void;
  /** What earlier scans learnt (the index): unchanged files are not read again. */
  cache?: ContentCache;
}

interface Walked {
  files: WalkedFile[];
  errors: ScanError[];
  distinctFiles: number;
  bytes: number;
  special: number;
}

// Files go to the exact-duplicate finder as they are walked, so hashing same-size files overlaps the walk.
async function walk(options: ScanOptions, progress: ProgressTracker, finder: ExactDuplicateFinder, signal?: AbortSignal): Promise<Walked> {
  const walked: Walked = { files: [], errors: [], distinctFiles: 0, bytes: 0, special: 0 };
  const seenIds = new Set<string>();
  progress.phase('walk');
  await scanTree(options.roots, { ...options, signal }, {
    file(file) {
      walked.files.push(file);
      finder.add(file);
      if (!seenIds.has(file.fileId)) {
        seenIds.add(file.fileId);
        walked.bytes += file.size;
      }
      progress.update({ filesSeen: seenIds.size, bytesSeen: walked.bytes });
    },
    error: (error) => walked.errors.push(error),
    special: () => walked.special++,
    folder: (path) => progress.update({ currentPath: path }),
  });
  signal?.throwIfAborted();
  walked.distinctFiles = seenIds.size;
  return walked;
}

/** Exact clusters whose every file is now listed in a near or contained cluster. */
function withoutAbsorbed(exact: readonly Cluster[], near: readonly Cluster[]): Cluster[] {
  const inNear = new Set(near.flatMap((c) => c.files.map((f) => f.path)));
  return exact.filter((c) => !c.files.every((f) => inNear.has(f.path)));
}

function byReclaimable(a: Cluster, b: Cluster): number {
  return b.reclaimable - a.reclaimable || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export async function runScan(options: ScanOptions, hooks: ScanHooks = {}): Promise<ScanReport> {
  const started = performance.now();
  const { signal, cache } = hooks;
  const progress = createProgressTracker(hooks.onProgress);
  // Started before the walk so the workers boot while the disk is being listed.
  const hashPool = createHashPool();
  const fingerprintPool = options.near ? createFingerprintPool(options) : undefined;
  try {
    const finder = createExactDuplicateFinder(hashPool, { signal, cache, onProgress: (p) => progress.update(p) });
    const walked = await walk(options, progress, finder, signal);
    const errors = walked.errors;

    progress.phase('hash', { currentPath: undefined });
    const exact = await finder.finish();
    errors.push(...exact.errors);
    let clusters = exact.clusters;
    let filesRead = exact.filesHashed;

    if (fingerprintPool) {
      progress.phase('extract');
      const units = documentUnits(collectInodes(walked.files), exact.clusters);
      const near = await findNearDuplicates(units, options, fingerprintPool, { signal, cache, onProgress: (p) => progress.update(p) });
      errors.push(...near.errors);
      filesRead += near.filesRead;
      clusters = [...withoutAbsorbed(exact.clusters, near.clusters), ...near.clusters].sort(byReclaimable);
    }
    progress.phase('done');

    return {
      version: REPORT_VERSION,
      roots: options.roots,
      stats: {
        files: walked.distinctFiles,
        bytes: walked.bytes,
        ms: Math.round(performance.now() - started),
        bytesHashed: exact.bytesHashed,
        filesRead,
        special: walked.special,
      },
      clusters,
      hardlinks: exact.hardlinks,
      errors: errors.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    };
  } finally {
    await Promise.all([hashPool.destroy(), fingerprintPool?.destroy()]);
  }
}
