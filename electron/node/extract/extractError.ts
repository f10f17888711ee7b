// A file that cannot be turned into text, for a reason the scan reports against that file.

/** Shingle's extraction error codes, beside the system's errno codes (ENOENT, EACCES, …). */
export const ExtractErrorCode = {
  /** Not a document by name or content; callers skip it without reporting. */
  notDocument: 'ENOTDOC',
  /** Named like text or HTML, but binary inside. */
  binary: 'EBINARY',
  /** A PDF that cannot be parsed, or a .pdf file that is not a PDF. */
  corrupt: 'ECORRUPT',
  /** A PDF that needs a password to open. */
  encrypted: 'EENCRYPTED',
  /** Larger than the pool's maxFileBytes; not read. */
  tooBig: 'ETOOBIG',
  /** Extraction ran past the pool's time limit. */
  timeout: 'ETIMEOUT',
  /** Extraction ran past the pool's memory limit. */
  memory: 'EMEMORY',
  /** Anything else that went wrong while extracting (a bug, a crashed worker). */
  failed: 'EEXTRACT',
} as const;

export class ExtractError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ExtractError';
    this.code = code;
  }
}
