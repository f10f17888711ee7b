// The steps that need more than fingerprints: exact checks of the claims (verifyClaims.ts) and
// cluster descriptions. Both read a few texts again, so both are memoised by file identity: an
// unchanged rescan reads nothing, and the reading workers are only asked when something is missing.
import { describeCluster } from '../../../shared/cluster/describeCluster.ts';
import { FINGERPRINT_FORMAT } from '../../../shared/fingerprint/format.ts';
import { shingleSize } from '../../../shared/fingerprint/shingles.ts';
import type { Cluster, ScanError } from '../../../shared/report.ts';
import type { ChunkUnit } from '../../../shared/scanOptions.ts';
import { createExtractPool } from '../extract/extractPool.ts';
import type { ExtractPool } from '../extract/extractPool.ts';
import { postProcessStep } from '../extract/extractStep.ts';
import type { ExtractStep } from '../extract/extractStep.ts';
import { ANALYSIS_VERSION } from '../scan/analysisMemo.ts';
import { fileIdentity } from '../scan/contentCache.ts';
import type { ContentCache } from '../scan/contentCache.ts';
import type { TextNode } from './assembleClusters.ts';
import { detailStepUrl, documentDetail } from './detailStep.ts';
import type { DocumentDetail } from './detailStep.ts';
import type { DocumentFingerprint } from './documentFingerprint.ts';
import { unitFile } from './documentUnits.ts';
import type { ScanTexts } from './scanTexts.ts';

export interface DetailReader {
  readonly cache: ContentCache | undefined;
  /** Chunk and shingle sets of the given nodes' first files, read now (nothing cached here). */
  read(nodes: readonly TextNode[]): Promise<Map<TextNode, DocumentDetail>>;
  /** Chunk and shingle sets of one file, read now; undefined when it cannot be read (listed in errors()). */
  readFile(file: { path: string; size: number }): Promise<DocumentDetail | undefined>;
  /** The text of the node's first file, or undefined when it cannot be read again. */
  readText(node: TextNode): Promise<string | undefined>;
  filesRead(): number;
  /**
   * The reads that failed, one per file (a claim then goes unverified, a description undone), for
   * the report to list: each may go otherwise next time.
   */
  errors(): ScanError[];
  /** Ends the workers it started (they keep their last documents' memory); a pool it was given stays its owner's. */
  close(): Promise<void>;
}

// Characters of a text past which the worker that read it is ended once it has handed it over.
const LONG_TEXT = 4 * 2 ** 20;
const TEXT_STEP: ExtractStep<{ text: string }> = { endWorkerAfterChars: LONG_TEXT };

/**
 * Reads details and texts with `shared`, the scan's warm extraction workers, when given (each read
 * names its step); else with a pool of its own, started on the first read. A scan's text OCR
 * already read in this scan (`scanTexts`) is taken as it is, not read again.
 */
export function createDetailReader(
  unit: ChunkUnit,
  hooks: { signal?: AbortSignal; cache?: ContentCache; /** Read scans with OCR, as the scan did. */ ocr?: boolean; /** Scans' texts OCR already read in this scan: not read again. */ scanTexts?: ScanTexts },
  shared?: ExtractPool<object>,
): DetailReader {
  let own: ExtractPool<object> | undefined;
  const pool = () => shared ?? (own ??= createExtractPool({ threads: 2, ocr: hooks.ocr ?? false }));
  const detailStep = postProcessStep<DocumentDetail>(detailStepUrl(unit));
  let count = 0;
  const failed = new Map<string, ScanError>();
  const fail = (path: string, { code, message }: { code: string; message: string }, consequence: string) => {
    if (!failed.has(path)) failed.set(path, { path, code, message: `${consequence}: ${message}` });
  };
  const readDetail = async ({ path, size }: { path: string; size: number }): Promise<DocumentDetail | undefined> => {
    const scanText = hooks.scanTexts?.get(path);
    if (scanText !== undefined) return documentDetail(scanText, unit);
    count++;
    const result = await pool().extract(path, hooks.signal, size, detailStep);
    if (result.ok) return result;
    fail(path, result, 'Not compared with the documents it may match, as it could not be read again');
    return undefined;
  };
  return {
    cache: hooks.cache,
    async read(nodes) {
      const out = new Map<TextNode, DocumentDetail>();
      await Promise.all(
        nodes.map(async (node) => {
          const detail = await readDetail(node.units[0]!.unit);
          if (detail) out.set(node, detail);
        }),
      );
      return out;
    },
    readFile: (file) => readDetail(file),
    async readText(node) {
      const { path, size } = node.units[0]!.unit;
      const scanText = hooks.scanTexts?.get(path);
      if (scanText !== undefined) return scanText;
      count++;
      // After a long text its worker is ended (TEXT_STEP) rather than left idle holding that text's memory.
      const result = await pool().extract(path, hooks.signal, size, TEXT_STEP);
      if (!result.ok) fail(path, result, 'Its cluster is shown without a description, as it could not be read again');
      return result.ok ? result.text : undefined;
    },
    filesRead: () => count,
    errors: () => [...failed.values()],
    async close() {
      const ended = own;
      own = undefined;
      await ended?.destroy();
    },
  };
}

/**
 * The key of a memo of the near stage: what `kind` computed for the files of these identities
 * under `setting`. The value is what this code computed: the sets it is computed on follow the
 * fingerprint format, the checks and descriptions the analysis version, so a release changing
 * either never takes an older release's values (as kept analyses and fingerprints don't).
 */
export function nearMemoKey(kind: 'jaccard' | 'contained+jaccard' | 'describe', setting: string, identities: readonly string[]): string {
  return `${kind}|f${FINGERPRINT_FORMAT}a${ANALYSIS_VERSION}|${setting}|${identities.join('|')}`;
}

/** Saves a memo of the near stage unless it was computed from a file that may change unseen (ContentCache.settled). */
export function saveNearMemo(cache: ContentCache | undefined, key: string, nodes: readonly TextNode[], value: string): void {
  if (cache && nodes.every((node) => cache.settled(unitFile(node.units[0]!.unit)))) cache.saveMemo(key, value);
}

export function nodeIdentity(node: TextNode): string {
  // The file read for the text, as its extraction is keyed (unitFile).
  return fileIdentity(unitFile(node.units[0]!.unit));
}

/** The description of each near cluster, from its representative's text and its members' samples. */
export async function describeNearClusters(clusters: Cluster[], nodes: readonly (TextNode & DocumentFingerprint)[], settingsKey: string, details: DetailReader): Promise<void> {
  // Only the files of near clusters: a map of every document's files costs a scan of 200k documents a few hundred ms.
  const wanted = new Set(clusters.flatMap((c) => (c.kind === 'near' ? c.files.map((f) => f.path) : [])));
  const nodeOf = new Map<string, TextNode & DocumentFingerprint>();
  if (wanted.size > 0) for (const node of nodes) for (const { unit } of node.units) for (const { file } of unit.inodes) if (wanted.has(file.path)) nodeOf.set(file.path, node);
  const pending: { cluster: Cluster; key: string; members: (TextNode & DocumentFingerprint)[] }[] = [];
  for (const cluster of clusters) {
    if (cluster.kind !== 'near') continue;
    const members = [...new Set(cluster.files.map((f) => nodeOf.get(f.path)).filter((n) => n !== undefined))];
    const key = nearMemoKey('describe', settingsKey, members.map(nodeIdentity));
    const known = details.cache?.memo(key);
    if (known === undefined) pending.push({ cluster, key, members });
    else if (known) cluster.description = known;
  }
  // One text at a time, each let go once described: long documents' texts are never all held.
  for (const { cluster, key, members } of pending) {
    const text = await details.readText(members[0]!);
    if (text === undefined) continue;
    // The representative's sample was built with the k of its whole text: the description need not count its tokens again.
    const description = describeCluster(text, members.map((m) => m.sample), { shingleSize: shingleSize(members[0]!.words) });
    saveNearMemo(details.cache, key, members, description);
    if (description) cluster.description = description;
  }
}
