// What is known of each file, by path, in memory: the model behind both the SQLite index and the
// in-memory cache. Every lookup during a scan is a Map lookup checked against the file's identity.
import type { CachedExtraction, ContentCache, ContentHashes } from '../scan/contentCache.ts';
import type { WalkedFile } from '../scan/types.ts';
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
}

/** A ContentCache that is told each scan's walk, so it can follow moved files and drop deleted ones. */
export interface ScanCache extends ContentCache {
  /** After the walk, before any lookup: `files` is the whole walk of `roots`. */
  beginScan(roots: readonly string[], files: readonly WalkedFile[]): void;
  /** After a complete scan: what was known of files under its roots that the walk did not find is dropped. */
  finishScan(): void;
}

function sameIdentity(known: FileIdentity, file: FileIdentity): boolean {
  return known.fileId === file.fileId && known.size === file.size && known.mtimeMs === file.mtimeMs && known.ctimeMs === file.ctimeMs;
}

export class KnownFiles {
  readonly byPath = new Map<string, KnownFile>();
  /** Asked for a path the map does not hold; may return what storage knows of it. */
  private readonly lookUpMissing: (path: string) => KnownFile | undefined;

  constructor(lookUpMissing: (path: string) => KnownFile | undefined = () => undefined) {
    this.lookUpMissing = lookUpMissing;
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

  saveHashes(file: WalkedFile, hashes: ContentHashes): void {
    const known = this.currentOrNew(file);
    known.sampleHash = hashes.sample ?? known.sampleHash;
    known.fullHash = hashes.full ?? known.fullHash;
  }

  extraction(file: WalkedFile, settings: string): CachedExtraction | undefined {
    return this.current(file)?.extractions?.get(settings);
  }

  saveExtraction(file: WalkedFile, settings: string, extraction: CachedExtraction): void {
    (this.currentOrNew(file).extractions ??= new Map()).set(settings, extraction);
  }

  /**
   * Gives each walked file without a current entry the entry of a path under `roots` that the walk
   * no longer has, with the same fileId, size and mtime: the file was renamed or moved, which
   * changes only its ctime. The entry takes the file's new ctime under its new path.
   */
  followMoves(roots: readonly string[], files: readonly WalkedFile[], walked: ReadonlySet<string>): Move[] {
    const goneById = new Map<string, string[]>();
    for (const path of this.byPath.keys()) {
      if (walked.has(path) || !isUnderAny(path, roots)) continue;
      const id = this.byPath.get(path)!.fileId;
      const paths = goneById.get(id);
      if (paths === undefined) goneById.set(id, [path]);
      else paths.push(path);
    }
    if (goneById.size === 0) return [];
    const moves: Move[] = [];
    for (const file of files) {
      const gone = goneById.get(file.fileId);
      if (gone === undefined || this.current(file) !== undefined) continue;
      const at = gone.findIndex((path) => {
        const known = this.byPath.get(path)!;
        return known.size === file.size && known.mtimeMs === file.mtimeMs;
      });
      if (at < 0) continue;
      const [from] = gone.splice(at, 1) as [string];
      const known = this.byPath.get(from)!;
      this.byPath.delete(from);
      known.ctimeMs = file.ctimeMs;
      this.byPath.set(file.path, known);
      moves.push({ from, file });
    }
    return moves;
  }

  /** Drops the entries under `roots` whose paths the walk did not find; returns their paths. */
  dropUnseen(roots: readonly string[], walked: ReadonlySet<string>): string[] {
    const dropped: string[] = [];
    for (const path of this.byPath.keys()) {
      if (walked.has(path) || !isUnderAny(path, roots)) continue;
      this.byPath.delete(path);
      dropped.push(path);
    }
    return dropped;
  }
}
