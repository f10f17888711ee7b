// E-mail (.eml, a MIME message as mail programs save it): the body a reader sees. Its text/plain
// parts, else its text/html parts' visible text, decoded from quoted-printable or base64 and from
// their charset. Headers (sender, subject, dates) are left out, as are attachments (any part with
// a file name or an attachment disposition, and forwarded messages), which are never decoded: a
// 50 MB attachment costs one scan for its boundary.
//
// No MIME library is used: the ones at hand decode every attachment, and render HTML-only mail
// with their own converter instead of Shingle's (htmlText.ts), which an HTML copy is read with.
import { decodeText } from './decodeText.ts';
import { ExtractError, ExtractErrorCode } from './extractError.ts';
import { declaredCharset, htmlText } from './htmlText.ts';
import { FORMAT_KINDS } from './packageSignatures.ts';

const MAIL = FORMAT_KINDS.eml;
// Real mail nests multiparts three or four deep (mixed, related, alternative).
export const MAX_MAIL_DEPTH = 32;
// The first line of a message: a header field, or an mbox "From " line.
const FIRST_LINE = /^(?:From |[!-9;-~]+:)/;
const NEWLINE = 0x0a;

interface Part {
  headers: Map<string, string>;
  body: Buffer;
}

interface Bodies {
  plain: string[];
  html: string[];
}

/** The body text of an .eml file's bytes. */
export function emlText(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const firstLine = buffer.subarray(0, Math.max(0, buffer.indexOf(NEWLINE))).toString('latin1');
  if (!FIRST_LINE.test(firstLine)) throw new ExtractError(ExtractErrorCode.corrupt, `Not an ${MAIL}: it does not start with a header`);
  const bodies: Bodies = { plain: [], html: [] };
  collectBodies(splitPart(buffer), 0, bodies);
  const texts = bodies.plain.length > 0 ? bodies.plain : bodies.html;
  return texts.filter((text) => text !== '').join('\n');
}

/** A part's header fields (lower-cased names, first occurrence, unfolded) and its body. */
function splitPart(part: Buffer): Part {
  const headers = new Map<string, string>();
  let name: string | undefined;
  let start = 0;
  while (start < part.length) {
    const newline = part.indexOf(NEWLINE, start);
    const end = newline < 0 ? part.length : newline;
    const line = part.subarray(start, end).toString('latin1').replace(/\r$/, '');
    start = end + 1;
    if (line === '') break;
    if (/^[ \t]/.test(line)) {
      // A folded line continues the field before it.
      if (name !== undefined && headers.has(name)) headers.set(name, `${headers.get(name)!} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    name = line.slice(0, colon).trim().toLowerCase();
    if (headers.has(name)) name = undefined;
    else headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body: part.subarray(Math.min(start, part.length)) };
}

/** A header value's main token (lower-cased) and its parameters (names lower-cased, quotes undone). */
export function parseHeaderValue(value: string): { value: string; params: Map<string, string> } {
  const semicolon = value.indexOf(';');
  const main = (semicolon < 0 ? value : value.slice(0, semicolon)).trim().toLowerCase();
  const params = new Map<string, string>();
  if (semicolon >= 0) {
    for (const match of value.slice(semicolon).matchAll(/;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g)) {
      const raw = match[2]!.trim();
      params.set(match[1]!.toLowerCase(), raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw);
    }
  }
  return { value: main, params };
}

/** What emlText does with a part, from its header fields: leaves it out, reads its children, or reads its text. */
export type PartRole = { role: 'skip' } | { role: 'multipart'; boundary: string } | { role: 'text'; html: boolean; charset: string | undefined };

export function partRole(headers: ReadonlyMap<string, string>): PartRole {
  const type = parseHeaderValue(headers.get('content-type') ?? 'text/plain');
  const disposition = parseHeaderValue(headers.get('content-disposition') ?? '');
  const named = [...type.params.keys(), ...disposition.params.keys()].some((key) => /^(?:file)?name\*?(?:\d+\*?)?$/.test(key));
  if (disposition.value === 'attachment' || named) return { role: 'skip' };
  if (type.value.startsWith('multipart/')) {
    const boundary = type.params.get('boundary');
    return boundary ? { role: 'multipart', boundary } : { role: 'skip' };
  }
  if (type.value !== 'text/plain' && type.value !== 'text/html' && type.value !== '') return { role: 'skip' };
  return { role: 'text', html: type.value === 'text/html', charset: type.params.get('charset') };
}

/** A part's header fields (lower-cased names, first occurrence, unfolded), from bytes holding them. */
export function mailHeaders(bytes: Buffer): Map<string, string> {
  return splitPart(bytes).headers;
}

function collectBodies(part: Part, depth: number, bodies: Bodies): void {
  if (depth > MAX_MAIL_DEPTH) throw new ExtractError(ExtractErrorCode.corrupt, `Unreadable ${MAIL}: parts nested more than ${MAX_MAIL_DEPTH} deep`);
  const role = partRole(part.headers);
  if (role.role === 'skip') return;
  if (role.role === 'multipart') {
    for (const child of multipartChildren(part.body, role.boundary)) collectBodies(splitPart(child), depth + 1, bodies);
    return;
  }
  const bytes = transferDecoded(part);
  if (role.html) bodies.html.push(htmlText(decodeText(bytes, role.charset ?? declaredCharset(bytes))));
  else bodies.plain.push(decodeText(bytes, role.charset).replace(/\r\n?/g, '\n').trim());
}

/** The parts of a multipart body between its delimiter lines ("--boundary"), up to the closing one. */
function multipartChildren(body: Buffer, boundary: string): Buffer[] {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  const children: Buffer[] = [];
  let partStart = -1;
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    // Only at the start of a line; elsewhere the same bytes are content.
    if (at === 0 || body[at - 1] === NEWLINE) {
      if (partStart >= 0) {
        // The line end before the delimiter belongs to it.
        let end = at - 1;
        if (end > partStart && body[end - 1] === 0x0d) end--;
        children.push(body.subarray(partStart, Math.max(partStart, end)));
      }
      const after = at + delimiter.length;
      if (body[after] === 0x2d && body[after + 1] === 0x2d) return children;
      const lineEnd = body.indexOf(NEWLINE, after);
      if (lineEnd < 0) return children;
      partStart = lineEnd + 1;
    }
    at = body.indexOf(delimiter, at + delimiter.length);
  }
  // No closing delimiter (a truncated message): the last part runs to the end.
  if (partStart >= 0) children.push(body.subarray(partStart));
  return children;
}

/** The body's bytes, undone from its Content-Transfer-Encoding. */
function transferDecoded(part: Part): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').trim().toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.toString('latin1'), 'base64');
  if (encoding === 'quoted-printable') return quotedPrintableDecoded(part.body);
  return part.body;
}

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** Quoted-printable (RFC 2045): "=XX" is a byte, "=" at a line's end joins it to the next. */
function quotedPrintableDecoded(body: Buffer): Buffer {
  const out = Buffer.alloc(body.length);
  let length = 0;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i]!;
    if (byte !== 0x3d) {
      out[length++] = byte;
      continue;
    }
    // A soft line break, perhaps with spaces an encoder or a gateway left before it.
    let j = i + 1;
    while (body[j] === 0x20 || body[j] === 0x09) j++;
    if (body[j] === NEWLINE || (body[j] === 0x0d && body[j + 1] === NEWLINE)) {
      i = body[j] === NEWLINE ? j : j + 1;
      continue;
    }
    const high = hexValue(body[i + 1]);
    const low = hexValue(body[i + 2]);
    if (high >= 0 && low >= 0) {
      out[length++] = high * 16 + low;
      i += 2;
    } else out[length++] = byte;
  }
  return out.subarray(0, length);
}
