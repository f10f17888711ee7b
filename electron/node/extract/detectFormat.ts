// Which files are documents, and of which format. A document name (.txt, .html, .pdf, README…)
// makes a file a candidate that its first bytes confirm; a name that says "not a document" (.png,
// .gz, .so…) settles it without opening the file; every other name (none, .Debian, .json, .xml,
// .yaml, .ini, unknown) is decided by the first bytes alone: PDF and HTML by their signatures, text
// by its encoding and the share of control bytes. Only those first bytes are read from a binary.
import { isUtf8 } from 'node:buffer';
import { basename, extname } from 'node:path';
import { TextDecoder } from 'node:util';
import type { DocumentFormat } from '../../../shared/report.ts';
import { includesNul, sniffEncoding } from './decodeText.ts';
import { isPackagedFormat, PACKAGED_EXTENSIONS } from './documentReaders.ts';
import { PACKAGE_SIGNATURE_BYTES, packageSignatureProblem } from './packageSignatures.ts';

/** How many leading bytes detectFormat needs to see. */
export const DETECT_SAMPLE_BYTES = 8192;

export type Detection =
  | { ok: true; format: DocumentFormat }
  // ENOTDOC: not a document by name or content, to skip silently. EBINARY: named like text but
  // binary inside. ECORRUPT: named .pdf, .docx, .doc… without the signature the format begins with.
  | { ok: false; code: 'ENOTDOC' | 'EBINARY' | 'ECORRUPT'; message: string };

const HTML_EXTENSIONS = new Set(['.html', '.htm', '.xhtml']);

const TEXT_EXTENSIONS = new Set([
  // Prose and light markup.
  '.txt', '.text', '.md', '.markdown', '.rst', '.adoc', '.asciidoc', '.org', '.tex', '.csv', '.tsv', '.log',
  // Source code.
  '.c', '.h', '.cc', '.cpp', '.cxx', '.hpp', '.hh', '.m', '.mm', '.cs', '.java', '.kt', '.kts', '.scala',
  '.go', '.rs', '.swift', '.py', '.rb', '.php', '.pl', '.pm', '.lua', '.r', '.jl', '.hs', '.ml', '.ex',
  '.exs', '.erl', '.clj', '.dart', '.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx', '.vb',
  '.sql', '.sh', '.bash', '.zsh', '.fish', '.ps1', '.bat', '.cmd',
]);

// The files of a source tree that are prose but carry no extension, compared case-insensitively.
const TEXT_NAMES = new Set([
  'readme', 'license', 'licence', 'copying', 'copyright', 'authors', 'contributors', 'changelog',
  'changes', 'news', 'history', 'install', 'notice', 'thanks', 'todo',
]);

// Names that settle "not a document": media, archives and compressed files, compiled code, fonts,
// databases. Their bytes are never looked at. Office and e-book containers are not listed: their
// extractors decide them.
const NOT_DOCUMENT_EXTENSIONS = new Set([
  '.png', '.jpg', '.jpeg', '.gif', '.bmp', '.ico', '.icns', '.webp', '.tif', '.tiff', '.svg', '.svgz', '.xcf', '.psd', '.heic',
  '.mp3', '.ogg', '.oga', '.flac', '.wav', '.m4a', '.aac', '.opus', '.mp4', '.m4v', '.mkv', '.avi', '.mov', '.webm', '.mpg', '.mpeg',
  '.gz', '.tgz', '.bz2', '.tbz', '.tbz2', '.xz', '.txz', '.zst', '.lz', '.lz4', '.lzma', '.z', '.7z', '.rar', '.tar', '.zip', '.cab',
  '.deb', '.udeb', '.rpm', '.apk', '.jar', '.war', '.whl', '.egg', '.dmg', '.iso', '.img', '.qcow2', '.vdi', '.vmdk',
  '.so', '.o', '.a', '.la', '.ko', '.dll', '.exe', '.msi', '.dylib', '.lib', '.obj', '.class', '.pyc', '.pyo', '.wasm', '.elc',
  '.mo', '.gmo', '.ttf', '.otf', '.ttc', '.woff', '.woff2', '.eot', '.pfb', '.pcf',
  '.db', '.sqlite', '.sqlite3', '.mdb', '.bin', '.dat', '.pack', '.idx', '.swp', '.pdb',
]);

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
const PDF_SIGNATURE_BYTES = Buffer.from(PDF_SIGNATURE);
// Readers accept the signature anywhere in the first kilobyte, after junk some generators write.
const PDF_SIGNATURE_WINDOW = 1024;

/** The format a file's name promises, or null when the name says it is not a document. */
export function candidateFormat(path: string): DocumentFormat | null {
  const ext = extname(path).toLowerCase();
  if (ext === '.pdf') return 'pdf';
  if (HTML_EXTENSIONS.has(ext)) return 'html';
  if (PACKAGED_EXTENSIONS.has(ext)) return PACKAGED_EXTENSIONS.get(ext)!;
  if (TEXT_EXTENSIONS.has(ext)) return 'text';
  if (ext === '' && TEXT_NAMES.has(basename(path).toLowerCase())) return 'text';
  return null;
}

/** A TIFF image's name: a scan to read with OCR when scans are read, otherwise no document. */
export function isTiffName(path: string): boolean {
  const ext = extname(path).toLowerCase();
  return ext === '.tif' || ext === '.tiff';
}

/** True when the name alone says the file is no document, so that it need not be opened. */
export function namedNonDocument(path: string): boolean {
  return NOT_DOCUMENT_EXTENSIONS.has(extname(path).toLowerCase());
}

/**
 * What detectFormat takes from a file's name. Two names alike here read the same bytes alike, so
 * an extraction made under one holds under the other (a renamed file keeps it only then).
 */
export function nameReading(path: string): DocumentFormat | 'none' | 'content' {
  return namedNonDocument(path) ? 'none' : (candidateFormat(path) ?? 'content');
}

/**
 * Whether what an earlier scan learnt of a file still holds for its name: a name a reader has
 * since claimed (.doc, .eml, .xlsx… were read by content, as text or as no document at all) is
 * read again by that reader. Such a name is never read as another format but PDF, nor skipped.
 */
export function readAsNamedNow(path: string, known: { ok: true; format: DocumentFormat } | { ok: false; code: string }): boolean {
  const named = candidateFormat(path);
  if (named === null || !isPackagedFormat(named)) return true;
  return known.ok ? known.format === named || known.format === 'pdf' : known.code !== 'ENOTDOC' && known.code !== 'EBINARY';
}

/** The file's format, from its name and its first bytes (DETECT_SAMPLE_BYTES of them, or all). */
export function detectFormat(path: string, head: Uint8Array): Detection {
  if (namedNonDocument(path)) return { ok: false, code: 'ENOTDOC', message: 'Not a document' };
  const candidate = candidateFormat(path);
  // Content wins over the name: a PDF saved as "notes.txt" is a PDF. Other names need the
  // signature at the very start, so that a text merely quoting "%PDF-" stays text.
  if (pdfSignatureAt(head, candidate === 'pdf' ? PDF_SIGNATURE_WINDOW : 1)) return { ok: true, format: 'pdf' };
  if (candidate === 'pdf') return { ok: false, code: 'ECORRUPT', message: 'Not a PDF: no %PDF- signature' };
  if (candidate === null) return sniffContent(head);
  if (isPackagedFormat(candidate)) {
    // Its reader looks further (zip directory, encryption); a file without the signature at all is
    // refused here, with the reader's message, so that the hashing pass can refuse it (batchHasher.ts).
    const problem = packageSignatureProblem(candidate, head);
    return problem === null ? { ok: true, format: candidate } : { ok: false, code: 'ECORRUPT', message: problem };
  }
  const binary = binaryReason(head);
  if (binary) return { ok: false, code: 'EBINARY', message: `Named like ${candidate === 'html' ? 'HTML' : 'text'} but binary: ${binary}` };
  return { ok: true, format: candidate };
}

// The start of an HTML document (after a BOM, blanks, an XML declaration or comments), as in the
// WHATWG MIME sniffing rules for the few tags that open real pages.
const HTML_START = /^(?:\s|<\?xml[^>]*>|<!--[\s\S]*?-->)*<(?:!doctype\s+html|html|head|body|title)[\s>]/i;

/** A file whose name does not decide: HTML or text by its first bytes, or silently no document. */
function sniffContent(head: Uint8Array): Detection {
  if (head.length === 0 || binaryReason(head) !== null) return { ok: false, code: 'ENOTDOC', message: 'Not a document' };
  return { ok: true, format: HTML_START.test(headText(head)) ? 'html' : 'text' };
}

/** The first kilobyte as text, in the encoding decodeText would use (enough to find a signature). */
function headText(head: Uint8Array): string {
  const encoding = sniffEncoding(head);
  const start = head.subarray(0, 1024 + (encoding ? 2 : 0));
  return new TextDecoder(encoding ?? 'latin1').decode(start).replace(/^\uFEFF/, '');
}

/** Whether "%PDF-" starts within the first `window` bytes; Buffer's indexOf is memmem, where a loop over each start was a fifth of rejecting a binary named .pdf. */
function pdfSignatureAt(head: Uint8Array, window: number): boolean {
  return Buffer.from(head.buffer, head.byteOffset, Math.min(head.length, window + PDF_SIGNATURE.length - 1)).indexOf(PDF_SIGNATURE_BYTES) >= 0;
}

// Bytes out of place in text: C0 controls other than tab, line feed, vertical tab, form feed,
// carriage return, the DOS end-of-file mark (0x1A) and escape (terminal colours in logs), and DEL.
const CONTROL = 1;
// Bytes Windows-1252 leaves unassigned: out of place in 8-bit text, fine inside UTF-8 sequences.
const UNASSIGNED_1252 = 2;
// One table look-up per byte, and only in words holding a byte outside printable ASCII: counting
// with regular expressions over a Latin-1 copy of the sample was a tenth of a small text file's CPU.
const SUSPICIOUS_BYTE = new Uint8Array(256);
for (const [from, to] of [[0x01, 0x08], [0x0e, 0x19], [0x1c, 0x1f], [0x7f, 0x7f]] as const) SUSPICIOUS_BYTE.fill(CONTROL, from, to + 1);
for (const byte of [0x81, 0x8d, 0x8f, 0x90, 0x9d]) SUSPICIOUS_BYTE[byte] = UNASSIGNED_1252;

/** Why these leading bytes are not text, or null when they look like text. */
function binaryReason(sample: Uint8Array): string | null {
  if (sniffEncoding(sample) !== null) return null;
  if (includesNul(sample)) return 'contains NUL bytes';
  let controls = 0;
  let unassigned = 0;
  const count = (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const kind = SUSPICIOUS_BYTE[sample[i]!]!;
      if (kind === CONTROL) controls++;
      else if (kind === UNASSIGNED_1252) unassigned++;
    }
  };
  // Four bytes at a time: a word whose bytes all lie in 0x20–0x7E, most of any text, holds none.
  const words = sample.byteOffset % 4 === 0 ? new Uint32Array(sample.buffer, sample.byteOffset, sample.length >>> 2) : new Uint32Array(0);
  for (let w = 0; w < words.length; w++) {
    const v = words[w]!;
    // Some byte below 0x20; some byte above 0x7E (the classic "has less" and "has more" tests).
    if ((((v - 0x20202020) & ~v) | ((v + 0x01010101) | v)) & 0x80808080) count(4 * w, 4 * w + 4);
  }
  count(4 * words.length, sample.length);
  const suspicious = controls + (unassigned > 0 && !isUtf8(withoutCutSequence(sample)) ? unassigned : 0);
  // Real text may hold the odd stray control character; compressed or encoded data, which has no
  // NULs to give it away, is about one-tenth control characters.
  return suspicious * 100 > sample.length ? 'too many control characters' : null;
}

/** The sample without a UTF-8 sequence cut off by its end. */
function withoutCutSequence(sample: Uint8Array): Uint8Array {
  for (let back = 1; back <= 3 && back <= sample.length; back++) {
    const byte = sample[sample.length - back]!;
    if (byte < 0x80) break;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return length > back ? sample.subarray(0, sample.length - back) : sample;
    }
  }
  return sample;
}

/**
 * Whether the first `length` bytes of a file of `size` bytes give detectFormat the verdict it gives
 * on the whole head the extraction worker reads: all of that head, or, for a name promising a PDF,
 * the window its signature is looked for in, or, for a packaged format, its signature (a PDF's
 * included). The hashing pass decides with it (batchHasher.ts).
 */
export function headDecides(path: string, length: number, size: number): boolean {
  if (length >= Math.min(size, DETECT_SAMPLE_BYTES)) return true;
  const candidate = candidateFormat(path);
  if (candidate === 'pdf') return length >= PDF_SIGNATURE_WINDOW + PDF_SIGNATURE.length - 1;
  return candidate !== null && isPackagedFormat(candidate) && length >= Math.max(PACKAGE_SIGNATURE_BYTES, PDF_SIGNATURE.length);
}
