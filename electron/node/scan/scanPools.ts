// The worker threads a scan reads with: the hashing pool, and the near step's modules and
// extraction threads, each started only when the scan needs it (scanService.ts). A watcher keeps
// them between analyses.
import type { ScanOptions } from '../../../shared/scanOptions.ts';
import type { ExtractPool } from '../extract/extractPool.ts';
import { chooseOcrLanguages } from '../extract/ocrLanguageChoice.ts';
import { createHashPool } from '../hash/hashPool.ts';
import type { HashPool } from '../hash/hashPool.ts';
import type { DocumentFingerprint } from '../near/documentFingerprint.ts';
import type * as FindNearDuplicates from '../near/findNearDuplicates.ts';
import type * as DocumentUnits from '../near/documentUnits.ts';

/** The worker threads a scan reads with; a watcher keeps them between analyses. */
export interface ScanPools {
  hash: HashPool;
  /** The near-duplicate step, loaded on first use; undefined without near. Its threads start
   * with the first document to read. */
  near?: () => Promise<NearStep>;
  /** Starts the fingerprinting threads now, for a scan sure to read documents (nothing is cached). */
  startNear?: () => void;
  destroy(): Promise<void>;
}

export interface NearStep {
  modules: NearModules;
  fingerprint: ExtractPool<DocumentFingerprint>;
}

export type NearModules = typeof FindNearDuplicates & typeof DocumentUnits;

// The near-duplicate modules are loaded only by a scan that looks for near duplicates: a
// `--no-near` scan (and start-up) does not pay for them.
async function loadNear(): Promise<NearModules> {
  const [find, units] = await Promise.all([import('../near/findNearDuplicates.ts'), import('../near/documentUnits.ts')]);
  return { ...find, ...units };
}

/**
 * Seconds of reading (estimated, see hashPool.ts's workSeconds) waiting before a scan starts its
 * hashing thread; less is read by the main thread alone once the walk is over. A thread costs
 * more than its start (~100 ms of CPU): its own copy of the compiled hashing code, the messages,
 * its heap. Measured on the bench's generated tree of 20,000 files (14,700 read, 580 MB, ~0.8 s
 * of reading by this estimate): 1.14 CPU-s and 102 MB without the thread, 1.39 CPU-s and 131 MB
 * with it; on 50,000 files (39,000 read, 1 GB, ~1.6 s): 2.5 and 127 against 2.8 CPU-s and 144 MB,
 * for ~1 s less wall time. So a thread only for work worth its cost: from a second of reading,
 * where the wall time it saves (the other core hashes while the walk goes on) is what a person
 * waiting notices more than a tenth more CPU.
 */
const HASH_THREADS_AFTER_SECONDS = 1;

export function createScanPools(options: ScanOptions): ScanPools {
  // Every pool made from here on that reads a scan again reads it in this scan's languages.
  chooseOcrLanguages(options.ocr ? options.ocrLanguages : undefined);
  const hash = createHashPool({ threadsAfterSeconds: HASH_THREADS_AFTER_SECONDS, callerAssists: true });
  let modules: Promise<NearModules> | undefined;
  let threads: ExtractPool<DocumentFingerprint> | undefined;
  let destroyed = false;
  const loadModules = () => (modules ??= loadNear());
  const startThreads = (loaded: NearModules) => {
    if (destroyed) throw new Error('The scan pools were destroyed.');
    return (threads ??= loaded.createFingerprintPool(options));
  };
  // An unchanged rescan finds every document's fingerprint in the index: its threads (~100 ms of
  // CPU and ~20 MB each) start only once a document has to be read.
  const fingerprint: ExtractPool<DocumentFingerprint> = {
    // Every argument passes on: the file's size counts against the threads' byte budget.
    extract: async (...request) => startThreads(await loadModules()).extract(...request),
    inFlight: () => threads?.inFlight() ?? { documents: 0, bytes: 0 },
    destroy: async () => threads?.destroy(),
  };
  // Loaded with the pools (a near scan needs them), while the disk is walked.
  if (options.near) void loadModules().catch(() => {});
  return {
    hash,
    ...(options.near
      ? {
          near: async () => ({ modules: await loadModules(), fingerprint }),
          startNear: () => void loadModules().then((loaded) => !destroyed && startThreads(loaded), () => {}),
        }
      : {}),
    async destroy() {
      destroyed = true;
      await Promise.all([hash.destroy(), threads?.destroy()]);
    },
  };
}
