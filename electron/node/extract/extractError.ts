// A file that cannot be turned into text, for a reason the scan reports against that file.

/** Shingle's error codes (declared in shared/, with the scan's own) under the name extraction code uses. */
export { ShingleErrorCode as ExtractErrorCode } from '../../../shared/contract/vocabulary.ts';

export class ExtractError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ExtractError';
    this.code = code;
  }
}
