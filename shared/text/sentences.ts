// Sentence and paragraph splitting, for the `sentences` and `paragraphs` chunk units and for
// cluster descriptions. Works on the original text so descriptions quote it as written.
// Single line breaks never split anything: a .txt wraps lines where the .html does not.

/**
 * A run of terminators (plus closing quotes/brackets) followed by whitespace or the end, an
 * ideographic terminator (no space follows those), or a blank line.
 */
const BOUNDARY = /[.!?…]+["'”’»)\]]*(?=\s|$)|[。！？｡]+[」』”’)）]*|\n[^\S\n]*\n\s*|\f/gu;
const PARAGRAPH_BREAK = /\n[^\S\n]*\n\s*|\f/u;
const HAS_TOKEN = /[\p{L}\p{N}]/u;

// A period after these is far more often an abbreviation than a sentence end.
const ABBREVIATIONS = new Set([
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'vs', 'etc', 'inc', 'ltd', 'co', 'corp',
  'fig', 'figs', 'no', 'nos', 'vol', 'pp', 'cf', 'approx', 'dept', 'est', 'eg', 'ie', 'al',
]);

const WORD_BEFORE = /([\p{L}.]+)\.$/u;
const NEXT_CHAR = /\S/u;

function isAbbreviation(text: string, dot: number): boolean {
  const before = WORD_BEFORE.exec(text.slice(Math.max(0, dot - 16), dot + 1));
  if (before === null) return false;
  const word = before[1]!.replaceAll('.', '').toLowerCase();
  // Single letters are initials ("J. Smith") or parts of "e.g.", "U.S.".
  return word.length === 1 || ABBREVIATIONS.has(word);
}

function startsLowercase(text: string, from: number): boolean {
  const next = NEXT_CHAR.exec(text.slice(from, from + 8));
  return next !== null && next[0] !== next[0].toUpperCase();
}

const SPACE_RUN = /\s+/gu;
const UNTIDY = /[^\S ]| {2}/u;
// Pieces longer than this are tidied a part at a time: one replace over a document with no
// sentence ends (one sentence of 64 MiB) holds a record of every match at once.
const TIDY_PART = 1 << 20;
const SPACE = /\s/u;

function tidy(piece: string): string {
  // Most pieces need no change: no copy of them is made.
  if (!UNTIDY.test(piece)) return piece.trim();
  if (piece.length <= TIDY_PART) return piece.replace(SPACE_RUN, ' ').trim();
  const parts: string[] = [];
  for (let from = 0; from < piece.length; ) {
    let to = Math.min(piece.length, from + TIDY_PART);
    // Every white-space character is one UTF-16 unit: a part never ends inside a run.
    while (to < piece.length && SPACE.test(piece[to]!)) to++;
    parts.push(piece.slice(from, to).replace(SPACE_RUN, ' '));
    from = to;
  }
  return parts.join('').trim();
}

/**
 * Calls `visit` with each sentence of text (whitespace collapsed; pieces without a letter or digit
 * skipped) and its span in text, one at a time: a long document's sentences need not all be held.
 */
export function forEachSentence(text: string, visit: (sentence: string, start: number, end: number) => void): void {
  let start = 0;
  for (const match of text.matchAll(BOUNDARY)) {
    const end = match.index + match[0].length;
    if (match[0].startsWith('.') && !match[0].startsWith('..')) {
      if (isAbbreviation(text, match.index) || startsLowercase(text, end)) continue;
    }
    const sentence = tidy(text.slice(start, end));
    if (HAS_TOKEN.test(sentence)) visit(sentence, start, end);
    start = end;
  }
  const last = tidy(text.slice(start));
  if (HAS_TOKEN.test(last)) visit(last, start, text.length);
}

/**
 * The sentence of text in the span forEachSentence gave for it, or, when it is longer than
 * `limit`, a prefix of it longer than `limit` (a description quotes ~200 characters of it).
 */
export function sentenceAt(text: string, start: number, end: number, limit = Infinity): string {
  // Tidying a prefix gives a prefix of the tidied sentence (at most its last space is missing).
  for (let raw = 2 * limit + 64; start + raw < end; raw *= 2) {
    const prefix = tidy(text.slice(start, start + raw));
    if (prefix.length > limit) return prefix;
  }
  return tidy(text.slice(start, end));
}

/** The sentences of text, whitespace collapsed; pieces without a letter or digit are dropped. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  forEachSentence(text, (sentence) => sentences.push(sentence));
  return sentences;
}

/** The paragraphs of text: pieces between blank lines (or form feeds, PDF page breaks). */
export function splitParagraphs(text: string): string[] {
  return text
    .split(PARAGRAPH_BREAK)
    .map(tidy)
    .filter((p) => HAS_TOKEN.test(p));
}

// Marks of code, markup and lists rather than prose: fences and inline code, tags, braces and
// operators, shell prompts and directives, table rules, list markers at the start.
const CODE_OR_MARKUP = /`|<\/?[a-z][^>]*>|[{}]|=>|==|\$\(|\)\s*;|;\s*$|::|\|\s*\||^\s*(?:[-*+•]|\d+[.)]|#+|\$|>)\s|^\s*[#@.][a-z]/iu;
const LETTER_OR_SPACE = /^[\p{L}\s]$/u;

/**
 * Letters and white space in s, counted by code point without building a string per match: a
 * document without sentence ends is one sentence of its whole length.
 */
function letterOrSpaceCount(s: string): number {
  let count = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      const lower = c | 0x20;
      if ((lower >= 0x61 && lower <= 0x7a) || c === 0x20 || (c >= 9 && c <= 13)) count++;
      continue;
    }
    const pair = c >= 0xd800 && c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (LETTER_OR_SPACE.test(s.slice(i, pair ? i + 2 : i + 1))) count++;
    if (pair) i++;
  }
  return count;
}

/** Whether s has at least n spaces, found without splitting it. */
function hasSpaces(s: string, n: number): boolean {
  let at = -1;
  for (let found = 0; found < n; found++) {
    at = s.indexOf(' ', at + 1);
    if (at < 0) return false;
  }
  return true;
}

/**
 * Whether a sentence reads as prose: several words, mostly letters, ending like a sentence, with
 * no marks of code, markup or a list. Descriptions prefer such sentences.
 */
export function looksLikeProse(sentence: string): boolean {
  if (!hasSpaces(sentence, 3) || CODE_OR_MARKUP.test(sentence)) return false;
  if (!/[.!?…。！？]["'”’»)\]]*$/u.test(sentence)) return false;
  return letterOrSpaceCount(sentence) >= 0.85 * sentence.length;
}
