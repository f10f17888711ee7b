// The signatures packaged formats begin with, and what their readers call each format: one source
// for the readers, which refuse a file without its signature, and for detectFormat, which refuses
// it from the first bytes the hashing pass has already read, so that no worker opens it to find out.
import type { PackagedFormat } from './documentReaders.ts';

/** What each format is called in the messages of its reader ("Not a Word document: …"). */
export const FORMAT_KINDS: Readonly<Record<PackagedFormat, string>> = {
  docx: 'Word document',
  odt: 'OpenDocument text',
  rtf: 'RTF document',
  epub: 'EPUB book',
  doc: 'Word 97–2003 document',
  pptx: 'PowerPoint presentation',
  odp: 'OpenDocument presentation',
  xlsx: 'Excel workbook',
  ods: 'OpenDocument spreadsheet',
  eml: 'e-mail',
};

export const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04]; // "PK\3\4", the first local file header
export const EMPTY_ZIP_SIGNATURE = [0x50, 0x4b, 0x05, 0x06]; // an end-of-directory record and nothing else
// Word, LibreOffice and others save a password-protected document as an OLE compound file that
// wraps the encrypted package; an unencrypted compound file is the old binary format.
export const COMPOUND_FILE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
export const RTF_START = [...'{\\rtf'].map((c) => c.charCodeAt(0));

// RTF may open with a byte-order mark and blanks before its "{\rtf": looked for in the first bytes.
const RTF_HEAD_BYTES = 64;
const RTF_SIGNATURE = /^\s*\{\s*\\rtf/;

/** How many first bytes packageSignatureProblem looks at, at most. */
export const PACKAGE_SIGNATURE_BYTES = RTF_HEAD_BYTES;

export function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

/** "Not a Word document", "Not an Excel workbook": the start of a refusal naming a kind. */
export function notA(kind: string): string {
  return /^(?:[aeiou]|RTF)/i.test(kind) ? `Not an ${kind}` : `Not a ${kind}`;
}

const ZIP_PACKAGES: ReadonlySet<PackagedFormat> = new Set(['docx', 'odt', 'epub', 'pptx', 'odp', 'xlsx', 'ods']);

/** A zip package's refusal when its first bytes are neither a zip's nor a compound file's (whose reader tells encrypted from old binary). */
export function notZipPackage(head: Uint8Array, kind: string): string | null {
  if (startsWith(head, ZIP_SIGNATURE) || startsWith(head, EMPTY_ZIP_SIGNATURE) || startsWith(head, COMPOUND_FILE_SIGNATURE)) return null;
  return `${notA(kind)}: no zip signature`;
}

/** A .doc's refusal when its first bytes are no compound file's, nor those of the RTF or .docx saved under that name it reads as what they are. */
export function notWordBinary(head: Uint8Array): string | null {
  if (startsWith(head, COMPOUND_FILE_SIGNATURE) || startsWith(head, RTF_START) || startsWith(head, ZIP_SIGNATURE)) return null;
  return `${notA(FORMAT_KINDS.doc)}: no compound file signature`;
}

/** An RTF document's refusal when its first bytes hold no "{\rtf" header. */
export function notRtf(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, RTF_HEAD_BYTES)).toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '');
  return RTF_SIGNATURE.test(head) ? null : `${notA(FORMAT_KINDS.rtf)}: no {\\rtf header`;
}

/**
 * Why a file named as `format` cannot be one, from its first PACKAGE_SIGNATURE_BYTES bytes (or all
 * of a shorter file): the reader's own ECORRUPT message. Null when its reader has to look further
 * (mail is told by its whole first line, and is always left to its reader).
 */
export function packageSignatureProblem(format: PackagedFormat, head: Uint8Array): string | null {
  if (ZIP_PACKAGES.has(format)) return notZipPackage(head, FORMAT_KINDS[format]);
  if (format === 'rtf') return notRtf(head);
  return format === 'doc' ? notWordBinary(head) : null;
}
