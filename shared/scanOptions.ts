// What a scan is asked to do: the same options from the CLI, the desktop app and tests.

export type NearMethod = 'minhash' | 'lists' | 'simhash';
export type ChunkUnit = 'words' | 'sentences' | 'paragraphs';

export interface ScanOptions {
  roots: string[];
  /** Glob patterns matched against the path relative to its root and against the base name. */
  excludes: string[];
  hidden: boolean;
  followSymlinks: boolean;
  /** Files smaller than this are ignored (empty files are never duplicates). */
  minSize: number;
  near: boolean;
  method: NearMethod;
  threshold: number;
  unit: ChunkUnit;
  /** Look for duplicate folders after clustering (default true). */
  folders?: boolean;
  /** Least similarity of a reported folder pair (default DEFAULT_FOLDER_THRESHOLD). */
  folderThreshold?: number;
  /** Only clusters whose files lie in at least two of the roots (shared/acrossFolders.ts). */
  across?: boolean;
}

export const DEFAULT_FOLDER_THRESHOLD = 0.8;

export const defaultScanOptions: Omit<ScanOptions, 'roots'> = {
  excludes: [],
  hidden: false,
  followSymlinks: false,
  minSize: 1,
  near: true,
  method: 'minhash',
  threshold: 0.5,
  unit: 'words',
};

export type ScanPhase = 'walk' | 'hash' | 'extract' | 'cluster' | 'done';

export interface ScanProgress {
  phase: ScanPhase;
  filesSeen: number;
  /** Total size of the files seen so far. */
  bytesSeen: number;
  /** Bytes the current phase will read in all, once the walk has finished (0 before). */
  bytesToRead: number;
  bytesRead: number;
  filesDone: number;
  filesToDo: number;
  currentPath?: string;
  elapsedMs: number;
  /** Time since the current phase began: rates and ETAs are per phase. */
  phaseElapsedMs: number;
}
