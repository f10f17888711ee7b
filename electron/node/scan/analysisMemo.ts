// The analysis of an unchanged tree, kept in the index: when a rescan walks exactly the files an
// earlier scan with the same options analysed (every path with the same identity: device and
// inode, size, mtime, ctime, links), that scan's exact and near clusters hold as they were, so
// they are taken as they are instead of loading every hash and fingerprint and grouping them
// again. That was most of an unchanged rescan: on 53,700 files with 3,700 documents, loading
// 36,700 extraction rows, grouping and checking took ~1 s of its ~1.6 s of CPU.
//
// It rests on the rule every cached hash and fingerprint already rests on (contentCache.ts): a
// file whose identity is unchanged has unchanged content. What the person dismissed, the folder
// comparison and the order across folders are applied afresh to the clusters taken. An analysis
// is kept only when running it again would give the same result: no file failed to be read.
import { createHash } from 'node:crypto';
import type { Cluster, HardLinkSet, ScanError } from '../../../shared/report.ts';
import { REPORT_VERSION } from '../../../shared/report.ts';
import type { ScanOptions } from '../../../shared/scanOptions.ts';
import type { ContentCache } from './contentCache.ts';
import type { WalkedFile } from './types.ts';

/**
 * Bump when the exact or near analysis would report other clusters for the same files and
 * options (a new check, another threshold rule, other descriptions): the analyses kept by the
 * old code are then not taken. A test pins the analysis of a fixed tree to this version.
 */
export const ANALYSIS_VERSION = 1;

/** What an analysis found before dismissals and folders: the part that only the files decide. */
export interface KeptAnalysis {
  exact: Cluster[];
  /** Undefined when near duplicates were not looked for. */
  near?: Cluster[];
  hardlinks: HardLinkSet[];
  errors: ScanError[];
}

interface StoredAnalysis extends KeptAnalysis {
  walk: string;
}

/** Larger analyses are not kept: parsing them again would cost more than it spares. */
const MAX_KEPT_CHARACTERS = 64 * 2 ** 20;

/** The memo key of an analysis of `options` (roots included), under this code's version. */
export function analysisKey(options: ScanOptions): string {
  const settings = JSON.stringify(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return `analysis:${REPORT_VERSION}:${ANALYSIS_VERSION}:${sha256(settings)}`;
}

/** One digest of every walked file's path and identity, in any walk order. */
export function walkDigest(files: readonly WalkedFile[]): string {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // Paths and file ids joined by NUL, which no path or id holds; then four numbers a file. A
  // string per file and one join of them all took 2.5× as long (90 ms on 50,000 files).
  const paths = sorted.map((file) => file.path);
  const ids = sorted.map((file) => file.fileId);
  const numbers = new Float64Array(sorted.length * 4);
  sorted.forEach((file, i) => {
    numbers[i * 4] = file.size;
    numbers[i * 4 + 1] = file.mtimeMs;
    numbers[i * 4 + 2] = file.ctimeMs;
    numbers[i * 4 + 3] = file.nlink;
  });
  return createHash('sha256').update(paths.join('\0')).update('\0\0').update(ids.join('\0')).update(new Uint8Array(numbers.buffer)).digest('hex');
}

/** The analysis kept for `key` if it was made of exactly the files whose digest is `walk`. */
export function keptAnalysis(cache: ContentCache, key: string, walk: string): KeptAnalysis | undefined {
  const text = cache.memo(key);
  if (text === undefined) return undefined;
  let stored: StoredAnalysis;
  try {
    stored = JSON.parse(text) as StoredAnalysis;
  } catch {
    return undefined;
  }
  if (stored.walk !== walk) return undefined;
  const { exact, near, hardlinks, errors } = stored;
  return { exact, hardlinks, errors, ...(near ? { near } : {}) };
}

export function keepAnalysis(cache: ContentCache, key: string, walk: string, analysis: KeptAnalysis): void {
  const stored: StoredAnalysis = { walk, ...analysis };
  const text = JSON.stringify(stored);
  if (text.length <= MAX_KEPT_CHARACTERS) cache.saveMemo(key, text);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
