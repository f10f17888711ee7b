// Engine-internal shapes passed between the walk, the hashing stage and the scan service.
import type { ScanError } from '../../../shared/report.ts';

export interface WalkedFile {
  /** Absolute path; escaped bytes as in shared/fsName.ts. Unique within one walk. */
  path: string;
  size: number;
  mtimeMs: number;
  /** Inode change time: set by the kernel on any change, so it catches content rewritten with an old mtime. */
  ctimeMs: number;
  /** `${dev}:${ino}`, exact even where the inode number exceeds 2^53. Equal ids = hard links. */
  fileId: string;
  nlink: number;
}

export interface WalkOptions {
  /** User globs (picomatch) matched against the path relative to its root and against the base name. */
  excludes: string[];
  hidden: boolean;
  followSymlinks: boolean;
  minSize: number;
  signal?: AbortSignal;
}

export interface WalkSink {
  file(file: WalkedFile): void;
  error(error: ScanError): void;
  /** A FIFO, socket or device, passed over without being opened. */
  special(path: string): void;
  /** Called as each folder is entered, for progress. */
  folder?(path: string): void;
  /** A symbolic link the walk followed (followSymlinks), by its own path: what it leads to is listed by real path. */
  link?(path: string): void;
}
