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
import { createRequire } from 'node:module';
import type { Cluster, HardLinkSet, ScanError } from '../../../shared/report.ts';
import { FINGERPRINT_FORMAT } from '../../../shared/fingerprint/format.ts';
import { chosenOtherThanDefault } from '../../../shared/ocrLanguages.ts';
import { REPORT_VERSION } from '../../../shared/report.ts';
import type { ScanOptions } from '../../../shared/scanOptions.ts';
import type { ContentCache } from './contentCache.ts';
import type { WalkedFile } from './types.ts';

/**
 * Bump when the exact or near analysis would report other clusters or errors for the same files
 * and options (a new check, another threshold rule, other descriptions; 2: documents without
 * text are listed as not compared; 3: an edit of punctuation or case is not the same text; 4: .doc,
 * slides, spreadsheets and .eml are read by their own readers; 5: a cluster is led by the file a
 * stable rule names, and a figure kept on its estimate is marked so): the
 * analyses kept by the old code are then not taken, nor its exact checks' memos
 * (verifyClaims.ts). The package's version is part of the key too, so a release never takes
 * another release's analyses. A test pins the analysis of a fixed tree to this version.
 */
export const ANALYSIS_VERSION = 5;

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

/** Files per slice of the walk digest's input. */
const DIGEST_SLICE_FILES = 8192;

/** Larger analyses are not kept: parsing them again would cost more than it spares. */
const MAX_KEPT_CHARACTERS = 64 * 2 ** 20;

/** Options applied to the clusters afresh (finishAnalysis), so not part of what is kept. */
const APPLIED_AFTER: ReadonlySet<string> = new Set(['across', 'folders', 'folderThreshold']);

const PACKAGE_VERSION = packageVersion();

function packageVersion(): string {
  try {
    return String((createRequire(import.meta.url)('../../../package.json') as { version?: unknown }).version);
  } catch {
    return 'unknown';
  }
}

/** The memo key of an analysis of `options` (roots included), under this code's version. */
export function analysisKey(options: ScanOptions): string {
  const shaping = Object.entries(withReadLanguages(options)).filter(([name]) => !APPLIED_AFTER.has(name));
  const settings = JSON.stringify(shaping.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return `analysis:${PACKAGE_VERSION}:${REPORT_VERSION}:${ANALYSIS_VERSION}:${FINGERPRINT_FORMAT}:${sha256(settings)}`;
}

/**
 * The options with the OCR languages only where they shape the analysis: with OCR, and other than
 * the default. Languages chosen while OCR is off, or English named, are the analysis without them.
 */
function withReadLanguages(options: ScanOptions): ScanOptions {
  const { ocrLanguages, ...rest } = options;
  const set = options.ocr ? chosenOtherThanDefault(ocrLanguages) : undefined;
  return set ? { ...rest, ocrLanguages: set } : rest;
}

/** The key of the walk's digest alone, so a changed tree is told without reading the analysis. */
function walkKey(key: string): string {
  return `${key}:walk`;
}

/**
 * One digest of every walked file's path, identity and link count, in any walk order. The
 * identity is fileIdentity's fields, taken as they are: a string per file (fileIdentity itself),
 * kept alive until joined, cost 14 MB more peak RSS on 50,000 files. A test checks that every
 * field fileIdentity covers changes the digest.
 */
export function walkDigest(files: readonly WalkedFile[]): string {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // Paths and file ids joined by NUL, which neither holds; then four numbers a file. A string of
  // all fields per file, then one join, took 2.5× as long (90 ms on 50,000 files). Fed in slices:
  // the whole joins were 40–60 MB at once on 500,000 files, at the scan's peak of memory.
  const hash = createHash('sha256');
  for (let start = 0; start < sorted.length; start += DIGEST_SLICE_FILES) {
    const paths = sorted.slice(start, start + DIGEST_SLICE_FILES).map((file) => file.path);
    hash.update(start === 0 ? paths.join('\0') : `\0${paths.join('\0')}`);
  }
  hash.update('\0\0');
  for (let start = 0; start < sorted.length; start += DIGEST_SLICE_FILES) {
    const ids = sorted.slice(start, start + DIGEST_SLICE_FILES).map((file) => file.fileId);
    hash.update(start === 0 ? ids.join('\0') : `\0${ids.join('\0')}`);
  }
  const numbers = new Float64Array(DIGEST_SLICE_FILES * 4);
  for (let start = 0; start < sorted.length; start += DIGEST_SLICE_FILES) {
    const slice = sorted.slice(start, start + DIGEST_SLICE_FILES);
    slice.forEach((file, i) => {
      numbers[i * 4] = file.size;
      numbers[i * 4 + 1] = file.mtimeMs;
      numbers[i * 4 + 2] = file.ctimeMs;
      numbers[i * 4 + 3] = file.nlink;
    });
    hash.update(new Uint8Array(numbers.buffer, 0, slice.length * 4 * Float64Array.BYTES_PER_ELEMENT));
  }
  return hash.digest('hex');
}

/** The analysis kept for `key` if it was made of exactly the files whose digest is `walk`. */
export function keptAnalysis(cache: ContentCache, key: string, walk: string): KeptAnalysis | undefined {
  if (cache.memo(walkKey(key)) !== walk) return undefined;
  const text = cache.memo(key);
  if (text === undefined) return undefined;
  let stored: Partial<StoredAnalysis>;
  try {
    stored = JSON.parse(text) as Partial<StoredAnalysis>;
  } catch {
    return undefined;
  }
  // Checked again: another process may have kept another analysis in between the two reads.
  const { exact, near, hardlinks, errors } = stored;
  if (stored.walk !== walk || !Array.isArray(exact) || !Array.isArray(hardlinks) || !Array.isArray(errors) || (near !== undefined && !Array.isArray(near))) return undefined;
  return { exact, hardlinks, errors, ...(near ? { near } : {}) };
}

/** Keeps the analysis if it is not too large to be worth reading again; never fails the scan. */
export function keepAnalysis(cache: ContentCache, key: string, walk: string, analysis: KeptAnalysis): void {
  let text: string;
  try {
    text = JSON.stringify({ walk, ...analysis } satisfies StoredAnalysis);
  } catch {
    // Past V8's longest string: far past MAX_KEPT_CHARACTERS anyway.
    return;
  }
  if (text.length > MAX_KEPT_CHARACTERS) return;
  cache.saveMemo(key, text);
  cache.saveMemo(walkKey(key), walk);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
