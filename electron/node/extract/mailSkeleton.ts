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

type Mode = 'headers' | 'keep' | 'skip';

/**
 * The parts of the message that emlText reads, as one buffer; `read` fills its buffer from a
 * position of the file and returns how many bytes it read (0 at the end).
 */
export function mailSkeleton(read: (into: Uint8Array, position: number) => number, maxKeptBytes: number, chunkBytes = 2 ** 20): Buffer {
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

  const line = (bytes: Buffer) => {
    const delimiter = delimiterOf(bytes);
    if (delimiter) {
      keep(bytes);
      // The multiparts inside the one this delimiter belongs to end here, as in emlText's split.
      delimiters.length = delimiter.closing ? delimiter.level : delimiter.level + 1;
      mode = delimiter.closing ? 'skip' : 'headers';
      headerLines = [];
      return;
    }
    if (mode === 'skip') return;
    keep(bytes);
    if (mode === 'keep') return;
    // A copy: the line may be a view of the chunk, which the next read overwrites.
    headerLines.push(Buffer.from(bytes));
    if (bytes.length > 2 || (bytes.length === 2 && bytes[0] !== 0x0d) || (bytes.length === 1 && bytes[0] !== NEWLINE)) return;
    // The blank line after the header fields: what the part is decides what of its body is kept.
    const role = partRole(mailHeaders(Buffer.concat(headerLines)));
    headerLines = [];
    if (role.role === 'multipart') {
      if (delimiters.length >= MAX_MAIL_DEPTH) throw new ExtractError(ExtractErrorCode.corrupt, `Unreadable e-mail: parts nested more than ${MAX_MAIL_DEPTH} deep`);
      delimiters.push(Buffer.from(`--${role.boundary}`, 'latin1'));
    }
    // A multipart's preamble, before its first delimiter, is not read either.
    mode = role.role === 'text' ? 'keep' : 'skip';
  };

  const chunk = Buffer.alloc(chunkBytes);
  // A line that runs past the end of a chunk (only its first bytes, while it would be left out).
  let partial: Buffer[] = [];
  let partialLength = 0;
  for (let position = 0; ; ) {
    const length = read(chunk, position);
    if (length === 0) break;
    position += length;
    for (let start = 0; start < length; ) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline < 0 || newline >= length ? length : newline + 1;
      const piece = chunk.subarray(start, end);
      start = end;
      if (newline < 0 || newline >= length) {
        const room = mode === 'skip' ? Math.max(0, SKIPPED_LINE_PREFIX - partialLength) : piece.length;
        if (room > 0) {
          partial.push(Buffer.from(piece.subarray(0, room)));
          partialLength += Math.min(room, piece.length);
        }
        if (mode !== 'skip' && keptBytes + partialLength > maxKeptBytes) keep(Buffer.concat(partial));
        break;
      }
      if (partial.length === 0) line(piece);
      else {
        line(Buffer.concat([...partial, piece]));
        partial = [];
        partialLength = 0;
      }
    }
  }
  if (partial.length > 0) line(Buffer.concat(partial));
  return Buffer.concat(kept);
}
