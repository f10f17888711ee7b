// File names are bytes; Shingle's paths are strings. Valid UTF-8 maps to itself. Each byte of
// an invalid sequence maps to a lone surrogate U+DC80–U+DCFF ("surrogateescape", as in Python),
// so every name survives the round trip exactly, and JSON.stringify writes such a path as
// "\udcXX" escapes that Python's os.fsencode turns back into the same bytes.

const ESCAPED_BYTE = /(?<![\uD800-\uDBFF])[\uDC80-\uDCFF]/;

/** True when the path holds an escaped byte and must be passed to the file system as bytes. */
export function hasEscapedBytes(path: string): boolean {
  return ESCAPED_BYTE.test(path);
}

function sequenceLength(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

function isValidSequence(bytes: Uint8Array, i: number, length: number): boolean {
  if (i + length > bytes.length) return false;
  const lead = bytes[i]!;
  const second = bytes[i + 1]!;
  // The second byte's range rules out overlong forms, surrogates and code points past U+10FFFF.
  const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
  const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
  if (second < low || second > high) return false;
  for (let k = 2; k < length; k++) {
    const b = bytes[i + k]!;
    if (b < 0x80 || b > 0xbf) return false;
  }
  return true;
}

/** Decodes a file name's bytes, escaping each byte of an invalid UTF-8 sequence. */
export function decodeFsName(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      out += String.fromCharCode(lead);
      i += 1;
      continue;
    }
    const length = sequenceLength(lead);
    if (length === 0 || !isValidSequence(bytes, i, length)) {
      out += String.fromCharCode(0xdc00 + lead);
      i += 1;
      continue;
    }
    let cp = lead & (0xff >> (length + 1));
    for (let k = 1; k < length; k++) cp = (cp << 6) | (bytes[i + k]! & 0x3f);
    out += String.fromCodePoint(cp);
    i += length;
  }
  return out;
}

/** The exact bytes of a name produced by decodeFsName. */
export function encodeFsName(name: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < name.length; i++) {
    const unit = name.charCodeAt(i);
    const next = name.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      const cp = 0x10000 + ((unit - 0xd800) << 10) + (next - 0xdc00);
      out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
      i++;
    } else if (unit >= 0xdc80 && unit <= 0xdcff) {
      out.push(unit - 0xdc00);
    } else if (unit < 0x80) {
      out.push(unit);
    } else if (unit < 0x800) {
      out.push(0xc0 | (unit >> 6), 0x80 | (unit & 0x3f));
    } else {
      out.push(0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f));
    }
  }
  return Uint8Array.from(out);
}

// What a name may hold that would show as something else: escaped bytes; control characters
// (a newline shows as a space); and the bidirectional controls (U+061C, U+200E–200F,
// U+202A–202E, U+2066–2069), which reorder what follows them, so "invoice\u202Efdp.exe" shows as
// "invoiceexe.pdf".
const MISLEADING = new RegExp(`${ESCAPED_BYTE.source}|[\\u0000-\\u001F\\u007F\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069]`, 'g');

const hex = (code: number, digits: number) => code.toString(16).toUpperCase().padStart(digits, '0');

/** A path for people to read: escaped bytes and control characters shown as \xNN, bidirectional controls as \uNNNN. */
export function displayPath(path: string): string {
  return path.replace(MISLEADING, (c) => {
    const code = c.charCodeAt(0);
    if (code >= 0xdc80) return `\\x${hex(code - 0xdc00, 2)}`;
    return code < 0x80 ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`;
  });
}
