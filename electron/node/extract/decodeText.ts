// Bytes to text. A byte-order mark decides; failing that UTF-16 is recognised by its NUL
// pattern, then UTF-8 is tried, and text that is not UTF-8 is read as Windows-1252: the
// superset of Latin-1 that old Windows and Mac editors wrote, where 0x93/0x94 are curly quotes.
import { isUtf8 } from 'node:buffer';
import { TextDecoder } from 'node:util';

type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be';

const utf8 = new TextDecoder('utf-8');
const windows1252 = new TextDecoder('windows-1252');
const REPLACEMENT = '\uFFFD';

/** The encoding announced by a byte-order mark at the start of `bytes`, if any. */
function bomEncoding(bytes: Uint8Array): TextEncodingName | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

// UTF-16 without a byte-order mark is judged on this many leading bytes.
const UTF16_SAMPLE_BYTES = 8192;

/**
 * UTF-16 without a byte-order mark, recognised in mostly-Latin text by the NUL in every other
 * byte. Text in other scripts has no such pattern and is not recognised; it is rare without a BOM.
 */
function utf16WithoutBom(bytes: Uint8Array): TextEncodingName | null {
  const sample = bytes.subarray(0, UTF16_SAMPLE_BYTES);
  if (!includesNul(sample)) return null;
  const pairs = sample.length >> 1;
  let evenNuls = 0;
  let oddNuls = 0;
  for (let i = 0; i + 1 < sample.length; i += 2) {
    if (sample[i] === 0) evenNuls++;
    if (sample[i + 1] === 0) oddNuls++;
  }
  // Letters of the Latin scripts have a zero high byte; a handful of real NULs can't pass this.
  if (oddNuls >= pairs * 0.4 && evenNuls <= pairs * 0.02) return 'utf-16le';
  if (evenNuls >= pairs * 0.4 && oddNuls <= pairs * 0.02) return 'utf-16be';
  return null;
}

/** Whether `bytes` holds a NUL byte: Buffer's indexOf is memchr, five times TypedArray includes. */
export function includesNul(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf(0) >= 0;
}

/** The BOM's encoding, or UTF-16 recognised without one, or null for "8-bit: UTF-8 or not". */
export function sniffEncoding(bytes: Uint8Array): TextEncodingName | null {
  return bomEncoding(bytes) ?? utf16WithoutBom(bytes);
}

/**
 * Decodes a whole file. `declared` is a charset label from the document itself (an HTML meta
 * tag); a byte-order mark overrides it, as in browsers.
 */
export function decodeText(bytes: Uint8Array, declared?: string): string {
  const sniffed = sniffEncoding(bytes);
  if (sniffed === 'utf-16le' || sniffed === 'utf-16be') return new TextDecoder(sniffed).decode(bytes);
  if (sniffed === null && declared !== undefined) {
    const decoder = declaredDecoder(declared);
    if (decoder) return decoder.decode(bytes);
  }
  return decodeUtf8OrWindows1252(bytes);
}

/**
 * A decoder for a declared label, or null to fall back to sniffing: unknown labels, and UTF-8
 * (whose declaration is often wrong in both directions). A meta tag declaring UTF-16 is read as
 * UTF-8, as the HTML standard says: a page that could be read to find the tag is not UTF-16.
 */
function declaredDecoder(label: string): TextDecoder | null {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label.trim());
  } catch {
    return null;
  }
  return decoder.encoding === 'utf-8' || decoder.encoding.startsWith('utf-16') ? null : decoder;
}

function decodeUtf8OrWindows1252(bytes: Uint8Array): string {
  const text = utf8.decode(bytes);
  if (!text.includes(REPLACEMENT) || isUtf8(bytes)) return text;
  // Some bytes are not UTF-8. A UTF-8 file with a few stray bytes keeps its many valid multi-byte
  // characters; 8-bit text has almost none, since its accented letters are followed by ASCII.
  let replacements = 0;
  let decodedNonAscii = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0xfffd) replacements++;
    else if (code >= 0x80) decodedNonAscii++;
  }
  return decodedNonAscii > replacements ? text : windows1252.decode(bytes);
}
