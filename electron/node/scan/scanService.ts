// The scan: walk the roots, group byte-identical files, then cluster near-duplicate documents.
// One service behind every host: the CLI, the desktop app's IPC, the watcher, the tests.
import { acrossFolders } from '../../../shared/acrossFolders.ts';
import { withoutDismissed } from '../../../shared/dismissals.ts';
import type { Dismissal } from '../../../shared/dismissals.ts';
import { ocrLanguageSet } from '../../../shared/ocrLanguages.ts';
import { REPORT_VERSION } from '../../../shared/report.ts';
import { duplicateFolders } from './duplicateFolders.ts';
import type { Cluster, FolderMatch, HardLinkSet, ScanError, ScanReport } from '../../../shared/report.ts';
import type { ScanOptions, ScanProgress } from '../../../shared/scanOptions.ts';
import { collectGarbage } from '../extract/collectGarbage.ts';
import { namedNonDocument } from '../extract/detectFormat.ts';
import { rejectedByHead } from '../extract/headCheck.ts';
import type { HeadRejection } from '../extract/headCheck.ts';
import { createHashPasses } from '../hash/hashPasses.ts';
import type { HashPool } from '../hash/hashPool.ts';
import type { NearProgress } from '../near/findNearDuplicates.ts';
import { analysisKey, keepAnalysis, keptAnalysis, walkDigest } from './analysisMemo.ts';
import type { KeptAnalysis } from './analysisMemo.ts';
import type { ContentCache } from './contentCache.ts';
import { yieldTo } from './eventLoopTurns.ts';
import { createExactDuplicateFinder } from './exactDuplicates.ts';
import type { ExactDuplicateFinder } from './exactDuplicates.ts';
import { createProgressTracker } from './scanProgress.ts';
import type { ProgressTracker } from './scanProgress.ts';
import type { WalkedFile } from './types.ts';
import { scanTree } from './walk.ts';
import { createScanPools } from './scanPools.ts';
import type { ScanPools } from './scanPools.ts';

export interface ScanHooks {
  signal?: AbortSignal;
  onProgress?: (progress: ScanProgress) => void;
  /** What earlier scans learnt (the index): unchanged files are not read again. */
  cache?: ContentCache;
  /** What the person dismissed as not duplicates, asked for as each analysis ends (a watcher's too). */
  dismissals?: () => readonly Dismissal[];
  /**
   * False: analyse even an unchanged tree, rather than take the analysis the cache kept. For a
   * watcher, whose later analyses look up every file: a scan that takes a kept analysis loads
   * no rows of the index, which the watcher would then read one file at a time.
   */
  takeKeptAnalysis?: boolean;
}

export interface Analysis {
  clusters: Cluster[];
  hardlinks: HardLinkSet[];
  /** Undefined when folders were not compared (options.folders false). */
  folders?: FolderMatch[];
  errors: ScanError[];
  bytesHashed: number;
  filesRead: number;
}

export interface Walked {
  files: WalkedFile[];
  errors: ScanError[];
  special: number;
  /** Distinct files (hard links once) and their total size. */
  distinct: number;
  bytes: number;
  /** The symbolic links followed (followSymlinks), by their own paths: a watcher follows them again when they change. */
  links: string[];
}

// Without a cache, files go to the exact-duplicate finder as they are walked, so hashing same-size
// files overlaps the walk; with one, lookups wait for the whole walk (see ContentCache), unless
// the cache knows nothing under the roots (beginWalk), as in a first scan into an empty index.
/**
 * Walks the roots, handing each file to `finder` when given; `firstDocument` is called once, at the
 * first file the near stage would read (not empty, not named as a non-document) whose first bytes
 * do not say it is none, so that a scan of photos, of an empty folder or of binaries under document
 * names starts no extraction thread. The files those first bytes reject go in `rejected`, to be
 * reported as the worker would, and never sent to it (headCheck.ts).
 */
async function walk(options: ScanOptions, progress: ProgressTracker, finder: ExactDuplicateFinder | undefined, signal?: AbortSignal, firstDocument?: () => void, rejected?: Map<string, HeadRejection>): Promise<Walked> {
  const walked: Walked = { files: [], errors: [], special: 0, distinct: 0, bytes: 0, links: [] };
  let onDocument = firstDocument;
  // The walk names each path once, so only a file with several links can be met twice.
  const linkedIds = new Set<string>();
  progress.phase('walk');
  await scanTree(options.roots, { ...options, signal }, {
    file(file) {
      walked.files.push(file);
      finder?.add(file);
      if (onDocument && file.size > 0 && !namedNonDocument(file.path)) {
        const rejection = rejectedByHead(file.path);
        if (rejection) rejected?.set(file.path, rejection);
        else {
          onDocument();
          onDocument = undefined;
        }
      }
      if (file.nlink === 1 || !linkedIds.has(file.fileId)) {
        if (file.nlink > 1) linkedIds.add(file.fileId);
        walked.distinct++;
        walked.bytes += file.size;
      }
      // A progress figure per file would cost more than the walk's own work for it.
      if ((walked.files.length & 1023) === 0) progress.update({ filesSeen: walked.distinct, bytesSeen: walked.bytes });
    },
    error: (error) => walked.errors.push(error),
    special: () => walked.special++,
    folder: (path) => progress.update({ currentPath: path }),
    link: (path) => walked.links.push(path),
  });
  signal?.throwIfAborted();
  progress.update({ filesSeen: walked.distinct, bytesSeen: walked.bytes });
  return walked;
}

/** Files and bytes read. */
interface Reads {
  files: number;
  bytes: number;
}

/**
 * Tells the cache the walk, then hashes the whole content of the files it thinks were moved, so
 * it keeps what it knew of those whose content is unchanged (see ContentCache). Errors are left
 * to the hashing that follows, which meets the same files.
 */
async function beginCachedScan(cache: ContentCache | undefined, roots: readonly string[], files: readonly WalkedFile[], hash: HashPool, signal?: AbortSignal): Promise<Reads> {
  const maybeMoved = cache?.beginScan(roots, files) ?? [];
  if (maybeMoved.length === 0) return { files: 0, bytes: 0 };
  const passes = createHashPasses(hash, { signal, cache });
  const pass = passes.startPass(false);
  for (const file of maybeMoved) pass.add({ file, digest: undefined });
  const done = pass.finish();
  // The threads may wait for more work than this (createScanPools): this thread reads it.
  await hash.assist(done);
  await done;
  return { files: passes.filesHashed(), bytes: passes.bytesHashed() };
}

/** Exact clusters whose every file is now listed in a near or contained cluster. */
function withoutAbsorbed(exact: readonly Cluster[], near: readonly Cluster[]): Cluster[] {
  const inNear = new Set(near.flatMap((c) => c.files.map((f) => f.path)));
  return exact.filter((c) => !c.files.every((f) => inNear.has(f.path)));
}

function byReclaimable(a: Cluster, b: Cluster): number {
  return b.reclaimable - a.reclaimable || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The clusters reported from the exact and near ones (none without near): exact clusters a near
 * one absorbed left out, most reclaimable first, then across folders only if asked, then without
 * what the person dismissed. A scan and a watcher's analysis end here, so they report the same.
 */
export function reportedClusters(exact: readonly Cluster[], near: readonly Cluster[] | undefined, options: ScanOptions, dismissals?: () => readonly Dismissal[]): Cluster[] {
  let clusters = near ? [...withoutAbsorbed(exact, near), ...near] : [...exact];
  clusters.sort(byReclaimable);
  if (options.across) clusters = acrossFolders(clusters, options.roots);
  // Before duplicate folders: a file the person said is no copy does not make its folder one.
  if (dismissals) clusters = withoutDismissed(clusters, dismissals());
  return clusters;
}

interface FoundClusters {
  kept: KeptAnalysis;
  reads: Reads;
  /** Whether the same files would give the same clusters again (no read failed). */
  repeatable: boolean;
}

async function findClusters(
  finder: ExactDuplicateFinder,
  files: readonly WalkedFile[],
  options: ScanOptions,
  pools: ScanPools,
  hooks: ScanHooks,
  progress: ProgressTracker,
  proved: Reads,
  notDocuments?: ReadonlyMap<string, { code: string; message: string }>,
  walkChecks?: { threadsStarted: boolean; rejected: ReadonlyMap<string, HeadRejection> },
): Promise<FoundClusters> {
  const { signal, cache } = hooks;
  progress.phase('hash', { currentPath: undefined });
  const exact = await finder.finish();
  const errors = [...exact.errors];
  let near: Cluster[] | undefined;
  let filesRead = exact.filesHashed + proved.files;
  let repeatable = exact.errors.length === 0;
  if (pools.near) {
    progress.phase('extract');
    const { modules, fingerprint } = await pools.near();
    // Between long synchronous steps at scale, a pending Ctrl-C gets its turn.
    await yieldTo(signal);
    // A file that could not be hashed is not read again, by any of its names: it is reported
    // once, as not read, and never shown in a cluster without its other names.
    const unread = new Set(exact.errors.map((error) => error.path));
    const unreadIds = new Set(unread.size === 0 ? [] : files.filter((file) => unread.has(file.path)).map((file) => file.fileId));
    const inodes = modules.collectInodes(unreadIds.size === 0 ? files : files.filter((file) => !unreadIds.has(file.fileId)));
    await yieldTo(signal);
    const units = modules.documentUnits(inodes, exact.clusters, options.ocr ?? false);
    if (!options.ocr) errors.push(...modules.tiffsNotRead(inodes).map(modules.scanNotRead));
    await yieldTo(signal);
    // Once every document is fingerprinted, what is left is grouping them: the cluster phase.
    // Its length is unknown, so it reports no figures of its own.
    const onProgress = (p: NearProgress) => (p.filesDone < p.filesToDo ? progress.update(p) : progress.phase('cluster'));
    if (units.length === 0) progress.phase('cluster');
    const found = await modules.findNearDuplicates(units, options, fingerprint, { signal, cache, onProgress, checkHeads: walkChecks?.threadsStarted !== true, ...(notDocuments ? { notDocuments } : {}), ...(walkChecks ? { rejectedAtWalk: walkChecks.rejected } : {}) });
    errors.push(...found.errors);
    filesRead += found.filesRead;
    near = found.clusters;
    repeatable &&= found.repeatable;
  }
  const kept: KeptAnalysis = { exact: exact.clusters, hardlinks: exact.hardlinks, errors, ...(near ? { near } : {}) };
  return { kept, reads: { files: filesRead, bytes: exact.bytesHashed + proved.bytes }, repeatable };
}

/** The report's part of an analysis: what the person dismissed, folders and order applied to the clusters found. */
function finishAnalysis(found: KeptAnalysis, files: readonly WalkedFile[], options: ScanOptions, hooks: ScanHooks, progress: ProgressTracker, reads: Reads): Analysis {
  const clusters = reportedClusters(found.exact, found.near, options, hooks.dismissals);
  const folders = duplicateFolders(files, clusters, options);
  progress.phase('done');
  return { clusters, hardlinks: found.hardlinks, ...(folders ? { folders } : {}), errors: found.errors, bytesHashed: reads.bytes, filesRead: reads.files };
}

function byPath(a: { path: string }, b: { path: string }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

export function buildReport(options: ScanOptions, walked: Walked, analysis: Analysis, ms: number): ScanReport {
  return {
    version: REPORT_VERSION,
    roots: options.roots,
    stats: { files: walked.distinct, bytes: walked.bytes, ms: Math.round(ms), bytesHashed: analysis.bytesHashed, filesRead: analysis.filesRead, special: walked.special },
    clusters: analysis.clusters,
    hardlinks: analysis.hardlinks,
    ...(analysis.folders ? { folders: analysis.folders } : {}),
    errors: [...walked.errors, ...analysis.errors].sort(byPath),
    ...(options.ocr ? { ocrLanguages: ocrLanguageSet(options.ocrLanguages) } : {}),
  };
}

/** Walks and analyses; `pools` may be shared with later analyses (the watcher), else they are made here. */
export async function runScanWith(options: ScanOptions, pools: ScanPools, hooks: ScanHooks = {}): Promise<{ report: ScanReport; walked: Walked }> {
  const started = performance.now();
  const progress = createProgressTracker(hooks.onProgress);
  // What hashing reads of a file named like a document already says whether it is one (hashPasses.ts).
  const notDocuments = pools.near ? new Map<string, { code: string; message: string }>() : undefined;
  const finder = createExactDuplicateFinder(pools.hash, { signal: hooks.signal, cache: hooks.cache, onProgress: (p) => progress.update(p), ...(notDocuments ? { notDocuments } : {}) });
  const { cache } = hooks;
  const duringWalk = cache === undefined || cache.beginWalk?.(options.roots) === true;
  // Nothing cached: every document will be read, so the threads boot during the walk, once it meets one.
  // The walk starts the extraction threads at the first document it meets, by its first bytes.
  const walkChecks = { threadsStarted: false, rejected: new Map<string, HeadRejection>() };
  const startNear = duringWalk && pools.startNear ? () => ((walkChecks.threadsStarted = true), pools.startNear!()) : undefined;
  const walked = await walk(options, progress, duringWalk ? finder : undefined, hooks.signal, startNear, walkChecks.rejected);
  const memo = cache?.keepsAnalyses ? { key: analysisKey(options), walk: walkDigest(walked.files) } : undefined;
  // Not when hashing began during the walk: the cache knew nothing under the roots.
  const kept = memo && !duringWalk && hooks.takeKeptAnalysis !== false ? keptAnalysis(cache!, memo.key, memo.walk) : undefined;
  let found: { kept: KeptAnalysis; reads: Reads };
  if (kept) {
    progress.phase('cluster', { currentPath: undefined });
    found = { kept, reads: { files: 0, bytes: 0 } };
  } else {
    const proved = await beginCachedScan(cache, options.roots, walked.files, pools.hash, hooks.signal);
    if (!duringWalk) for (const file of walked.files) finder.add(file);
    const analysed = await findClusters(finder, walked.files, options, pools, hooks, progress, proved, notDocuments, walkChecks);
    // Not when a file may change unseen: its walk would look the same to the next scan.
    if (memo && analysed.repeatable && walked.files.every((file) => cache!.settled(file))) keepAnalysis(cache!, memo.key, memo.walk, analysed.kept);
    found = analysed;
  }
  // Before the report is made: the analysis kept and the last saves are written and let go
  // (the kept analysis was 27 MB of text on 500,000 files, and as much again bound for SQLite).
  cache?.finishScan();
  // What the scan no longer holds goes now, so that the report is built in that room, not in new
  // heap: on the generated 50k tree's default scan the heap was 114 MB in use, 46 MB of it live,
  // when the report was written; with this collection peak RSS fell from 196–213 MB to 176–190.
  collectGarbage();
  const analysis = finishAnalysis(found.kept, walked.files, options, hooks, progress, found.reads);
  return { report: buildReport(options, walked, analysis, performance.now() - started), walked };
}

export async function runScan(options: ScanOptions, hooks: ScanHooks = {}): Promise<ScanReport> {
  // Started before the walk so the workers boot while the disk is being listed.
  const pools = createScanPools(options);
  try {
    return (await runScanWith(options, pools, hooks)).report;
  } finally {
    await pools.destroy();
  }
}
