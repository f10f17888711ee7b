// Near-duplicate and contained documents: read each document unit once in the extraction pool
// (fingerprints come back, not texts), take the method's candidates, verify every claim that its
// estimate does not settle on the exact sets (verifyClaims.ts), cluster, and describe each near
// cluster (clusterDetails.ts).
import { availableParallelism } from 'node:os';
import { BroadcastChannel } from 'node:worker_threads';
import { CANDIDATE_MARGIN, CONTAINMENT_CANDIDATE_MARGIN, CONTAINMENT_THRESHOLD, MIN_DOCUMENT_WORDS } from '../../../shared/cluster/claimRules.ts';
import { containmentCandidatesInSteps, groupContained, similarPairsInSteps, starClusters } from '../../../shared/cluster/nearClusters.ts';
import type { SimilarPair } from '../../../shared/cluster/nearClusters.ts';
import { triagePairs } from '../../../shared/cluster/pairTriage.ts';
import type { Steps } from '../../../shared/fingerprint/steps.ts';
import type { Cluster, ScanError } from '../../../shared/report.ts';
import { chosenOtherThanDefault, ocrLanguageSet, ocrLanguageText } from '../../../shared/ocrLanguages.ts';
import type { OcrLanguage } from '../../../shared/ocrLanguages.ts';
import type { ChunkUnit, NearMethod } from '../../../shared/scanOptions.ts';
import { ExtractErrorCode } from '../extract/extractError.ts';
import { candidateFormat, isTiffName, readAsNamedNow } from '../extract/detectFormat.ts';
import { rejectedByHead } from '../extract/headCheck.ts';
import { createYielder, yieldTo } from '../scan/eventLoopTurns.ts';
import { createExtractPool } from '../extract/extractPool.ts';
import type { ExtractPool } from '../extract/extractPool.ts';
import { SCAN_PAGES_CHANNEL } from '../extract/extractProtocol.ts';
import type { ExtractResult, ScanPageMessage } from '../extract/extractProtocol.ts';
import { assembleClusters } from './assembleClusters.ts';
import type { TextNode } from './assembleClusters.ts';
import { createDetailReader, describeNearClusters } from './clusterDetails.ts';
import { fingerprintSettingsKey } from './documentFingerprint.ts';
import type { DocumentFingerprint } from './documentFingerprint.ts';
import { unitFile } from './documentUnits.ts';
import type { DocumentUnit } from './documentUnits.ts';
import type { CachedExtraction, ContentCache } from '../scan/contentCache.ts';
import { fingerprintStepUrl } from './fingerprintStep.ts';
import { createScanTexts } from './scanTexts.ts';
import type { ScanTexts } from './scanTexts.ts';
import { verifyContainment, verifyPairs } from './verifyClaims.ts';

export interface NearSettings {
  method: NearMethod;
  threshold: number;
  unit: ChunkUnit;
  /** Read scans with OCR (ocrEngine.ts). */
  ocr?: boolean;
  /** The languages OCR reads in (default English). */
  ocrLanguages?: readonly OcrLanguage[];
}

export interface NearProgress {
  bytesRead: number;
  bytesToRead: number;
  filesDone: number;
  filesToDo: number;
  currentPath?: string;
  /** The page OCR is reading of the scan at currentPath (undefined between scans). */
  scanPage?: { page: number; pages: number } | undefined;
}

export interface NearHooks {
  signal?: AbortSignal;
  /** Fingerprints and results from earlier scans: unchanged files are not read again. */
  cache?: ContentCache;
  onProgress?: (progress: NearProgress) => void;
  /** Files the hashing pass found to be no document, by path (hashPasses.ts): reported as the worker would, never sent to it. */
  notDocuments?: ReadonlyMap<string, { code: string; message: string }>;
  /**
   * True when no extraction thread runs yet: each file is then first checked here, by its first
   * bytes (headCheck.ts), until one is a document, so that a scan finding none starts no thread.
   */
  checkHeads?: boolean;
  /** Files the walk read the first bytes of and found to be no document (headCheck.ts), by path. */
  rejectedAtWalk?: ReadonlyMap<string, { code: string; message: string }>;
  /** Where the scans' OCR texts are kept for this scan's checks (scanTexts.ts); without it they are read again. */
  scanTexts?: ScanTexts;
}

export function defaultExtractThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

export function createFingerprintPool(settings: NearSettings): ExtractPool<DocumentFingerprint> {
  return createExtractPool<DocumentFingerprint>({ threads: defaultExtractThreads(), postProcess: fingerprintStepUrl(settings), ocr: settings.ocr ?? false, ocrLanguages: ocrLanguageSet(settings.ocrLanguages) });
}

export interface FingerprintedNode extends TextNode, DocumentFingerprint {}

/**
 * What a scan read with OCR is cached under: beside the same settings' reading without OCR, which
 * (no text) stays true for scans without OCR, and which a scan with OCR reads again. A reading in
 * other languages is another reading (German data reads "für" where English reads "fur"); English
 * alone keeps the key it had before languages could be chosen.
 */
export function ocrSettingsKey(settingsKey: string, languages?: readonly OcrLanguage[]): string {
  const set = chosenOtherThanDefault(languages);
  return set ? `${settingsKey}+ocr:${ocrLanguageText(set)}` : `${settingsKey}+ocr`;
}

/**
 * What a file's reading is cached under: a PDF's text depends on its reader too, and the PDFs read
 * before PDFium took over from pdf.js are read again rather than compared with new readings
 * (within a line the two can order a manual's parts differently).
 */
const readingKey = (path: string, settingsKey: string) => (candidateFormat(path) === 'pdf' ? `${settingsKey}/pdfium` : settingsKey);

/**
 * What a PDF read with OCR on is cached under when none of its pages needed OCR: a PDF read
 * without OCR may hold pages without a text layer (a scan, or scanned pages among pages of text),
 * so a scan with OCR reads it again unless its reading is cached under this key or ocrSettingsKey.
 */
const checkedForScansKey = (settingsKey: string) => `${settingsKey}+ocr-checked`;

/** Whether a cached reading without OCR may hold pages OCR would read: any PDF read. */
const mayHoldScans = (known: CachedExtraction) => known.ok && known.format === 'pdf';

/** The unit's extraction: from the cache when its file is unchanged, else read in the pool. */
async function extractUnit(
  unit: DocumentUnit,
  settingsKey: string,
  pool: ExtractPool<DocumentFingerprint>,
  hooks: NearHooks & { ocr?: boolean; ocrLanguages?: readonly OcrLanguage[] | undefined; heads: { checking: boolean } },
  read: () => void,
): Promise<CachedExtraction & { scanned?: true }> {
  // Keyed by the file whose name is read, so another name's extraction is not this one's.
  const file = unitFile(unit);
  const key = readingKey(file.path, settingsKey);
  const scanned = hooks.ocr ? hooks.cache?.extraction(file, ocrSettingsKey(key, hooks.ocrLanguages)) : undefined;
  if (scanned) return { ...scanned, scanned: true };
  const checked = hooks.ocr ? hooks.cache?.extraction(file, checkedForScansKey(key)) : undefined;
  if (checked) return checked;
  const known = hooks.cache?.extraction(file, key);
  // Cached before layout hashes were kept: read again, rather than take an edit for the same text.
  // Cached before the file's name had a reader (an .eml read as text): read again by that reader.
  if (known && (!known.ok || known.fingerprint.layoutHash !== undefined) && readAsNamedNow(file.path, known) && !(hooks.ocr && mayHoldScans(known))) return known;
  let rejected = hooks.notDocuments?.get(unit.path);
  if (rejected === undefined) {
    read();
    rejected = hooks.rejectedAtWalk?.get(unit.path);
    if (rejected === undefined && hooks.heads.checking) {
      rejected = rejectedByHead(unit.path);
      // A document: the threads start for it and read the rest; checking here too would read twice.
      if (rejected === undefined) hooks.heads.checking = false;
    }
  }
  const result: ExtractResult<DocumentFingerprint> = rejected ? { ok: false, ...rejected } : await pool.extract(unit.path, hooks.signal, unit.size);
  if (result.ok && result.scanText !== undefined) hooks.scanTexts?.keep(unit.path, result.scanText);
  const extraction: CachedExtraction = result.ok
    ? {
        ok: true,
        format: result.format,
        fingerprint: { words: result.words, textHash: result.textHash, layoutHash: result.layoutHash, sketch: result.sketch, sample: result.sample, shingleCount: result.shingleCount, simhash: result.simhash, lists: result.lists, chunks: result.chunks },
      }
    : { ok: false, code: result.code, message: result.message };
  // Time and memory limits depend on the machine's load, not only on the file: try again next scan.
  if (result.ok || (result.code !== ExtractErrorCode.timeout && result.code !== ExtractErrorCode.memory)) {
    hooks.cache?.saveExtraction(file, result.scanned ? ocrSettingsKey(key, hooks.ocrLanguages) : hooks.ocr && extraction.ok && extraction.format === 'pdf' ? checkedForScansKey(key) : key, extraction);
  }
  return result.scanned ? { ...extraction, scanned: true } : extraction;
}

/**
 * Documents handed to the pool at once: enough for every worker's next batches, few enough that a
 * scan of 200k documents holds a window of requests rather than 200k of them (heap, and a long
 * synchronous burst creating them while Ctrl-C waits).
 */
export const DOCUMENTS_IN_FLIGHT = 1024;

/**
 * Runs `work` on every item, at most `window` at a time, each next item starting as one finishes.
 * Gives the event loop a turn now and then (cache hits finish without one), and stops taking
 * items once the signal aborts; rejects with the first failure.
 */
export async function forEachInWindow<T>(items: readonly T[], window: number, work: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  const yieldSometimes = createYielder(signal);
  let next = 0;
  let failed = false;
  const runner = async () => {
    try {
      while (!failed && next < items.length) {
        await work(items[next++]!);
        await yieldSometimes();
      }
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  await Promise.all(Array.from({ length: Math.min(window, items.length) }, runner));
}

/** Runs steps to the end, letting the event loop turn between them now and then. */
async function inTurns<T>(steps: Steps<T>, signal?: AbortSignal): Promise<T> {
  const yieldSometimes = createYielder(signal);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await yieldSometimes();
  }
}

/** The order of a node's units and of the nodes (by their first unit): by the path read, so memo keys are stable between runs. */
export const byUnitPath = (a: { unit: DocumentUnit }, b: { unit: DocumentUnit }) => (a.unit.path < b.unit.path ? -1 : a.unit.path > b.unit.path ? 1 : 0);

export async function fingerprintUnits(units: readonly DocumentUnit[], settingsKey: string, pool: ExtractPool<DocumentFingerprint>, hooks: NearHooks, errors: ScanError[], ocr = false, ocrLanguages?: readonly OcrLanguage[]) {
  const nodes = new Map<string, FingerprintedNode>();
  const progress: NearProgress = { bytesRead: 0, bytesToRead: units.reduce((s, u) => s + u.size, 0), filesDone: 0, filesToDo: units.length };
  let filesRead = 0;
  const heads = { checking: hooks.checkHeads === true };
  // OCR takes seconds a page: the workers say which page they are on, and the progress shows it.
  const pages = ocr && hooks.onProgress ? followScanPages(new Set(units.map((unit) => unit.path)), (path, scanPage) => hooks.onProgress?.({ ...progress, currentPath: path, scanPage })) : undefined;
  try {
    await forEachInWindow(
      units,
      DOCUMENTS_IN_FLIGHT,
      async (unit) => {
        const result = await extractUnit(unit, settingsKey, pool, { ...hooks, ocr, ocrLanguages, heads }, () => filesRead++);
        progress.bytesRead += unit.size;
        progress.filesDone++;
        hooks.onProgress?.({ ...progress, currentPath: unit.path, ...(ocr ? { scanPage: undefined } : {}) });
        if (!result.ok) {
          // Files whose name looked like a document but whose content is not one are simply not documents.
          if (result.code !== ExtractErrorCode.notDocument) errors.push({ path: unit.path, code: result.code, message: result.message });
          return;
        }
        const { fingerprint, format, scanned } = result;
        // A TIFF without words is a picture, not a scan of a document: no more to say of it than of a photo.
        if (fingerprint.words === 0 && format === 'tiff') return;
        if (fingerprint.words === 0) {
          // Told, not left out in silence: its bytes may still match (exact duplicates), its text cannot.
          errors.push(format === 'pdf' && !ocr && !scanned ? scanNotRead(unit.path) : { path: unit.path, code: ExtractErrorCode.noText, message: 'Not compared with other documents: no text was found in it (a scanned image or a blank page?).' });
          return;
        }
        const held = { unit, format, ...(fingerprint.layoutHash !== undefined ? { layout: fingerprint.layoutHash } : {}), ...(scanned ? { scanned } : {}) };
        const key = nodeKey(fingerprint.textHash, held);
        const node = nodes.get(key);
        if (node) node.units.push(held);
        else nodes.set(key, { ...fingerprint, words: fingerprint.words, units: [held] });
      },
      hooks.signal,
    );
  } finally {
    pages?.close();
  }
  // Map and unit order follow completion; sorting by path makes the result, and the memo keys
  // built from each node's first unit, the same on every run.
  for (const node of nodes.values()) node.units.sort(byUnitPath);
  await yieldTo(hooks.signal);
  const sorted = [...nodes.values()].sort((a, b) => byUnitPath(a.units[0]!, b.units[0]!));
  return { nodes: sorted, filesRead };
}

export async function findNearDuplicates(
  units: readonly DocumentUnit[],
  settings: NearSettings,
  fingerprintPool: ExtractPool<DocumentFingerprint>,
  hooks: NearHooks = {},
): Promise<{ clusters: Cluster[]; errors: ScanError[]; filesRead: number; repeatable: boolean }> {
  const errors: ScanError[] = [];
  const settingsKey = fingerprintSettingsKey(settings);
  // Each scanned page is read by OCR once in a scan: its text is kept for the checks below.
  const scanHooks = settings.ocr ? { ...hooks, scanTexts: hooks.scanTexts ?? createScanTexts() } : hooks;
  const fingerprinted = await fingerprintUnits(units, settingsKey, fingerprintPool, scanHooks, errors, settings.ocr ?? false, settings.ocrLanguages);
  // The checks and descriptions read with the same workers, warm by now.
  const { clusters, errors: notCompared, filesRead, repeatable } = await clusterNodes(fingerprinted.nodes, settings, { ...scanHooks, pool: fingerprintPool });
  errors.push(...notCompared);
  // A limit reached under load is not cached (extractUnit): the next scan may read the file.
  const limited = errors.some((error) => error.code === ExtractErrorCode.timeout || error.code === ExtractErrorCode.memory);
  return { clusters, errors, filesRead: fingerprinted.filesRead + filesRead, repeatable: repeatable && !limited };
}

/**
 * The clusters of fingerprinted nodes, sorted by their first unit's path (fingerprintUnits);
 * a watcher keeps its nodes between analyses and starts here. `filesRead`: by the checks.
 * `errors`: the files a check or description could not read again (their claims are not shown).
 * `repeatable`: no read failed, so the same files give the same clusters (see analysisMemo.ts).
 */
export async function clusterNodes(
  nodes: readonly FingerprintedNode[],
  settings: NearSettings,
  /** `pool`: warm extraction workers to read with (the fingerprints' own); without, the checks start theirs. */
  hooks: NearHooks & { pool?: ExtractPool<object> } = {},
  /** The method's candidates when the caller keeps them (similarPairs' result for these nodes). */
  candidates?: readonly SimilarPair[],
): Promise<{ clusters: Cluster[]; errors: ScanError[]; filesRead: number; repeatable: boolean }> {
  const settingsKey = fingerprintSettingsKey(settings);
  const details = createDetailReader(settings.unit, { ...hooks, ocr: settings.ocr ?? false }, hooks.pool);
  // Indexing 200k documents takes seconds on a loaded machine: it runs in steps (inTurns), and a
  // pending Ctrl-C also gets its turn between the synchronous steps below.
  const turn = () => yieldTo(hooks.signal);
  try {
    // Tiny documents only match on identical canonical text: their units already share a node.
    const comparable = (n: number) => nodes[n]!.words >= MIN_DOCUMENT_WORDS;
    const { threshold, unit } = settings;
    const claims = candidates
      ? triagePairs(candidates, nodes, { threshold, unit })
      : (await inTurns(similarPairsInSteps(nodes, settings.method, threshold, CANDIDATE_MARGIN, comparable, unit), hooks.signal)).pairs;
    const pairs = await verifyPairs(claims, nodes, settings.threshold, settings.unit, details);
    const stars = starClusters(nodes.length, pairs);
    await turn();
    const inStar = new Uint8Array(nodes.length);
    for (const star of stars) [star.center, ...star.members.map((m) => m.node)].forEach((n) => (inStar[n] = 1));
    // A text held by several files stays a cluster of its own (near, or exact for byte copies), so
    // only a text in one file, in no near cluster, can be shown as contained.
    const single = (n: number) => nodes[n]!.units.length === 1 && nodes[n]!.units[0]!.unit.inodes.length === 1;
    const containment = await inTurns(containmentCandidatesInSteps(nodes, CONTAINMENT_THRESHOLD - CONTAINMENT_CANDIDATE_MARGIN, (n) => !inStar[n] && single(n) && comparable(n)), hooks.signal);
    const contained = groupContained(nodes, await verifyContainment(containment, nodes, CONTAINMENT_THRESHOLD, settings.threshold, settings.unit, details));
    const clusters = assembleClusters(nodes, stars, contained);
    await turn();
    // The claims are checked: end the set readers it started, which keep their last documents' memory, before texts are read.
    await details.close();
    await describeNearClusters(clusters, nodes, settingsKey, details);
    const errors = details.errors();
    return { clusters, errors, filesRead: details.filesRead(), repeatable: errors.length === 0 };
  } finally {
    await details.close();
  }
}

/** A PDF with no text layer or a TIFF image, left unread because the scan did not ask for OCR: counted apart, with the way to read it. */
export function scanNotRead(path: string): ScanError {
  const what = isTiffName(path) ? 'a TIFF image, which may be a scan' : 'a scan (a PDF of page pictures, no text)';
  return { path, code: ExtractErrorCode.scanNotRead, message: `Not compared with other documents: ${what}. Scan with OCR to read it: --ocr, or "Read scanned documents" in the app.` };
}

/**
 * The node a unit joins: the one of its text, but a scan is a node of its own: what OCR read is
 * never "the same text" as the document scanned, however well it read, so its figure is measured
 * (and, as another text's, below 100 %). The watcher keeps its nodes under the same keys.
 */
export function nodeKey(textHash: string, held: { unit: DocumentUnit; scanned?: true } | undefined): string {
  return held?.scanned ? `scan:${held.unit.path}` : textHash;
}

/** Listens for the pages OCR starts on (extractWorker.ts) of the scans among `paths`, until closed. */
function followScanPages(paths: ReadonlySet<string>, onPage: (path: string, page: { page: number; pages: number }) => void): BroadcastChannel {
  const channel = new BroadcastChannel(SCAN_PAGES_CHANNEL);
  channel.onmessage = (event) => {
    const { path, page, pages } = (event as { data: ScanPageMessage }).data;
    if (paths.has(path)) onPage(path, { page, pages });
  };
  return channel;
}
