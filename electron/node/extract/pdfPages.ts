// From a PDF's page texts to the document's running text: the page furniture that a plain-text
// copy lacks (running headers and footers, page numbers) removed, and words broken at line ends
// joined again.

// Headers and footers are looked for among this many lines at each end of a page. pdf.js gives
// lines in content-stream order, which generators write top to bottom with the header first
// and the footer last, but not always: a margin of a few lines absorbs the difference.
const EDGE_LINES = 3;
// A line at a page's edge is furniture when it recurs, digits aside, on this share of the pages…
const RECURRING_SHARE = 0.6;
// …of a document with at least this many pages; two pages can share a first line by chance.
const MIN_PAGES_FOR_RECURRENCE = 3;

const PAGE_NUMBER_LINES = [
  /^\d{1,5}$/, // 12
  /^[-–—]\s*\d{1,5}\s*[-–—]$/, // - 4 -
  /^(?:page|pg\.?|p\.)\s*\d{1,5}(?:\s*(?:of|\/)\s*\d{1,5})?$/i, // Page 3, Page 3 of 9, p. 3
  /^\d{1,5}\s*(?:of|\/)\s*\d{1,5}$/i, // 3 of 9, 3/9
  /^[ivxlc]{1,7}$/, // front-matter numbers: iv
];

// Hyphen-minus, hyphen, soft hyphen.
const HYPHENS = new Set([0x2d, 0x2010, 0xad]);
const WORD_BEFORE_HYPHEN = /(\p{L}+)[-\u2010\u00ad]$/u;
const WORD_AT_START = /^\p{L}+/u;
// Whitespace other than single spaces.
const SPACES_TO_TIDY = /\s\s|[^\S ]/;
const WORDS = /\p{L}+/gu;
const NON_ASCII = /[\u0080-\uffff]/;

/** The running text of a PDF from the text of its pages, one string per page, lines split by "\n". */
export function joinPdfPages(pages: string[]): string {
  const pageLines = pages.map(splitLines);
  const furniture = recurringEdgeLines(pageLines);
  const lines: string[] = [];
  for (const page of pageLines) {
    page.forEach((line, i) => {
      const atEdge = i < EDGE_LINES || i >= page.length - EDGE_LINES;
      if (atEdge && (isPageNumber(line) || furniture.has(edgeKey(line)))) return;
      lines.push(line);
    });
  }
  return joinHyphenated(lines);
}

function splitLines(page: string): string[] {
  const lines: string[] = [];
  for (const line of page.split('\n')) {
    // pdf-parse separates distant runs of one line with tabs; to the reader they are spaces.
    // Most lines have no whitespace but single spaces: testing is cheaper than replacing.
    const tidy = (SPACES_TO_TIDY.test(line) ? line.replace(/\s+/g, ' ') : line).trim();
    if (tidy !== '') lines.push(tidy);
  }
  return lines;
}

/** A line compared across pages: page numbers and dates vary, the rest of a header does not. */
function edgeKey(line: string): string {
  return line.toLowerCase().replace(/\d+/g, '#');
}

function isPageNumber(line: string): boolean {
  return PAGE_NUMBER_LINES.some((pattern) => pattern.test(line));
}

function recurringEdgeLines(pageLines: string[][]): Set<string> {
  const recurring = new Set<string>();
  if (pageLines.length < MIN_PAGES_FOR_RECURRENCE) return recurring;
  const pagesWithKey = new Map<string, number>();
  for (const lines of pageLines) {
    const edges = new Set([...lines.slice(0, EDGE_LINES), ...lines.slice(-EDGE_LINES)].map(edgeKey));
    for (const key of edges) pagesWithKey.set(key, (pagesWithKey.get(key) ?? 0) + 1);
  }
  const needed = Math.ceil(pageLines.length * RECURRING_SHARE);
  for (const [key, count] of pagesWithKey) if (count >= needed) recurring.add(key);
  return recurring;
}

/**
 * Joins the lines, mending words hyphenated at a line end. A hyphen there may be typesetting
 * ("docu-" "ment") or part of the text ("blocked-" "v4", "Anglo-" "Saxon", "well-" "known"), and
 * guessing wrong invents a word found in neither line. So the halves are joined only when the
 * document writes the joined word elsewhere (its own words are the dictionary); otherwise the
 * hyphen stays and the halves join around it. A soft hyphen is a typeset break by definition.
 */
function joinHyphenated(lines: string[]): string {
  // What follows each line: a line break, nothing (MEND: the hyphen goes), or, for a hard hyphen,
  // the joined word (lower case) that decides between the two once the document's words are known.
  const joints: (typeof BREAK | typeof MEND | string)[] = [];
  const wanted = new Set<string>();
  for (let i = 0; i + 1 < lines.length; i++) {
    const line = lines[i]!;
    // The pattern is tried only on lines that end in a hyphen: run on every line, its search from
    // each letter to the end cost more than the rest of the joining.
    const before = HYPHENS.has(line.charCodeAt(line.length - 1)) ? WORD_BEFORE_HYPHEN.exec(line)?.[1] : undefined;
    const after = before === undefined ? undefined : WORD_AT_START.exec(lines[i + 1]!)?.[0];
    if (before === undefined || after === undefined) joints.push(BREAK);
    else if (line.endsWith('\u00ad')) joints.push(MEND);
    else {
      const word = `${before}${after}`.toLowerCase();
      joints.push(word);
      wanted.add(word);
    }
  }
  const written = wanted.size === 0 ? wanted : wordsWritten(lines, wanted);
  // Pieces joined once at the end: appending to one string and cutting a hyphen off its end made
  // V8 flatten the whole text so far at every mended word, quadratic in a long document.
  const pieces: string[] = [];
  lines.forEach((line, i) => {
    const joint = joints[i];
    if (joint === BREAK) pieces.push(line, '\n');
    else if (joint === MEND || (joint !== undefined && written.has(joint))) pieces.push(line.slice(0, -1));
    // Otherwise (and after the last line) the hyphen stays and the halves join with nothing between them.
    else pieces.push(line);
  });
  return pieces.join('');
}

const BREAK = 0;
const MEND = 1;

/**
 * Which of `wanted` (lower-case words) the lines write, in any case. A set of every word of the
 * document cost more than the rest of the joining, so a line of ASCII, where letters are [A-Za-z]
 * and lowering keeps a word's length, is scanned in place: only a word whose length and first
 * letter match a wanted word's is cut out, lowered and looked up. In other lines (İ lowers to two
 * characters) every word is looked up.
 */
function wordsWritten(lines: string[], wanted: Set<string>): Set<string> {
  const shapes = new Set([...wanted].map((word) => shapeKey(word.length, word.charCodeAt(0))));
  const written = new Set<string>();
  const lookUp = (word: string) => {
    const lower = word.toLowerCase();
    if (wanted.has(lower)) written.add(lower);
  };
  for (const line of lines) {
    if (NON_ASCII.test(line)) {
      for (const word of line.match(WORDS) ?? []) lookUp(word);
      continue;
    }
    let start = -1;
    for (let i = 0; i <= line.length; i++) {
      // Past the end, charCodeAt gives NaN: not a letter, so the last word ends there.
      if (isAsciiLetter(line.charCodeAt(i))) {
        if (start < 0) start = i;
      } else if (start >= 0) {
        if (shapes.has(shapeKey(i - start, line.charCodeAt(start) | 0x20))) lookUp(line.slice(start, i));
        start = -1;
      }
    }
  }
  return written;
}

/** A word's length and lower-case first character (an ASCII letter's, by setting bit 5). */
function shapeKey(length: number, firstCode: number): number {
  return length * 0x10000 + firstCode;
}

function isAsciiLetter(code: number): boolean {
  return ((code | 0x20) - 0x61) >>> 0 < 26;
}
