// Old Word documents (.doc, Word 97–2003): the body's text, read by word-extractor. Headers,
// footers, footnotes, endnotes, comments and text boxes are other stories of the file and are left
// out, as the .docx reader leaves them out; tracked deletions and field codes are dropped (the
// field's result stays). A file saved as .doc that is really RTF or a .docx is read as what it is.
import { createRequire } from 'node:module';
import { ExtractError, ExtractErrorCode } from './extractError.ts';
import { FORMAT_KINDS, notWordBinary, RTF_START, startsWith, ZIP_SIGNATURE } from './packageSignatures.ts';
import { LINE_BREAK, layoutLines } from './xmlText.ts';

const DOC = FORMAT_KINDS.doc;
// The FIB (the WordDocument stream's header): its magic number, and in its flags fEncrypted.
const WORD_MAGIC = 0xa5ec;
const FLAGS_OFFSET = 0x0a;
const ENCRYPTED_FLAG = 0x0100;
const ENCRYPTED_PACKAGE_STREAM = Buffer.from('EncryptedPackage', 'utf16le');

interface WordDocument {
  getBody(options?: { filterUnicode?: boolean }): string;
}
interface OleExtractor {
  extractWordDocument(document: unknown, buffer: Buffer): Promise<WordDocument>;
  extract(reader: unknown): Promise<WordDocument>;
}
type OleExtractorClass = new () => OleExtractor;

// word-extractor's own entry point takes a path or a Buffer and guesses .doc or .docx; its OLE
// reader is used directly, so that the encryption flag is checked before the (then unreadable)
// text is, and so that a .docx goes to Shingle's own reader with its zip limits.
const require = createRequire(import.meta.url);
const WordOleExtractor = require('word-extractor/lib/word-ole-extractor') as OleExtractorClass;
const BufferReader = require('word-extractor/lib/buffer-reader') as new (buffer: Buffer) => unknown;

class CheckedWordExtractor extends WordOleExtractor {
  override extractWordDocument(document: unknown, buffer: Buffer): Promise<WordDocument> {
    if (buffer.length < FLAGS_OFFSET + 2 || buffer.readUInt16LE(0) !== WORD_MAGIC) {
      throw new ExtractError(ExtractErrorCode.corrupt, `Not a ${DOC}: the Word stream has no Word header`);
    }
    if (buffer.readUInt16LE(FLAGS_OFFSET) & ENCRYPTED_FLAG) {
      throw new ExtractError(ExtractErrorCode.encrypted, `Encrypted ${DOC}: a password is needed to open it`);
    }
    return super.extractWordDocument(document, buffer);
  }
}

/** The body text of a .doc file's bytes. */
export async function docText(bytes: Uint8Array): Promise<string> {
  if (startsWith(bytes, RTF_START)) return (await import('./rtfText.ts')).rtfText(bytes);
  if (startsWith(bytes, ZIP_SIGNATURE)) return (await import('./officeText.ts')).docxText(bytes);
  const notWord = notWordBinary(bytes);
  if (notWord !== null) throw new ExtractError(ExtractErrorCode.corrupt, notWord);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let document: WordDocument;
  try {
    document = await new CheckedWordExtractor().extract(new BufferReader(buffer));
  } catch (error) {
    // An allocation the heap refused is the worker's memory limit, not a damaged file.
    if (error instanceof RangeError && (error as NodeJS.ErrnoException).code === undefined) throw error;
    // A password-protected .docx saved under a .doc name: Office's encrypted package wrapper,
    // which has no Word stream.
    if (!(error instanceof ExtractError && error.code === ExtractErrorCode.encrypted) && buffer.includes(ENCRYPTED_PACKAGE_STREAM)) {
      throw new ExtractError(ExtractErrorCode.encrypted, `Encrypted ${DOC}: a password is needed to open it`);
    }
    if (error instanceof ExtractError) throw error;
    // A compound file that is no Word document (a spreadsheet, a damaged file), or out-of-range
    // offsets in one: word-extractor's errors, and the RangeErrors of reading past a buffer.
    const message = error instanceof Error ? error.message : String(error);
    throw new ExtractError(ExtractErrorCode.corrupt, `Unreadable ${DOC}: ${message}`, { cause: error });
  }
  // Paragraph marks, cell ends and line breaks come out as line ends and tabs; laid out as the
  // other readers lay out their lines. The characters are kept as written (no "smart" quotes
  // turned straight), so the .doc reads as its .txt and .docx copies do.
  return layoutLines(document.getBody({ filterUnicode: false }).replace(/\n/g, LINE_BREAK));
}
