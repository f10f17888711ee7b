// RTF documents: the body text. rtf-stream-parser tokenizes (groups, control words, hex and
// binary data); reading the tokens as text is done here, because no maintained package turns RTF
// into text while leaving out what the page does not show: headers and footers, comments
// (annotations), tracked deletions, hidden text, fields' codes, pictures and the tables of fonts,
// colours and styles. The rules are the RTF 1.9.1 specification's.
import { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import { Tokenize } from 'rtf-stream-parser';
import type { Token } from 'rtf-stream-parser/dist/src/tokenize.js';
import { ExtractError, ExtractErrorCode } from './extractError.ts';
import { LINE_BREAK, layoutLines } from './xmlText.ts';
import { notRtf } from './packageSignatures.ts';

const GROUP_START = 0;
const GROUP_END = 1;
const CONTROL = 2;

// Destinations whose text is not the document's. Any destination marked \* is skipped too: a
// reader that does not know it must skip it, and those a reader knows hold no body text.
const SKIPPED_DESTINATIONS = new Set([
  'fonttbl', 'colortbl', 'stylesheet', 'info', 'pict', 'object', 'objdata', 'fldinst', 'listtable',
  'listoverridetable', 'revtbl', 'rsidtbl', 'generator', 'filetbl', 'private', 'pntext', 'pntxta', 'pntxtb',
  'header', 'headerl', 'headerr', 'headerf', 'footer', 'footerl', 'footerr', 'footerf',
  'footnote', 'annotation', 'atnid', 'atnauthor', 'atndate', 'atnref', 'xe', 'tc', 'txe', 'shprslt', 'nonshppict',
]);

const CHARACTERS: Record<string, string> = {
  par: LINE_BREAK, line: LINE_BREAK, sect: LINE_BREAK, page: LINE_BREAK, row: LINE_BREAK,
  tab: '\t', cell: '\t',
  lquote: '\u2018', rquote: '\u2019', ldblquote: '\u201C', rdblquote: '\u201D',
  bullet: '\u2022', endash: '\u2013', emdash: '\u2014', enspace: ' ', emspace: ' ', qmspace: ' ',
  '~': '\u00A0', _: '-', '-': '', '{': '{', '}': '}', '\\': '\\',
};

// \ansicpgN code pages with a WHATWG decoder; others read as Windows-1252.
const CODE_PAGES: Record<number, string> = {
  874: 'windows-874', 932: 'shift_jis', 936: 'gbk', 949: 'euc-kr', 950: 'big5', 10000: 'macintosh',
  10007: 'x-mac-cyrillic', 20866: 'koi8-r', 21866: 'koi8-u', 28591: 'iso-8859-1', 28592: 'iso-8859-2', 28595: 'iso-8859-5',
};

interface GroupState {
  skipped: boolean;
  /** Revision-marked deleted text (\deleted) or hidden text (\v). */
  deleted: boolean;
  hidden: boolean;
  /** Fallback characters after each \uN (\ucN). */
  unicodeFallback: number;
}

const CHUNK_BYTES = 64 * 1024;

/** The body text of an RTF file's bytes. */
export async function rtfText(bytes: Uint8Array): Promise<string> {
  const notRtfHead = notRtf(bytes);
  if (notRtfHead !== null) throw new ExtractError(ExtractErrorCode.corrupt, notRtfHead);

  const out: string[] = [];
  let decoder = decoderFor(1252);
  let pendingBytes: Buffer[] = [];
  const flush = () => {
    if (pendingBytes.length > 0) out.push(decoder.decode(Buffer.concat(pendingBytes)));
    pendingBytes = [];
  };
  let state: GroupState = { skipped: false, deleted: false, hidden: false, unicodeFallback: 1 };
  const stack: GroupState[] = [];
  let atGroupStart = false;
  let ignorable = false;
  let fallbackToSkip = 0;

  // Fed in chunks, so that the tokens of a large file never all wait in memory at once.
  const tokens = Readable.from(chunks(bytes)).pipe(new Tokenize());
  try {
    for await (const token of tokens as AsyncIterable<Token>) {
      const { type, word, param, data } = token;
      const starting = atGroupStart;
      atGroupStart = false;
      if (type === GROUP_START) {
        stack.push(state);
        state = { ...state };
        atGroupStart = true;
        ignorable = false;
        continue;
      }
      if (type === GROUP_END) {
        state = stack.pop() ?? state;
        continue;
      }
      if (type === CONTROL) {
        if (word === '*' && starting) {
          atGroupStart = true;
          ignorable = true;
          continue;
        }
        if (starting && (ignorable || SKIPPED_DESTINATIONS.has(word!))) state.skipped = true;
        ignorable = false;
        if (state.skipped) continue;
        if (word === "'") {
          if (fallbackToSkip > 0) fallbackToSkip--;
          else if (shown(state)) pendingBytes.push(data!);
          continue;
        }
        flush();
        if (word === 'u' && param !== undefined) {
          if (shown(state)) out.push(String.fromCharCode(param < 0 ? param + 0x10000 : param));
          fallbackToSkip = state.unicodeFallback;
        } else if (word === 'uc') state.unicodeFallback = param ?? 1;
        else if (word === 'ansicpg' && param !== undefined) decoder = decoderFor(param);
        else if (word === 'deleted') state.deleted = param !== 0;
        else if (word === 'v') state.hidden = param !== 0;
        else if (word === 'plain') state.deleted = state.hidden = false;
        else if (word! in CHARACTERS && shown(state)) out.push(CHARACTERS[word!]!);
        // Any other control word ends a \u's fallback as well (the spec counts it as one character).
        if (word !== 'u') fallbackToSkip = 0;
        continue;
      }
      // Text.
      if (state.skipped || data === undefined) continue;
      let text = data;
      if (fallbackToSkip > 0) {
        const skip = Math.min(fallbackToSkip, text.length);
        fallbackToSkip -= skip;
        text = text.subarray(skip);
      }
      // Line ends in RTF source are not text; \par makes the paragraphs.
      if (shown(state)) pendingBytes.push(Buffer.from(text.toString('latin1').replace(/[\r\n]/g, ''), 'latin1'));
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ExtractError(ExtractErrorCode.corrupt, `Unreadable RTF: ${message}`, { cause: error });
  }
  flush();
  return layoutLines(out.join(''));
}

function shown(state: GroupState): boolean {
  return !state.deleted && !state.hidden;
}

function decoderFor(codePage: number): TextDecoder {
  const label = CODE_PAGES[codePage] ?? (codePage >= 1250 && codePage <= 1258 ? `windows-${codePage}` : 'windows-1252');
  return new TextDecoder(label);
}

function* chunks(bytes: Uint8Array): Generator<Buffer> {
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
    yield Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.min(CHUNK_BYTES, bytes.length - start));
  }
}
