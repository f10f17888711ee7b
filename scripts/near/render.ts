// The same text in other file formats: an HTML page, a typeset PDF, UTF-16 with a byte-order mark.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { PDFFont } from 'pdf-lib';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A web page of the text: paragraphs as <p> (the browser rewraps them), indented blocks as <pre>,
 * with the head, styles, script and comments a saved page carries but a reader never sees.
 */
export function renderHtml(text: string, title: string): string {
  const blocks = text
    .split(/\n[^\S\n]*\n/)
    .filter((block) => block.trim() !== '')
    .map((block) => (/^[ \t]/m.test(block) ? `<pre>${escapeHtml(block)}</pre>` : `<p>${escapeHtml(block.trim())}</p>`));
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    '<style>body { max-width: 42em; margin: auto } pre { white-space: pre-wrap }</style>',
    '<script>document.documentElement.className = "js";</script>',
    '</head><body>',
    '<!-- exported by the document archive -->',
    '<main>',
    ...blocks,
    '</main></body></html>',
    '',
  ].join('\n');
}

/** UTF-16 LE with a byte-order mark, as Windows' Notepad used to save "Unicode" text. */
export function encodeUtf16(text: string): Uint8Array {
  return Buffer.from(`\ufeff${text}`, 'utf16le');
}

export interface PdfLayout {
  /** Paragraphs set as running text (a word processor's PDF) rather than line for line (a printout). */
  reflow: boolean;
  /** A line repeated at the top of every page, e.g. the document title. */
  runningHeader?: string;
  pageNumbers: 'none' | 'number' | 'page-of';
  fontSize: number;
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const FIXED_DATE = new Date(Date.UTC(2024, 0, 1));

/**
 * The characters the standard Helvetica (WinAnsi) can draw; others become '?', and tabs and
 * control characters spaces. Returns the text as it will be drawn: the PDF's ground truth.
 */
function drawableText(text: string, font: PDFFont): string {
  const drawable = new Map<string, string>();
  let out = '';
  for (const ch of text) {
    let mapped = drawable.get(ch);
    if (mapped === undefined) {
      if (ch === '\n') mapped = ch;
      else if (ch < ' ') mapped = ' ';
      else {
        try {
          font.encodeText(ch);
          mapped = ch;
        } catch {
          mapped = '?';
        }
      }
      drawable.set(ch, mapped);
    }
    out += mapped;
  }
  return out;
}

/** Splits a line into pieces that fit `width`: at spaces, and inside words longer than a line. */
function wrapLine(line: string, width: number, widthOf: (s: string) => number): string[] {
  if (widthOf(line) <= width) return [line];
  const pieces: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (widthOf(candidate) <= width) {
      current = candidate;
      continue;
    }
    if (current !== '') pieces.push(current);
    current = '';
    // A URL or a rule of dashes wider than the page is broken between characters.
    for (const ch of word) {
      if (current !== '' && widthOf(current + ch) > width) {
        pieces.push(current);
        current = '';
      }
      current += ch;
    }
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

/** A4 pages, lines wrapped to the measure, with an optional running header and folios. */
export async function renderPdf(text: string, layout: PdfLayout): Promise<{ bytes: Uint8Array; drawnText: string }> {
  // pdf-lib stamps the current time by default; a fixed date keeps the corpus byte for byte reproducible.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const { fontSize } = layout;
  const drawnText = drawableText(text, font);
  const charWidths = new Map<string, number>();
  const widthOf = (s: string) => {
    let width = 0;
    for (const ch of s) {
      let w = charWidths.get(ch);
      if (w === undefined) charWidths.set(ch, (w = font.widthOfTextAtSize(ch, fontSize)));
      width += w;
    }
    return width;
  };
  const typed = layout.reflow ? drawnText.split(/\n[^\S\n]*\n/).flatMap((p) => [p.replace(/\s+/g, ' ').trim(), '']) : drawnText.split('\n');
  const lines = typed.flatMap((line) => (line.trim() === '' ? [''] : wrapLine(line.trimEnd(), PAGE_WIDTH - 2 * MARGIN, widthOf)));
  const leading = fontSize * 1.25;
  const top = PAGE_HEIGHT - MARGIN - (layout.runningHeader ? 2 * leading : 0);
  const perPage = Math.floor((top - MARGIN - 2 * leading) / leading);
  const pageCount = Math.max(1, Math.ceil(lines.length / perPage));
  for (let p = 0; p < pageCount; p++) {
    const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    if (layout.runningHeader) page.drawText(layout.runningHeader, { x: MARGIN, y: PAGE_HEIGHT - MARGIN, size: fontSize - 1, font });
    lines.slice(p * perPage, (p + 1) * perPage).forEach((line, i) => {
      if (line !== '') page.drawText(line, { x: MARGIN, y: top - i * leading, size: fontSize, font });
    });
    if (layout.pageNumbers !== 'none') {
      const folio = layout.pageNumbers === 'number' ? `${p + 1}` : `Page ${p + 1} of ${pageCount}`;
      page.drawText(folio, { x: PAGE_WIDTH / 2 - widthOf(folio) / 2, y: MARGIN - leading, size: fontSize, font });
    }
  }
  return { bytes: await pdf.save(), drawnText };
}
