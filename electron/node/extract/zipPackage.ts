// The parts of a zip package (.docx, .odt, .epub) that a reader asks for, unpacked with fflate
// within bounds. A zip's directory states each entry's sizes, and fflate inflates an entry into a
// buffer of exactly the stated size, never more: so checking the stated sizes before unpacking
// bounds the memory a hostile package can make us use, whatever its data really expands to.
import { unzipSync } from 'fflate';
import { ExtractError, ExtractErrorCode } from './extractError.ts';
import { COMPOUND_FILE_SIGNATURE, notA, notZipPackage, startsWith } from './packageSignatures.ts';

export interface ZipLimits {
  /** Entries in the directory; a document has tens, an e-book a few thousand. */
  maxEntries: number;
  /** Stated expanded size of all the parts read together. */
  maxExpandedBytes: number;
  /** Expanded-to-compressed ratio refused for parts over `ratioCheckedFrom` bytes. */
  maxRatio: number;
  ratioCheckedFrom: number;
}

// XML compresses about 10:1 and a very repetitive part perhaps 50:1; deflate's own ceiling is
// about 1032:1, which only a bomb comes near. 96 MiB of XML is far beyond any real document and
// leaves the parser room under the worker's heap limit.
export const ZIP_LIMITS: ZipLimits = { maxEntries: 20_000, maxExpandedBytes: 96 * 2 ** 20, maxRatio: 200, ratioCheckedFrom: 2 ** 20 };

const ENCRYPTED_PACKAGE_STREAM = Buffer.from('EncryptedPackage', 'utf16le');

/**
 * The entries of `bytes` whose names `wanted` accepts, by name. Throws ExtractError: ECORRUPT for
 * a file that is not a readable zip, EENCRYPTED for a password-protected Office file, ETOOBIG for
 * a package over the limits.
 */
export function readZipParts(bytes: Uint8Array, kind: string, wanted: (name: string) => boolean, limits: ZipLimits = ZIP_LIMITS): Map<string, Uint8Array> {
  if (startsWith(bytes, COMPOUND_FILE_SIGNATURE)) {
    if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).includes(ENCRYPTED_PACKAGE_STREAM)) {
      throw new ExtractError(ExtractErrorCode.encrypted, `Encrypted ${kind}: a password is needed to open it`);
    }
    throw new ExtractError(ExtractErrorCode.corrupt, `${notA(kind)}: an old binary (OLE) document under a new name`);
  }
  const notZip = notZipPackage(bytes, kind);
  if (notZip !== null) throw new ExtractError(ExtractErrorCode.corrupt, notZip);
  let entries = 0;
  let expanded = 0;
  let parts: Record<string, Uint8Array>;
  try {
    parts = unzipSync(bytes, {
      filter(entry) {
        // Thrown from here, before the (possibly billions of) further directory records are walked.
        if (++entries > limits.maxEntries) throw tooBig(`more than ${limits.maxEntries} entries`);
        if (!wanted(entry.name)) return false;
        expanded += entry.originalSize;
        if (expanded > limits.maxExpandedBytes) throw tooBig(`expands past the ${limits.maxExpandedBytes / 2 ** 20} MiB unpacking limit`);
        if (entry.originalSize > limits.ratioCheckedFrom && entry.originalSize > entry.size * limits.maxRatio) {
          throw tooBig(`${entry.name} is compressed more than ${limits.maxRatio}:1`);
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ExtractError) throw error;
    // fflate's errors: a damaged directory, an unknown compression method, bad deflate data.
    const message = error instanceof Error ? error.message : String(error);
    throw new ExtractError(ExtractErrorCode.corrupt, `Unreadable ${kind}: ${message}`, { cause: error });
  }
  return new Map(Object.entries(parts));
}

function tooBig(reason: string): ExtractError {
  return new ExtractError(ExtractErrorCode.tooBig, `Refused as a zip bomb: ${reason}`);
}

/** A part that the package cannot do without. */
export function requiredPart(parts: ReadonlyMap<string, Uint8Array>, name: string, kind: string): Uint8Array {
  const part = parts.get(name);
  if (!part) throw new ExtractError(ExtractErrorCode.corrupt, `Unreadable ${kind}: ${name} is missing`);
  return part;
}
