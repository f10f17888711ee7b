// A file that cannot be turned into text, for a reason the scan reports against that file.

/** Shingle's extraction error codes, beside the system's errno codes (ENOENT, EACCES, …). */
export const ExtractErrorCode = {
  /** Not a document by name or content; callers skip it without reporting. */
  notDocument: 'ENOTDOC',
  /** Named like text or HTML, but binary inside. */
  binary: 'EBINARY',
  /** A document that cannot be parsed, or one that is not what its name says (a .pdf without a PDF signature). */
  corrupt: 'ECORRUPT',
  /** A document that needs a password to open (PDF, Word, OpenDocument), or a DRM-locked e-book. */
  encrypted: 'EENCRYPTED',
  /** Larger than the pool's maxFileBytes, or a package that would unpack past its limits (a zip bomb); not read. */
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
