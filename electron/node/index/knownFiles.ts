// What is known of each file, by path, in memory: the model behind both the SQLite index and the
// in-memory cache. Every lookup during a scan is a Map lookup checked against the file's identity.
import type { CachedExtraction, ContentCache, ContentHashes } from '../scan/contentCache.ts';
import type { WalkedFile } from '../scan/types.ts';
import { nameReading } from '../extract/detectFormat.ts';
import { WHOLE_FILE_SAMPLE_LIMIT } from '../hash/hashPool.ts';
import { isUnderAny } from './scanRoots.ts';

/** The identity an entry was computed from: while the file still has it, the entry holds. */
export interface FileIdentity {
  fileId: string;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

/** One per file under a scan's roots, so kept small: hashes inline, no Map until there is an extraction. */
export interface KnownFile extends FileIdentity {
  sampleHash: string | null;
  fullHash: string | null;
  /** By settings key. */
  extractions?: Map<string, CachedExtraction>;
}

/** A file found under a new path with the entry of a path that is gone from the walk. */
export interface Move {
  from: string;
  file: WalkedFile;
  /** False when the new name reads the file otherwise (another format): its extractions are dropped. */
  keepsExtractions: boolean;
}

/** A walked file that may be a known file renamed: the entry is its only once its content proves it. */
interface MoveCandidate {
  from: string;
  /** The digest of the whole content the entry was computed from. */
  proof: string;
}

/** A ContentCache that is told each scan's walk, so it can follow moved files and drop deleted ones. */
export interface ScanCache extends ContentCache {
  /** After the walk, before any lookup: `files` is the whole walk of `roots`. */
  beginScan(roots: readonly string[], files: readonly WalkedFile[]): readonly WalkedFile[];
  /** After a complete scan: what was known of files under its roots that the walk did not find is dropped. */
  finishScan(): void;
}

/** The paths a walk found (a Set of them, or a Map by them). */
export interface WalkedPaths {
  has(path: string): boolean;
}

function sameIdentity(known: FileIdentity, file: FileIdentity): boolean {
  return known.fileId === file.fileId && known.size === file.size && known.mtimeMs === file.mtimeMs && known.ctimeMs === file.ctimeMs;
}

export class KnownFiles {
  readonly byPath = new Map<string, KnownFile>();
  /** By the walked path: see followMoves. */
  private candidates = new Map<string, MoveCandidate>();
  /** Asked for a path the map does not hold; may return what storage knows of it. */
  private readonly lookUpMissing: (path: string) => KnownFile | undefined;
  /**
   * Adds storage's extractions to the entries, before the first use of any: storage may load
   * entries without them, as most scans ask for none (see indexRows.ts). Called at most once.
   */
  private loadExtractions: (() => void) | undefined;

  constructor(lookUpMissing: (path: string) => KnownFile | undefined = () => undefined, loadExtractions?: () => void) {
    this.lookUpMissing = lookUpMissing;
    this.loadExtractions = loadExtractions;
  }

  private withExtractions(): void {
    const load = this.loadExtractions;
    this.loadExtractions = undefined;
    load?.();
  }

  /** The entry for the file at its path, if it was computed from the file's present identity. */
  private current(file: WalkedFile): KnownFile | undefined {
    let known = this.byPath.get(file.path);
    if (known === undefined) {
      known = this.lookUpMissing(file.path);
      if (known !== undefined) this.byPath.set(file.path, known);
    }
    return known !== undefined && sameIdentity(known, file) ? known : undefined;
  }

  /** The file's entry, replaced by an empty one if it was computed from another identity. */
  private currentOrNew(file: WalkedFile): KnownFile {
    const known = this.current(file);
    if (known !== undefined) return known;
    const fresh: KnownFile = { fileId: file.fileId, size: file.size, mtimeMs: file.mtimeMs, ctimeMs: file.ctimeMs, sampleHash: null, fullHash: null };
    this.byPath.set(file.path, fresh);
    return fresh;
  }

  hashes(file: WalkedFile): ContentHashes | undefined {
    const known = this.current(file);
    if (known === undefined || (known.sampleHash === null && known.fullHash === null)) return undefined;
    const hashes: ContentHashes = {};
    if (known.sampleHash !== null) hashes.sample = known.sampleHash;
    if (known.fullHash !== null) hashes.full = known.fullHash;
    return hashes;
  }

  /** Whether the entry held for the file's path was computed from another identity (the file changed). */
  heldForAnotherIdentity(file: WalkedFile): boolean {
    return this.current(file) === undefined && this.byPath.has(file.path);
  }

  /** Returns the move it proved, if the file was a move candidate and `hashes` show its content unchanged. */
  saveHashes(file: WalkedFile, hashes: ContentHashes): Move | undefined {
    const move = this.settleCandidate(file, hashes);
    const known = this.currentOrNew(file);
    known.sampleHash = hashes.sample ?? known.sampleHash;
    known.fullHash = hashes.full ?? known.fullHash;
    return move;
  }

  private settleCandidate(file: WalkedFile, hashes: ContentHashes): Move | undefined {
    const candidate = this.candidates.get(file.path);
    if (candidate === undefined) return undefined;
    const whole = wholeContentHash(file.size, hashes.sample ?? null, hashes.full ?? null);
    if (whole === null) return undefined;
    this.candidates.delete(file.path);
    if (whole !== candidate.proof) return undefined;
    const known = this.byPath.get(candidate.from)!;
    this.byPath.delete(candidate.from);
    known.ctimeMs = file.ctimeMs;
    const keepsExtractions = readAlike(candidate.from, file.path);
    if (!keepsExtractions) delete known.extractions;
    this.byPath.set(file.path, known);
    return { from: candidate.from, file, keepsExtractions };
  }

  extraction(file: WalkedFile, settings: string): CachedExtraction | undefined {
    this.withExtractions();
    return this.current(file)?.extractions?.get(settings);
  }

  saveExtraction(file: WalkedFile, settings: string, extraction: CachedExtraction): void {
    this.withExtractions();
    (this.currentOrNew(file).extractions ??= new Map()).set(settings, extraction);
  }

  /**
   * Finds the walked files without a current entry that may be a path under `roots` the walk no
   * longer has, renamed or moved: same fileId, size and mtime. A rename changes the ctime, and so
   * does content rewritten with its old size and mtime put back, so the ctime cannot tell the two
   * apart: the entry becomes the file's only when saveHashes brings a hash of its whole content
   * equal to the entry's. Returns the files to hash for that (an entry with no whole-content hash
   * cannot be proven and is let go, as is one whose proof would cost more reading than it saves).
   */
  followMoves(roots: readonly string[], files: readonly WalkedFile[], walked: WalkedPaths): WalkedFile[] {
    this.candidates = new Map();
    const goneById = new Map<string, string[]>();
    for (const [path, known] of this.byPath) {
      if (walked.has(path) || !isUnderAny(path, roots) || wholeContentHash(known.size, known.sampleHash, known.fullHash) === null) continue;
      const paths = goneById.get(known.fileId);
      if (paths === undefined) goneById.set(known.fileId, [path]);
      else paths.push(path);
    }
    if (goneById.size === 0) return [];
    // Whether a gone entry has an extraction decides below whether proving its move is worth it.
    this.withExtractions();
    // Proving reads the whole file: worth it only where the scan would read it anyway, for an
    // extraction the entry spares, or for hashing against another file of its size.
    const sizes = new Map<number, number>();
    for (const file of files) sizes.set(file.size, (sizes.get(file.size) ?? 0) + 1);
    const toProve: WalkedFile[] = [];
    for (const file of files) {
      const gone = goneById.get(file.fileId);
      if (gone === undefined || this.current(file) !== undefined) continue;
      const at = gone.findIndex((path) => {
        const known = this.byPath.get(path)!;
        const spares = (known.extractions !== undefined && readAlike(path, file.path)) || sizes.get(file.size)! > 1;
        return known.size === file.size && known.mtimeMs === file.mtimeMs && spares;
      });
      if (at < 0) continue;
      const [from] = gone.splice(at, 1) as [string];
      const known = this.byPath.get(from)!;
      this.candidates.set(file.path, { from, proof: wholeContentHash(known.size, known.sampleHash, known.fullHash)! });
      toProve.push(file);
    }
    return toProve;
  }

  /** Drops the entries under `roots` whose paths the walk did not find; returns their paths. */
  dropUnseen(roots: readonly string[], walked: WalkedPaths): string[] {
    this.candidates = new Map();
    const dropped: string[] = [];
    for (const path of this.byPath.keys()) {
      if (walked.has(path) || !isUnderAny(path, roots)) continue;
      this.byPath.delete(path);
      dropped.push(path);
    }
    return dropped;
  }
}

/** Whether the file's extractions hold under both names: the format follows the name (detectFormat). */
function readAlike(from: string, to: string): boolean {
  return nameReading(from) === nameReading(to);
}

/** The digest of a file's whole content, if known: the full hash, or the sample of a file small enough to be hashed whole. */
function wholeContentHash(size: number, sampleHash: string | null, fullHash: string | null): string | null {
  return fullHash ?? (size <= WHOLE_FILE_SAMPLE_LIMIT ? sampleHash : null);
}
