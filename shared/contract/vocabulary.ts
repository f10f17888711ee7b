// The words of the contract: every closed set of values (kinds, formats, methods, units, actions,
// error codes) declared once, as plain constants. The zod schemas (schemas.ts), the CLI's argument
// parsing and the preload all read them from here; this module imports nothing, so hosts that must
// not bundle zod (the sandboxed preload) can use it too. To add a value, add it here only.

export const clusterKinds = ['exact', 'near', 'contained'] as const;
export type ClusterKind = (typeof clusterKinds)[number];

/** The kinds of removal a clean-up makes only when asked: edited versions and excerpts. */
export const includeKinds = ['near', 'contained'] as const satisfies readonly ClusterKind[];
export type IncludeKind = (typeof includeKinds)[number];

export const documentFormats = ['text', 'html', 'pdf', 'docx', 'odt', 'rtf', 'epub', 'doc', 'pptx', 'odp', 'xlsx', 'ods', 'eml', 'tiff'] as const;
export type DocumentFormat = (typeof documentFormats)[number];

/**
 * Why a member of a near or contained cluster is identical to an earlier one. 'words': the same
 * canonical words as an earlier member, in the same format with other punctuation, case or digit
 * grouping (1.50 and 1,50): an edit, not a copy.
 */
export const identicalKinds = ['bytes', 'text', 'words'] as const;

export const nearMethods = ['minhash', 'lists', 'simhash'] as const;
export type NearMethod = (typeof nearMethods)[number];

export const chunkUnits = ['words', 'sentences', 'paragraphs'] as const;
export type ChunkUnit = (typeof chunkUnits)[number];

export const scanPhases = ['walk', 'hash', 'extract', 'cluster', 'done'] as const;
export type ScanPhase = (typeof scanPhases)[number];

export const clusterSorts = ['reclaimable', 'similarity', 'files', 'path', 'folder', 'date'] as const;

export const marks = ['keep', 'delete'] as const;

/** Where a folder the host produced goes: the folders to scan, or those never acted on. */
export const folderPurposes = ['roots', 'referenceRoots'] as const;
export type FolderPurpose = (typeof folderPurposes)[number];

/** Every action the engine can take on a file (the CLI offers all of them). */
export const actionKinds = ['trash', 'delete', 'hardlink', 'move'] as const;
export type ActionKind = (typeof actionKinds)[number];

/** The actions the desktop app offers. */
export const appActionKinds = ['trash', 'delete', 'hardlink', 'move'] as const satisfies readonly ActionKind[];

export const batchStepStates = ['pending', 'started', 'done', 'refused', 'failed', 'undone'] as const;

export const undoStates = ['restored', 'nothing-to-do', 'refused'] as const;

/** How the list's path search reads its text: a substring, a wildcard pattern (* ? **) or a /regular expression/. */
export const searchModes = ['text', 'wildcard', 'regex'] as const;
export type SearchMode = (typeof searchModes)[number];

/**
 * Shingle's own error codes, beside the system's errno codes (EACCES, ENOENT, …). A report's
 * `errors[].code` is one of these or an errno code.
 */
export const ShingleErrorCode = {
  /** Size or mtime changed while the file was being read: its hash cannot be trusted. */
  changed: 'ECHANGED',
  /** A symlink leads back into a folder already on the walk. */
  symlinkLoop: 'ELOOP',
  /** Not a document by name or content; callers skip it without reporting. */
  notDocument: 'ENOTDOC',
  /** Named like text or HTML, but binary inside. */
  binary: 'EBINARY',
  /** A document that cannot be parsed (or is not what its name says), or XML that declares entities. */
  corrupt: 'ECORRUPT',
  /** A PDF, Word or OpenDocument file that needs a password, or a DRM-locked EPUB. */
  encrypted: 'EENCRYPTED',
  /** Larger than the extraction pool's maxFileBytes, or a zip package over its unpacking limits; not read. */
  tooBig: 'ETOOBIG',
  /** Extraction ran past the pool's time limit. */
  timeout: 'ETIMEOUT',
  /** Extraction ran past the pool's memory limit. */
  memory: 'EMEMORY',
  /** Anything else that went wrong while extracting (a bug, a crashed worker). */
  failed: 'EEXTRACT',
  /** A document with no words in it (a scanned image, a blank page): not compared with others. */
  noText: 'ENOTEXT',
  /** A scanned document (a PDF without a text layer) left unread: the scan was not asked to read scans with OCR. */
  scanNotRead: 'ESCAN',
} as const;
export type ShingleErrorCode = (typeof ShingleErrorCode)[keyof typeof ShingleErrorCode];

/** Whether `value` is one of `allowed`: narrows a string read from outside (arguments, files). */
export function isOneOf<T extends string>(allowed: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value);
}

/** The engine's refusal of a permanent deletion the person declined in the host's dialog: the app says it in its own words. */
export const DELETE_NOT_CONFIRMED = 'permanent deletion was not confirmed: nothing deleted';
