// The real documents the near-duplicate corpus is made from: Debian's per-package docs and the
// common licences. Chosen deterministically (sorted paths, seeded shuffle, categories taken in
// turn) and kept only when they are not themselves near-identical to a source already chosen:
// many copyright files embed the same licence text, which makes them hard negatives only as long
// as their resemblance stays low.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { hashString32 } from '../../shared/fingerprint/hash32.ts';
import { containment, intersectionSize } from '../../shared/fingerprint/jaccard.ts';
import { wordShingles } from '../../shared/fingerprint/shingles.ts';
import { canonicalTokenHashes } from '../../shared/text/canonicalTokens.ts';
import { PlanRandom } from '../bench/random.ts';

export type SourceCategory = 'licence' | 'copyright' | 'changelog' | 'news' | 'readme';
const CATEGORIES: readonly SourceCategory[] = ['copyright', 'changelog', 'readme', 'news', 'licence'];

export interface Source {
  path: string;
  category: SourceCategory;
  text: string;
  /** Canonical tokens. */
  words: number;
  /** The 5-word shingle set of the canonical text: the ground truth's measure. */
  shingles: Uint32Array;
}

export interface SourceSelection {
  sources: Source[];
  /** Candidates read and dropped for resembling a chosen source too much, or lying mostly inside one. */
  rejectedSimilar: number;
  /** Pairs of chosen sources that share boilerplate: exact resemblance in [BOILERPLATE_RESEMBLANCE, MAX_SOURCE_RESEMBLANCE). */
  boilerplatePairs: number;
  /** The highest exact resemblance between two chosen sources. */
  maxResemblance: number;
}

export const MIN_SOURCE_WORDS = 200;
/** Longer sources would make PDFs of hundreds of pages; they are passed over. */
const MAX_SOURCE_CHARS = 150_000;
/** Two sources this similar would be near-duplicates of each other, not a negative pair. */
export const MAX_SOURCE_RESEMBLANCE = 0.3;
/**
 * Nor may most of one lie inside the other (a copyright file that is mostly a licence, beside
 * that licence): its excerpts and cut-short copies would then be the other's containment cases.
 */
const MAX_SOURCE_CONTAINMENT = 0.5;
const BOILERPLATE_RESEMBLANCE = 0.1;

const DOC_ROOT = '/usr/share/doc';
const LICENCE_ROOT = '/usr/share/common-licenses';
const README_NAMES = /^(readme|authors|todo|thanks|faq|bugs|changes|history|install|credits|hacking)\b/i;
const README_EXTENSIONS = new Set(['', '.txt', '.md', '.rst', '.text', '.debian']);

/** Regular files only: symlinked docs (one package's folder pointing at another's) would repeat sources. */
export function regularFiles(folder: string, out: string[] = []): string[] {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) regularFiles(path, out);
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

function categoryOf(path: string): SourceCategory | null {
  if (path.startsWith(`${LICENCE_ROOT}/`)) return 'licence';
  const name = basename(path).replace(/\.gz$/, '');
  if (name === 'copyright') return 'copyright';
  if (/^changelog/i.test(name)) return 'changelog';
  if (/^news/i.test(name)) return 'news';
  if (README_NAMES.test(name) && README_EXTENSIONS.has(extname(name).toLowerCase())) return 'readme';
  return null;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The file's text (gunzipped), or null when it is not clean UTF-8 text of a usable length. */
function readSourceText(path: string): string | null {
  try {
    let bytes: Uint8Array = readFileSync(path);
    if (path.endsWith('.gz')) bytes = gunzipSync(bytes);
    if (bytes.length > MAX_SOURCE_CHARS * 2 || bytes.includes(0)) return null;
    const text = strictUtf8.decode(bytes).replace(/\r\n?/g, '\n');
    return text.length <= MAX_SOURCE_CHARS ? text : null;
  } catch {
    return null;
  }
}

/** The files that may become sources, sorted. */
function candidatePaths(): string[] {
  return [...regularFiles(DOC_ROOT), ...regularFiles(LICENCE_ROOT)].filter((path) => categoryOf(path) !== null).sort();
}

/**
 * Names and sizes of the candidate files, hashed: installing or upgrading packages changes the
 * candidates, and with them the sources a given seed picks.
 */
export function candidateDigest(): string {
  const listing = candidatePaths().map((path) => `${path}\t${statSync(path).size}`);
  return `${listing.length}-${(hashString32(listing.join('\n')) >>> 0).toString(16)}`;
}

/** Candidate paths per category, each list shuffled by the seed from its sorted order. */
function candidatesByCategory(random: PlanRandom): Map<SourceCategory, string[]> {
  const byCategory = new Map<SourceCategory, string[]>(CATEGORIES.map((c) => [c, []]));
  for (const path of candidatePaths()) byCategory.get(categoryOf(path)!)!.push(path);
  for (const list of byCategory.values()) {
    for (let i = list.length - 1; i > 0; i--) {
      const j = random.int(i + 1);
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
  }
  return byCategory;
}

/**
 * `count` sources taken from the categories in turn; a candidate is kept when its exact
 * resemblance to every source kept before it is below MAX_SOURCE_RESEMBLANCE and neither lies
 * MAX_SOURCE_CONTAINMENT or more inside the other.
 */
export function selectSources(count: number, seed: number): SourceSelection {
  const queues = candidatesByCategory(new PlanRandom(seed));
  const selection: SourceSelection = { sources: [], rejectedSimilar: 0, boilerplatePairs: 0, maxResemblance: 0 };
  const { sources } = selection;
  while (sources.length < count && [...queues.values()].some((q) => q.length > 0)) {
    for (const category of CATEGORIES) {
      const path = queues.get(category)!.shift();
      if (path === undefined || sources.length >= count) continue;
      const text = readSourceText(path);
      if (text === null) continue;
      const tokens = canonicalTokenHashes(text);
      if (tokens.length < MIN_SOURCE_WORDS) continue;
      const shingles = wordShingles(tokens);
      const shared = sources.map((s) => intersectionSize(s.shingles, shingles));
      const resemblances = sources.map((s, i) => shared[i]! / (s.shingles.length + shingles.length - shared[i]!));
      // The larger of the two containments is the share of the smaller set.
      const nested = sources.some((s, i) => shared[i]! >= MAX_SOURCE_CONTAINMENT * Math.min(s.shingles.length, shingles.length));
      if (nested || resemblances.some((r) => r >= MAX_SOURCE_RESEMBLANCE)) {
        selection.rejectedSimilar++;
        continue;
      }
      selection.boilerplatePairs += resemblances.filter((r) => r >= BOILERPLATE_RESEMBLANCE).length;
      selection.maxResemblance = Math.max(selection.maxResemblance, ...resemblances);
      sources.push({ path, category, text, words: tokens.length, shingles });
    }
  }
  if (sources.length < count) throw new Error(`Only ${sources.length} usable sources on this machine, ${count} asked for`);
  return selection;
}

/** The largest share of `part` found in any of `others` (sorted shingle sets). */
export function maxContainment(part: Uint32Array, others: readonly Uint32Array[]): number {
  let max = 0;
  for (const other of others) max = Math.max(max, containment(part, other));
  return max;
}
