// A Word 97 binary document (.doc) of a text, as small as Word's format allows: an OLE compound
// file (written with SheetJS's cfb) holding a WordDocument stream — its FIB header, then the text
// as UTF-16 — and a 1Table stream whose piece table (the CLX) says where the text is. The body is
// followed by a header story worded with OUTSIDE_WORDS, and its first word is a field's result,
// so a reader must keep to the body and drop field codes.
import CFB from 'cfb';
import { OUTSIDE_WORDS } from './officeDocuments.ts';

// Offsets in the FIB (MS-DOC 2.5.1), all little-endian.
const FIB = {
  wIdent: 0x00,
  nFib: 0x02,
  flags: 0x0a,
  fcMin: 0x18,
  ccpText: 0x4c,
  ccpHdd: 0x54,
  fcClx: 0x1a2,
  lcbClx: 0x1a6,
  size: 0x200,
};
const WORD_MAGIC = 0xa5ec;
const WORD_97 = 0x00c1;
const USES_1TABLE = 0x0200;
const ENCRYPTED = 0x0100;
const TEXT_AT = 0x800;

/** The text's paragraphs (split by blank lines) as a .doc; `encrypted` sets the FIB's fEncrypted flag. */
export function renderDoc(text: string, { encrypted = false } = {}): Uint8Array {
  const [first, ...rest] = text.split('\n\n');
  const [firstWord, ...firstRest] = first!.split(' ');
  // A field: \x13 instructions \x14 result \x15. Paragraphs end with \r, the body with one more.
  const field = `\x13 MERGEFIELD ${OUTSIDE_WORDS[3]} \x14${firstWord}\x15`;
  const body = [[field, ...firstRest].join(' '), ...rest].map((p) => `${p}\r`).join('') + '\r';
  const header = `${OUTSIDE_WORDS[0]}\r\r`;
  const characters = body + header;

  const word = Buffer.alloc(TEXT_AT + characters.length * 2 + 4096);
  word.writeUInt16LE(WORD_MAGIC, FIB.wIdent);
  word.writeUInt16LE(WORD_97, FIB.nFib);
  word.writeUInt16LE(USES_1TABLE | (encrypted ? ENCRYPTED : 0), FIB.flags);
  word.writeUInt32LE(TEXT_AT, FIB.fcMin);
  word.writeUInt32LE(body.length, FIB.ccpText);
  word.writeUInt32LE(header.length, FIB.ccpHdd);
  word.write(characters, TEXT_AT, 'utf16le');

  // The CLX: one piece (a PlcPcd of two CPs and one PCD) of UTF-16 text at TEXT_AT.
  const clx = Buffer.alloc(1 + 4 + 8 + 8);
  clx.writeUInt8(0x02, 0);
  clx.writeUInt32LE(16, 1);
  clx.writeUInt32LE(0, 5);
  clx.writeUInt32LE(characters.length, 9);
  clx.writeUInt32LE(TEXT_AT, 15); // the PCD's fc: bit 30 clear, so the piece is UTF-16
  const table = Buffer.alloc(4096);
  clx.copy(table, 0);
  word.writeUInt32LE(0, FIB.fcClx);
  word.writeUInt32LE(clx.length, FIB.lcbClx);

  const file = CFB.utils.cfb_new();
  CFB.utils.cfb_add(file, '/WordDocument', word);
  CFB.utils.cfb_add(file, '/1Table', table);
  return new Uint8Array(CFB.write(file, { type: 'buffer' }) as Buffer);
}

/** An OLE compound file holding streams by name (an encrypted Office package, a spreadsheet). */
export function compoundFile(streams: Record<string, Uint8Array>): Uint8Array {
  const file = CFB.utils.cfb_new();
  for (const [name, content] of Object.entries(streams)) CFB.utils.cfb_add(file, `/${name}`, Buffer.from(content));
  return new Uint8Array(CFB.write(file, { type: 'buffer' }) as Buffer);
}
