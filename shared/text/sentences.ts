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

function tidy(piece: string): string {
  return piece.replace(/\s+/gu, ' ').trim();
}

/** The sentences of text, whitespace collapsed; pieces without a letter or digit are dropped. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(BOUNDARY)) {
    const end = match.index + match[0].length;
    if (match[0].startsWith('.') && !match[0].startsWith('..')) {
      if (isAbbreviation(text, match.index) || startsLowercase(text, end)) continue;
    }
    const sentence = tidy(text.slice(start, end));
    if (HAS_TOKEN.test(sentence)) sentences.push(sentence);
    start = end;
  }
  const last = tidy(text.slice(start));
  if (HAS_TOKEN.test(last)) sentences.push(last);
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
const LETTER_OR_SPACE = /[\p{L}\s]/gu;

/**
 * Whether a sentence reads as prose: several words, mostly letters, ending like a sentence, with
 * no marks of code, markup or a list. Descriptions prefer such sentences.
 */
export function looksLikeProse(sentence: string): boolean {
  if (sentence.split(' ').length < 4 || CODE_OR_MARKUP.test(sentence)) return false;
  if (!/[.!?…。！？]["'”’»)\]]*$/u.test(sentence)) return false;
  return (sentence.match(LETTER_OR_SPACE)?.length ?? 0) >= 0.85 * sentence.length;
}
