// What earlier scans learnt of file contents, so a rescan reads nothing unchanged. The engine's
// stages ask it before reading a file; the SQLite index (electron/node/index) and a plain
// in-memory map (watching without an index, tests) implement it.
import type { DocumentFormat } from '../../../shared/report.ts';
import type { DocumentFingerprint } from '../near/documentFingerprint.ts';
import type { WalkedFile } from './types.ts';

/** Hex digests of a file's content; either may be missing (only files that needed it were hashed). */
export interface ContentHashes {
  sample?: string;
  full?: string;
}

export type CachedExtraction =
  | { ok: true; format: DocumentFormat; fingerprint: DocumentFingerprint }
  | { ok: false; code: string; message: string };

/**
 * Entries are valid while the file's identity is unchanged: same path, fileId (device and inode),
 * size, mtime and ctime. A file found under a new path with the same fileId, size and mtime may
 * have been renamed or moved; it keeps what was known of it only once a hash of its whole content
 * (saved with saveHashes) equals the one the entry was computed from, since content rewritten with
 * its old size and mtime put back, then renamed, looks the same to stat.
 */
export interface ContentCache {
  /**
   * Optional, before the walk: loads what is known under `roots` for the scan to come. True when
   * nothing is: no walked file can then be a known one moved, so lookups and saves may begin
   * during the walk (hashing overlaps it, as without a cache). beginScan still follows the walk.
   */
  beginWalk?(roots: readonly string[]): boolean;
  /**
   * After the walk, before any lookup: `files` is the whole walk of `roots` (it tells moves from
   * copies). Returns the files that may be moved: hash their whole content to keep their entries.
   */
  beginScan(roots: readonly string[], files: readonly WalkedFile[]): readonly WalkedFile[];
  /** After a complete scan: what was known of files under its roots that the walk did not find is dropped. */
  finishScan(): void;
  /**
   * Optional: drops what is known of these paths, deleted since (a watcher's). A later rescan that
   * takes the kept analysis (analysisMemo.ts) never walks past them to drop them itself.
   */
  forget?(paths: readonly string[]): void;
  hashes(file: WalkedFile): ContentHashes | undefined;
  /**
   * Merges with what is known of the same identity; a changed identity starts afresh. After a
   * beginWalk that found nothing, saves may be stored for the next scan without being answered
   * in this one: a scan hashes each file once per pass and never asks for a hash it saved.
   */
  saveHashes(file: WalkedFile, hashes: ContentHashes): void;
  /** `settings` names what the fingerprint depends on (unit, method): another setting is a miss. */
  extraction(file: WalkedFile, settings: string): CachedExtraction | undefined;
  saveExtraction(file: WalkedFile, settings: string, extraction: CachedExtraction): void;
  /**
   * Results computed from several files (an exact Jaccard, a cluster description), under a key
   * built from those files' identities (fileIdentity), so any change to one of them is a miss.
   */
  memo(key: string): string | undefined;
  saveMemo(key: string, value: string): void;
  /**
   * Optional: stores the saves made so far now rather than later, for a caller that has time to
   * spare now (waiting for hashing threads); it may wait for more. Never throws; a failure is
   * told as saves' are.
   */
  storeSaves?(): void;
  /**
   * True for a cache kept between processes (the index): a scan then keeps its analysis in the
   * memos, for an unchanged rescan to take (analysisMemo.ts). A cache that lives for one scan
   * would only pay for it.
   */
  readonly keepsAnalyses?: boolean;
  /**
   * Whether what is read of the file now may be kept (settledAt, from the start of this pass):
   * saves of other files are ignored, and a memo computed from one must not be saved.
   */
  settled(file: WalkedFile): boolean;
}

/**
 * How much older than the pass that reads it a file's mtime must be for what is read to be kept.
 * File systems keep mtime to a tick (FAT 2 s; ext3, HFS+ and some network shares 1 s): a file
 * read in the tick it was written can be written again in that tick with the same size and look
 * unchanged to the next scan, which would take the old hash for the new content (git calls such
 * entries racily clean). Such a file is read again by the next pass instead. Not covered: a
 * server whose clock is more than this behind, and two writes that each put back the old mtime
 * (cp -p, rsync -t) within one tick of a coarse ctime: the identity's ctime tells one such write.
 */
export const RACY_WINDOW_MS = 2000;

/** Whether what a pass that began at `passStartMs` reads of `file` may be kept. */
export function settledAt(file: WalkedFile, passStartMs: number): boolean {
  return file.mtimeMs < passStartMs - RACY_WINDOW_MS;
}

/** A file's identity as one string: equal strings mean the content is as it was. */
export function fileIdentity(file: WalkedFile): string {
  return `${file.fileId}:${file.size}:${file.mtimeMs}:${file.ctimeMs}`;
}
