// Byte-identical files: hard links collapsed to one file each, then narrowed by size, by a sample
// hash (start, middle, end) and last by a hash of the whole content, in the hashing threads.
// Sampling starts during the walk, as soon as a size is seen twice. The main thread shares two
// cores with the hashing threads, so its work per file is kept small.
import type { Cluster, HardLinkSet, ReportFile, ScanError } from '../../../shared/report.ts';
import { DIGEST_BYTES, SAMPLE_CHUNK_BYTES, WHOLE_FILE_SAMPLE_LIMIT } from '../hash/hashPool.ts';
import type { HashPool, HashResult, HashTask } from '../hash/hashPool.ts';
import type { ContentCache } from './contentCache.ts';
import type { WalkedFile } from './types.ts';

// A batch takes a few milliseconds to hash: progress stays lively, the threads stay evenly loaded
// to the end, and the cost of a message is spread over many files.
const BATCH_MAX_FILES = 512;
const BATCH_MAX_BYTES = 16 * 1024 * 1024;

export interface ExactProgress {
  bytesRead: number;
  /** Grows as work is planned: the sample pass at the start, the full-content pass after it. */
  bytesToRead: number;
  filesDone: number;
  filesToDo: number;
  currentPath?: string;
}

export interface ExactHooks {
  signal?: AbortSignal;
  /** Digests from earlier scans: a file whose identity is unchanged is not read again. */
  cache?: ContentCache;
  onProgress?: (progress: ExactProgress) => void;
}

export interface ExactDuplicates {
  clusters: Cluster[];
  hardlinks: HardLinkSet[];
  errors: ScanError[];
  bytesHashed: number;
  /** Files whose content was read (the cache answered for the others). */
  filesHashed: number;
}

/** A file to hash, by one of its names, and its digest from the last pass that hashed it. */
interface Hashed {
  file: WalkedFile;
  digest: string | undefined;
}

/** One file on disk: its first name by path, and its other names. */
interface Inode extends Hashed {
  links: string[];
}

export interface ExactDuplicateFinder {
  /** Takes one walked file; the sample hashing of its size's files may start at once. */
  add(file: WalkedFile): void;
  /** Hashes what is left and groups. Progress is reported from here on, not during the walk. */
  finish(): Promise<ExactDuplicates>;
}

// By UTF-16 code units: the same order on every machine, unlike localeCompare.
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function hasSharedId(names: WalkedFile[]): boolean {
  if (names.length === 2) return names[0]!.fileId === names[1]!.fileId;
  return new Set(names.map((f) => f.fileId)).size < names.length;
}

/** One inode per file id, named by its first path; each id with several names is a hard-link set. */
function collapseHardLinks(names: WalkedFile[], hardlinks: HardLinkSet[]): Inode[] {
  if (!hasSharedId(names)) return names.map((file) => ({ file, links: [], digest: undefined }));
  const byId = [...names].sort((a, b) => compareStrings(a.fileId, b.fileId) || compareStrings(a.path, b.path));
  const inodes: Inode[] = [];
  let start = 0;
  for (let i = 1; i <= byId.length; i++) {
    if (i < byId.length && byId[i]!.fileId === byId[start]!.fileId) continue;
    const same = byId.slice(start, i);
    inodes.push({ file: same[0]!, links: same.slice(1).map((f) => f.path), digest: undefined });
    if (same.length > 1) hardlinks.push({ size: same[0]!.size, paths: same.map((f) => f.path) });
    start = i;
  }
  return inodes;
}

/** Runs of two or more inodes with the same digest; most groups are pairs, hence no map. */
function matching(inodes: Inode[]): Inode[][] {
  const hashed = inodes.filter((inode) => inode.digest !== undefined);
  hashed.sort((a, b) => compareStrings(a.digest!, b.digest!));
  const runs: Inode[][] = [];
  let start = 0;
  for (let i = 1; i <= hashed.length; i++) {
    if (i < hashed.length && hashed[i]!.digest === hashed[start]!.digest) continue;
    if (i - start >= 2) runs.push(hashed.slice(start, i));
    start = i;
  }
  return runs;
}

function bytesToHash(size: number, sample: boolean): number {
  return sample && size > WHOLE_FILE_SAMPLE_LIMIT ? 3 * SAMPLE_CHUNK_BYTES : size;
}

function toTask(batch: Hashed[], sample: boolean): HashTask {
  const count = batch.length;
  const task: HashTask = { sample, paths: [], sizes: new Float64Array(count), mtimesMs: new Float64Array(count), ctimesMs: new Float64Array(count) };
  for (let i = 0; i < count; i++) {
    const { file } = batch[i]!;
    task.paths.push(file.path);
    task.sizes[i] = file.size;
    task.mtimesMs[i] = file.mtimeMs;
    task.ctimesMs[i] = file.ctimeMs;
  }
  return task;
}

/** Runs hashing passes on the pool, gathering errors and progress across passes. */
function createHasher(pool: HashPool, hooks: ExactHooks) {
  const { signal, onProgress, cache } = hooks;
  const errors: ScanError[] = [];
  const progress: ExactProgress = { bytesRead: 0, bytesToRead: 0, filesDone: 0, filesToDo: 0 };
  let bytesHashed = 0;
  let filesHashed = 0;
  let reporting = false;

  function record(batch: Hashed[], sample: boolean, result: HashResult): void {
    const { digests } = result;
    const hex = Buffer.from(digests.buffer, digests.byteOffset, digests.byteLength).toString('hex');
    const rowChars = DIGEST_BYTES * 2;
    for (let i = 0; i < batch.length; i++) {
      const hashed = batch[i]!;
      hashed.digest = hex.slice(i * rowChars, (i + 1) * rowChars);
      progress.bytesRead += bytesToHash(hashed.file.size, sample);
    }
    const failed = new Set(result.errors.map((e) => e.index));
    for (const { index, code, message } of result.errors) {
      const hashed = batch[index]!;
      hashed.digest = undefined;
      errors.push({ path: hashed.file.path, code, message });
    }
    if (cache) {
      batch.forEach((hashed, i) => !failed.has(i) && cache.saveHashes(hashed.file, sample ? { sample: hashed.digest } : { full: hashed.digest }));
    }
    bytesHashed += result.bytesRead;
    filesHashed += batch.length;
    progress.filesDone += batch.length;
  }

  /**
   * A pass sets the digest of each file added, or leaves it undefined and records an error.
   * Batches go to the threads as soon as they fill, so hashing starts while the rest is planned.
   */
  function startPass(sample: boolean) {
    const runs: Array<Promise<void>> = [];
    let batch: Hashed[] = [];
    let batchBytes = 0;

    function dispatch(): void {
      const files = batch;
      const run = pool.hash(toTask(files, sample), signal).then((result) => {
        if (signal?.aborted) return;
        record(files, sample, result);
        if (reporting) onProgress?.({ ...progress, currentPath: files.at(-1)!.file.path });
      });
      // Read by finish(); a walk that fails first never calls it, and then the pool's rejections
      // of these tasks must not surface as unhandled.
      run.catch(() => {});
      runs.push(run);
      batch = [];
      batchBytes = 0;
    }

    function add(hashed: Hashed): void {
      const known = cache?.hashes(hashed.file)?.[sample ? 'sample' : 'full'];
      if (known !== undefined) {
        hashed.digest = known;
        return;
      }
      const bytes = bytesToHash(hashed.file.size, sample);
      if (batch.length === BATCH_MAX_FILES || (batch.length > 0 && batchBytes + bytes > BATCH_MAX_BYTES)) dispatch();
      batch.push(hashed);
      batchBytes += bytes;
      progress.filesToDo += 1;
      progress.bytesToRead += bytes;
    }

    async function finish(): Promise<void> {
      signal?.throwIfAborted();
      reporting = true;
      if (batch.length > 0) dispatch();
      try {
        await Promise.all(runs);
      } catch (error) {
        throw signal?.aborted ? signal.reason : error;
      }
      // The last batches may have finished just as the signal aborted.
      signal?.throwIfAborted();
    }

    return { add, finish };
  }

  return { startPass, errors, bytesHashed: () => bytesHashed, filesHashed: () => filesHashed };
}

function toReportFile({ file, links }: Inode): ReportFile {
  const entry: ReportFile = { path: file.path, size: file.size, mtime: file.mtimeMs };
  if (links.length > 0) entry.links = links;
  return entry;
}

/** The inodes must hold their full-content digest. */
function toCluster(identical: Inode[]): Cluster {
  return {
    id: `exact-${identical[0]!.digest!.slice(0, 16)}`,
    kind: 'exact',
    similarity: 1,
    reclaimable: identical[0]!.file.size * (identical.length - 1),
    files: identical.map(toReportFile).sort((a, b) => compareStrings(a.path, b.path)),
  };
}

export function createExactDuplicateFinder(pool: HashPool, hooks: ExactHooks = {}): ExactDuplicateFinder {
  const hasher = createHasher(pool, hooks);
  const samplePass = hasher.startPass(true);
  const namesBySize = new Map<number, WalkedFile[]>();
  /** Sizes held by two distinct files or more: each of their files is sampled. */
  const sampledSizes = new Set<number>();
  /** By file id, so that one file with several names is hashed once. */
  const samples = new Map<string, Hashed>();

  function sample(file: WalkedFile): void {
    const hashed: Hashed = { file, digest: undefined };
    samples.set(file.fileId, hashed);
    samplePass.add(hashed);
  }

  function add(file: WalkedFile): void {
    const names = namesBySize.get(file.size);
    if (!names) {
      namesBySize.set(file.size, [file]);
      return;
    }
    names.push(file);
    // Empty files are never duplicates: there is nothing in them to keep twice.
    if (file.size === 0 || samples.has(file.fileId)) return;
    if (!sampledSizes.has(file.size)) {
      // Until a size is sampled, all its names are names of its first file.
      if (names[0]!.fileId === file.fileId) return;
      sampledSizes.add(file.size);
      sample(names[0]!);
    }
    sample(file);
  }

  async function finish(): Promise<ExactDuplicates> {
    await samplePass.finish();
    const hardlinks: HardLinkSet[] = [];
    const clusters: Cluster[] = [];
    const needFullHash: Inode[][] = [];
    for (const [size, names] of namesBySize) {
      if (names.length < 2) continue;
      const inodes = collapseHardLinks(names, hardlinks);
      if (!sampledSizes.has(size)) continue;
      for (const inode of inodes) inode.digest = samples.get(inode.file.fileId)!.digest;
      // A small file's sample is its whole content: its digest is already final.
      const final = size <= WHOLE_FILE_SAMPLE_LIMIT;
      for (const candidates of matching(inodes)) {
        if (final) clusters.push(toCluster(candidates));
        else needFullHash.push(candidates);
      }
    }

    // Largest first, so a big file does not keep one thread busy while the other has nothing left.
    const fullPass = hasher.startPass(false);
    for (const inode of needFullHash.flat().sort((a, b) => b.file.size - a.file.size)) fullPass.add(inode);
    await fullPass.finish();
    for (const candidates of needFullHash) {
      for (const identical of matching(candidates)) clusters.push(toCluster(identical));
    }

    clusters.sort((a, b) => b.reclaimable - a.reclaimable || compareStrings(a.id, b.id));
    hardlinks.sort((a, b) => compareStrings(a.paths[0]!, b.paths[0]!));
    return { clusters, hardlinks, errors: hasher.errors, bytesHashed: hasher.bytesHashed(), filesHashed: hasher.filesHashed() };
  }

  return { add, finish };
}

/** All at once, for a walk that has already finished. */
export function findExactDuplicates(files: WalkedFile[], pool: HashPool, hooks: ExactHooks = {}): Promise<ExactDuplicates> {
  const finder = createExactDuplicateFinder(pool, hooks);
  for (const file of files) finder.add(file);
  return finder.finish();
}
