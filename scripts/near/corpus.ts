// The near-duplicate benchmark's corpus on disk: one folder per source with its variants, the
// generated texts (the ground truth) beside it, and plain text for throughput figures. Built once
// per set of parameters and reused; the marker file is written last, so a build that was cut
// short is never taken for a finished one. A build is deterministic for a given set of installed
// documents: the same seed picks the same sources until packages come or go.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentFormat } from '../../shared/report.ts';
import { PlanRandom } from '../bench/random.ts';
import { waitUntilWrittenFilesSettle } from '../bench/settled.ts';
import { editWords } from './edits.ts';
import { candidateDigest, selectSources } from './sources.ts';
import type { SourceCategory } from './sources.ts';
import { familyVariants, ROLE_OF } from './variants.ts';
import type { Role, VariantKind } from './variants.ts';

/** Bump when a generator changes, so that corpora built by the old one are not reused. */
const LAYOUT = 4;
/** Plain text the throughput figures need; the corpus is topped up with bulk files outside the scanned folder. */
const MIN_PLAIN_TEXT_BYTES = 50e6;
const BULK_FILE_BYTES = 2e6;

export interface CorpusParams {
  sources: number;
  seed: number;
}

export interface CorpusDocument {
  id: number;
  /** Relative to the corpus root. */
  path: string;
  family: number;
  kind: VariantKind;
  role: Role;
  format: DocumentFormat;
  bytes: number;
  /** The document whose truth file holds this one's generated text (itself, or one with the same text). */
  truth: number;
  note?: string;
}

export interface CorpusFamily {
  source: string;
  category: SourceCategory;
  words: number;
}

export interface CorpusManifest {
  params: CorpusParams & { layout: number };
  families: CorpusFamily[];
  documents: CorpusDocument[];
  /** Candidates dropped for resembling a chosen source (≥ 0.3) or lying mostly (≥ 0.5) inside one, or it in them. */
  rejectedSimilar: number;
  /** Pairs of chosen sources sharing boilerplate (exact resemblance 0.1–0.3). */
  boilerplatePairs: number;
  maxSourceResemblance: number;
  /** Extra plain text for the throughput figures, relative to the base folder; never scanned. */
  bulkFiles: string[];
  bulkBytes: number;
  /** candidateDigest() when the corpus was built. */
  candidateDigest: string;
  buildSeconds: number;
}

export interface Corpus {
  base: string;
  /** The folder the scans get as their root. */
  root: string;
  manifest: CorpusManifest;
  reused: boolean;
  /** Reused, but the machine's candidate documents have changed since: a rebuild would pick other sources. */
  stale: boolean;
}

const MARKER = 'complete';

export function truthPath(base: string, id: number): string {
  return join(base, 'truth', `${id}.txt`);
}

export function readTruth(corpus: Corpus, document: CorpusDocument): string {
  return readFileSync(truthPath(corpus.base, document.truth), 'utf8');
}

export async function ensureCorpus(params: CorpusParams, rebuild: boolean, onProgress: (message: string) => void): Promise<Corpus> {
  const base = join(tmpdir(), `shingle-bench-near-${params.sources}s-seed${params.seed}-v${LAYOUT}`);
  const root = join(base, 'corpus');
  if (!rebuild && existsSync(join(base, MARKER))) {
    const manifest = JSON.parse(readFileSync(join(base, 'manifest.json'), 'utf8')) as CorpusManifest;
    return { base, root, manifest, reused: true, stale: manifest.candidateDigest !== candidateDigest() };
  }
  rmSync(base, { recursive: true, force: true });
  const started = performance.now();
  onProgress(`selecting ${params.sources} sources`);
  const digest = candidateDigest();
  const selection = selectSources(params.sources, params.seed);
  mkdirSync(join(base, 'truth'), { recursive: true });
  const documents: CorpusDocument[] = [];
  for (let family = 0; family < selection.sources.length; family++) {
    if (family % 50 === 0) onProgress(`writing family ${family + 1} of ${selection.sources.length}`);
    const folder = `f${String(family).padStart(4, '0')}`;
    mkdirSync(join(root, folder), { recursive: true });
    const truthOf = new Map<string, number>();
    for (const variant of await familyVariants(selection.sources, family, params.seed)) {
      const id = documents.length;
      const path = `${folder}/${variant.name}`;
      writeFileSync(join(root, path), variant.content);
      let truth = truthOf.get(variant.truth);
      if (truth === undefined) {
        truthOf.set(variant.truth, (truth = id));
        writeFileSync(truthPath(base, id), variant.truth);
      }
      const bytes = typeof variant.content === 'string' ? Buffer.byteLength(variant.content) : variant.content.length;
      const { kind, format, note } = variant;
      documents.push({ id, path, family, kind, role: ROLE_OF[kind], format, bytes, truth, ...(note ? { note } : {}) });
    }
  }
  const plainBytes = documents.reduce((sum, d) => sum + (d.format === 'text' ? d.bytes : 0), 0);
  const bulk = writeBulkText(base, selection.sources.map((s) => s.text), MIN_PLAIN_TEXT_BYTES - plainBytes, params.seed);
  const manifest: CorpusManifest = {
    params: { ...params, layout: LAYOUT },
    families: selection.sources.map(({ path, category, words }) => ({ source: path, category, words })),
    documents,
    rejectedSimilar: selection.rejectedSimilar,
    boilerplatePairs: selection.boilerplatePairs,
    maxSourceResemblance: selection.maxResemblance,
    bulkFiles: bulk.files,
    bulkBytes: bulk.bytes,
    candidateDigest: digest,
    buildSeconds: (performance.now() - started) / 1000,
  };
  writeFileSync(join(base, 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(base, MARKER), new Date().toISOString());
  waitUntilWrittenFilesSettle();
  return { base, root, manifest, reused: false, stale: false };
}

/**
 * Plain-text files of about BULK_FILE_BYTES each, lightly edited sources run together, until
 * `bytes` are written. They sit outside the scanned folder: each contains whole sources, and
 * would be every excerpt's largest container.
 */
function writeBulkText(base: string, texts: readonly string[], bytes: number, seed: number): { files: string[]; bytes: number } {
  const files: string[] = [];
  const random = new PlanRandom(seed ^ 0x5eed);
  let written = 0;
  let next = 0;
  if (bytes > 0) mkdirSync(join(base, 'throughput'), { recursive: true });
  while (written < bytes) {
    const parts: string[] = [];
    let size = 0;
    while (size < BULK_FILE_BYTES) {
      const part = editWords(texts[next++ % texts.length]!, 0.02, random);
      parts.push(part);
      size += Buffer.byteLength(part) + 2;
    }
    const path = join('throughput', `bulk-${String(files.length).padStart(3, '0')}.txt`);
    writeFileSync(join(base, path), parts.join('\n\n'));
    files.push(path);
    written += size;
  }
  return { files, bytes: written };
}
