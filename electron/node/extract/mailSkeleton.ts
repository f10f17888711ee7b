// An e-mail larger than the extraction limit is nearly always its attachments: a 200 MB message
// of photographs with a few lines of text. Such a message is read here in chunks, keeping its
// header blocks, its delimiter lines and the bodies of the parts emlText reads (partRole), and
// leaving out every other part's body, without holding it. What is kept reads as the whole
// message does (test/electron/node/extract/mailSkeleton.test.ts), and only it counts against the
// limit: a message whose text parts alone pass it is still refused as too big.
import { ExtractError, ExtractErrorCode } from './extractError.ts';
import { mailHeaders, MAX_MAIL_DEPTH, partRole } from './mailText.ts';

const NEWLINE = 0x0a;
const DASH = 0x2d;
// The first bytes of a line left out that are looked at: enough for any delimiter (RFC 2046
// boundaries are at most 70 characters; longer ones are still read whole from a kept line).
const SKIPPED_LINE_PREFIX = 1024;

// 'leftOut': the body of a part emlText does not read (an attachment, an inline picture);
// 'skip': a multipart's preamble and epilogue.
type Mode = 'headers' | 'keep' | 'leftOut' | 'skip';

/** Told of each part left out (its header fields), then of each line of its body (only the first bytes of a long one, and its length). */
export interface LeftOutParts {
  part(headers: ReadonlyMap<string, string>): void;
  line(bytes: Buffer, length: number): void;
}

/**
 * The parts of the message that emlText reads, as one buffer; `read` fills its buffer from a
 * position of the file and returns how many bytes it read (0 at the end).
 */
export async function mailSkeleton(
  read: (into: Uint8Array, position: number) => number | Promise<number>,
  maxKeptBytes: number,
  { chunkBytes = 2 ** 20, leftOut }: { chunkBytes?: number; leftOut?: LeftOutParts } = {},
): Promise<Buffer> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  /** The delimiters ("--boundary") of the multiparts being read, outermost first. */
  const delimiters: Buffer[] = [];
  let mode = 'headers' as Mode;
  let headerLines: Buffer[] = [];

  const keep = (line: Buffer) => {
    keptBytes += line.length;
    if (keptBytes > maxKeptBytes) throw new ExtractError(ExtractErrorCode.tooBig, `An e-mail whose text parts are larger than the ${Math.round(maxKeptBytes / 2 ** 20)} MiB extraction limit`);
    kept.push(Buffer.from(line));
  };

  /** The delimiter the line starts with (outer ones first, as emlText splits them first), and whether it closes its multipart. */
  const delimiterOf = (line: Buffer): { level: number; closing: boolean } | undefined => {
    if (line[0] !== DASH || line[1] !== DASH) return undefined;
    for (let level = 0; level < delimiters.length; level++) {
      const delimiter = delimiters[level]!;
      if (line.length >= delimiter.length && line.subarray(0, delimiter.length).equals(delimiter)) {
        return { level, closing: line[delimiter.length] === DASH && line[delimiter.length + 1] === DASH };
      }
    }
    return undefined;
  };

  const line = (bytes: Buffer, length = bytes.length) => {
    const delimiter = delimiterOf(bytes);
    if (delimiter) {
      keep(bytes);
      // The multiparts inside the one this delimiter belongs to end here, as in emlText's split.
      delimiters.length = delimiter.closing ? delimiter.level : delimiter.level + 1;
      mode = delimiter.closing ? 'skip' : 'headers';
      headerLines = [];
      return;
    }
    if (mode === 'leftOut') leftOut?.line(bytes.subarray(0, SKIPPED_LINE_PREFIX), length);
    if (mode === 'skip' || mode === 'leftOut') return;
    keep(bytes);
    if (mode === 'keep') return;
    // A copy: the line may be a view of the chunk, which the next read overwrites.
    headerLines.push(Buffer.from(bytes));
    if (bytes.length > 2 || (bytes.length === 2 && bytes[0] !== 0x0d) || (bytes.length === 1 && bytes[0] !== NEWLINE)) return;
    // The blank line after the header fields: what the part is decides what of its body is kept.
    const headers = mailHeaders(Buffer.concat(headerLines));
    const role = partRole(headers);
    headerLines = [];
    if (role.role === 'multipart') {
      if (delimiters.length >= MAX_MAIL_DEPTH) throw new ExtractError(ExtractErrorCode.corrupt, `Unreadable e-mail: parts nested more than ${MAX_MAIL_DEPTH} deep`);
      delimiters.push(Buffer.from(`--${role.boundary}`, 'latin1'));
    }
    if (role.role === 'skip') leftOut?.part(headers);
    // A multipart's preamble, before its first delimiter, is not read either.
    mode = role.role === 'text' ? 'keep' : role.role === 'skip' ? 'leftOut' : 'skip';
  };

  const chunk = Buffer.alloc(chunkBytes);
  // A line that runs past the end of a chunk (only its first bytes, while it would be left out).
  let partial: Buffer[] = [];
  let partialLength = 0;
  // The whole length of that line, past the bytes held of it.
  let lineLength = 0;
  for (let position = 0; ; ) {
    const length = await read(chunk, position);
    if (length === 0) break;
    position += length;
    for (let start = 0; start < length; ) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline < 0 || newline >= length ? length : newline + 1;
      const piece = chunk.subarray(start, end);
      start = end;
      lineLength += piece.length;
      if (newline < 0 || newline >= length) {
        const room = mode === 'skip' || mode === 'leftOut' ? Math.max(0, SKIPPED_LINE_PREFIX - partialLength) : piece.length;
        if (room > 0) {
          partial.push(Buffer.from(piece.subarray(0, room)));
          partialLength += Math.min(room, piece.length);
        }
        if ((mode === 'headers' || mode === 'keep') && keptBytes + partialLength > maxKeptBytes) keep(Buffer.concat(partial));
        break;
      }
      if (partial.length === 0) line(piece);
      else {
        line(Buffer.concat([...partial, piece]), lineLength);
        partial = [];
        partialLength = 0;
      }
      lineLength = 0;
    }
  }
  if (partial.length > 0) line(Buffer.concat(partial), lineLength);
  return Buffer.concat(kept);
}
