// The `shingle scan --json` document (version 1). The CLI prints it, the desktop app reads it,
// `shingle apply` takes it back. Later fields are only ever added, never renamed.

export const REPORT_VERSION = 1;

export type ClusterKind = 'exact' | 'near' | 'contained';
export type DocumentFormat = 'text' | 'html' | 'pdf' | 'docx' | 'odt' | 'rtf' | 'epub';

export interface ReportFile {
  /** Absolute path. Bytes that are not valid UTF-8 appear as lone surrogates U+DC80–U+DCFF (see fsName.ts). */
  path: string;
  size: number;
  /** Modification time, milliseconds since the epoch. */
  mtime: number;
  /**
   * Inode change time (ms), as the scan saw it: set by the kernel on any write, so apply notices
   * content rewritten with its old size and mtime. Absent in reports from before it was added.
   */
  ctime?: number;
  /** The xxh3-128 of the whole content, where the scan read it all (exact clusters). */
  hash?: string;
  /** Other names of this same file (hard links). They share its bytes, so they are never reclaimable. */
  links?: string[];
  format?: DocumentFormat;
  words?: number;
  /**
   * Near and contained clusters: 'bytes' when an earlier file of the cluster has exactly these
   * bytes, 'text' when one has the same canonical text (e.g. the .html of a .txt).
   */
  identical?: 'bytes' | 'text';
  /** Near and contained clusters: resemblance to (or containment in) the file named by `matches`. */
  similarity?: number;
  /**
   * Near and contained clusters: the path of the member this file really matches — the first file
   * (the representative, or the container) for most, another member for a document whose partners
   * all joined this cluster around another representative. Added in report version 1.
   */
  matches?: string;
}

export interface Cluster {
  id: string;
  kind: ClusterKind;
  /** 1 for exact clusters; see the README for near and contained clusters. */
  similarity: number;
  /** Bytes freed by keeping one file of the cluster and removing the others. */
  reclaimable: number;
  files: ReportFile[];
  description?: string;
}

/**
 * Two folders whose files are mostly copies of each other's (byte-identical or the same text).
 * Listed in the report's own `folders` array, beside the clusters, so that readers of `clusters`
 * (which expect files) are not surprised.
 */
export interface FolderMatch {
  id: string;
  kind: 'folder';
  /** The fuller folder first; removing the second's matched files frees `matchedBytes`. */
  folders: [string, string];
  /** The smaller of the shares of bytes and of files (of both folders) that have a copy in the other. */
  similarity: number;
  /** Bytes of the second folder's files that have a copy in the first. */
  matchedBytes: number;
  matchedFiles: number;
  /** Files under the first folder with no copy in the second, and the other way round. */
  onlyInA: string[];
  onlyInB: string[];
}

export interface ScanError {
  path: string;
  /** An errno code (EACCES, ENOENT, ELOOP, …) or one of Shingle's own codes in ScanErrorCode. */
  code: string;
  message: string;
}

/** Shingle's own error codes, beside the system's errno codes. */
export const ScanErrorCode = {
  /** Size or mtime changed while the file was being read: its hash cannot be trusted. */
  changed: 'ECHANGED',
  /** A symlink leads back into a folder already on the walk. */
  symlinkLoop: 'ELOOP',
} as const;

export interface ScanStats {
  /** Distinct files considered (hard links counted once). */
  files: number;
  /** Their total size. */
  bytes: number;
  ms: number;
  /** Bytes read to hash them. */
  bytesHashed?: number;
  /** Files whose content was read (hashed or extracted); files known to the index are not. */
  filesRead?: number;
  /** FIFOs, sockets and devices passed over without opening them. */
  special?: number;
}

export interface HardLinkSet {
  size: number;
  paths: string[];
}

export interface ScanReport {
  version: typeof REPORT_VERSION;
  roots: string[];
  stats: ScanStats;
  clusters: Cluster[];
  /** Files with more than one name among the scanned paths. Reported, never reclaimable. */
  hardlinks?: HardLinkSet[];
  /** Duplicate folders, most matched bytes first; left out when not computed (`--no-folders`). */
  folders?: FolderMatch[];
  errors: ScanError[];
}
