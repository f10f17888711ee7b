// The exact ground truth on real documents nobody here wrote: every text file under the given
// roots (/usr/share/doc, /usr/share/common-licenses), exactly as named on disk. Which files are
// text is decided by file(1), not by Shingle; each file's text is its decoded bytes (HTML: the
// visible text, PDF: pdf.js's text), its set the 5-word shingles of the canonical tokens. Every
// pair's intersection is counted through an inverted index over the shingles (pairs sharing
// none have resemblance and containment 0), so the brute force stays feasible on two cores.
import { spawnSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeText } from '../../electron/node/extract/decodeText.ts';
import { htmlFileText } from '../../electron/node/extract/htmlText.ts';
import { pdfText } from '../../electron/node/extract/pdfText.ts';
import { intersectionSize } from '../../shared/fingerprint/jaccard.ts';
import { wordShingles } from '../../shared/fingerprint/shingles.ts';
import { canonicalTokenHashes } from '../../shared/text/canonicalTokens.ts';
import { overlapPairs } from './baseline.ts';
import type { OverlapPair } from './baseline.ts';

const SHINGLE = 5;

export interface RealDocument {
  id: number;
  /** Every name of the file (hard links), the first by path order. */
  paths: string[];
  mime: string;
  tokens: number;
}

export interface RealTruth {
  documents: RealDocument[];
  sets: Uint32Array[];
  idOf: Map<string, number>;
  /** Every pair sharing at least one shingle. */
  overlaps: OverlapPair[];
  filesSeen: number;
  seconds: number;
}

function walk(root: string, out: string[]): void {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile()) out.push(path);
  }
}

/** file(1)'s MIME type of each path. */
function mimeTypes(paths: readonly string[]): string[] {
  const result = spawnSync('file', ['-N', '-b', '--mime-type', '-f', '-'], { input: paths.join('\n'), encoding: 'utf8', maxBuffer: 1 << 28 });
  if (result.status !== 0) throw new Error(`file(1) failed: ${result.stderr || result.error?.message}`);
  return result.stdout.trimEnd().split('\n');
}

export function isTextMime(mime: string): boolean {
  return mime.startsWith('text/') || mime === 'application/json' || mime === 'application/javascript' || mime === 'application/pdf';
}

/** The text a reader sees in the file: decoded bytes, HTML's visible text, a PDF's text. */
export async function truthText(path: string, mime: string): Promise<string> {
  const bytes = new Uint8Array(readFileSync(path));
  if (mime === 'application/pdf') return pdfText(bytes);
  // file(1) calls XHTML text/xml; a reader (and Shingle) sees its visible text.
  const html = mime === 'text/html' || (mime === 'text/xml' && /<html[\s>]/i.test(Buffer.from(bytes.subarray(0, 4096)).toString('latin1')));
  return html ? htmlFileText(bytes) : decodeText(bytes);
}

export function truthSet(text: string): Uint32Array {
  return wordShingles(canonicalTokenHashes(text), SHINGLE);
}

export async function loadRealTruth(roots: readonly string[]): Promise<RealTruth> {
  const started = performance.now();
  const files: string[] = [];
  for (const root of roots) walk(root, files);
  files.sort();
  const mimes = mimeTypes(files);
  const documents: RealDocument[] = [];
  const sets: Uint32Array[] = [];
  const idOf = new Map<string, number>();
  const byInode = new Map<string, number>();
  for (const [i, path] of files.entries()) {
    const mime = mimes[i]!;
    if (!isTextMime(mime)) continue;
    const { dev, ino } = lstatSync(path);
    const inode = `${dev}:${ino}`;
    const known = byInode.get(inode);
    if (known !== undefined) {
      documents[known]!.paths.push(path);
      idOf.set(path, known);
      continue;
    }
    const text = await truthText(path, mime).catch(() => '');
    const id = documents.length;
    documents.push({ id, paths: [path], mime, tokens: canonicalTokenHashes(text).length });
    sets.push(truthSet(text));
    idOf.set(path, id);
    byInode.set(inode, id);
  }
  return { documents, sets, idOf, overlaps: overlapPairs(sets), filesSeen: files.length, seconds: (performance.now() - started) / 1000 };
}

/** Exact resemblance and containments of two sets. */
export function exactMeasures(a: Uint32Array, b: Uint32Array, shared = intersectionSize(a, b)): { jaccard: number; aInB: number; bInA: number } {
  const union = a.length + b.length - shared;
  return { jaccard: union === 0 ? 0 : shared / union, aInB: a.length ? shared / a.length : 0, bInA: b.length ? shared / b.length : 0 };
}
