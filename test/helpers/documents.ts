// Documents generated in code for engine tests: prose, and its renderings as HTML and PDF.
import { PDFDocument, StandardFonts } from 'pdf-lib';

const SUBJECTS = ['The committee', 'Our supplier', 'The tenant', 'Each party', 'The board', 'The auditor', 'This agreement', 'The landlord'];
const VERBS = ['shall review', 'must approve', 'will deliver', 'may terminate', 'agrees to pay', 'has inspected', 'should report', 'can extend'];
const OBJECTS = ['the annual budget', 'all outstanding invoices', 'the lease before March', 'its quarterly figures', 'the revised schedule', 'every safety certificate', 'the shipping manifest', 'the final settlement'];
const TAILS = ['without delay.', 'within thirty days.', 'as agreed in writing.', 'before the next meeting.', 'unless notified otherwise.', 'at its own expense.'];

/** Deterministic prose: `paragraphs` paragraphs of `sentences` sentences, varied by `seed`. */
export function prose(seed: number, paragraphs = 6, sentences = 6): string {
  let state = seed * 2654435761 + 1;
  const next = (n: number) => {
    state = (Math.imul(state ^ (state >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    return state % n;
  };
  const out: string[] = [];
  for (let p = 0; p < paragraphs; p++) {
    const sentencesOut: string[] = [];
    for (let s = 0; s < sentences; s++) {
      sentencesOut.push(`${SUBJECTS[next(SUBJECTS.length)]} ${VERBS[next(VERBS.length)]} ${OBJECTS[next(OBJECTS.length)]} ${TAILS[next(TAILS.length)]}`);
    }
    out.push(sentencesOut.join(' '));
  }
  return out.join('\n\n');
}

/** Replaces every n-th word, as an editor changing a few words would. */
export function editEveryNthWord(text: string, n: number, replacement = 'amended'): string {
  let count = 0;
  return text.replace(/\S+/g, (word) => (++count % n === 0 ? replacement : word));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function renderHtml(text: string, title = 'Document'): string {
  const body = text
    .split('\n\n')
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>p { margin: 1em }</style><script>var x = "not text";</script></head><body><!-- generated -->\n${body}\n</body></html>`;
}

/** Lays the text out on A4 pages at 11 pt, wrapping lines as a word processor would. */
export async function renderPdf(text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const size = 11;
  const width = 595 - 2 * 56;
  const lines: string[] = [];
  for (const paragraph of text.split('\n\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) > width && line) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line, '');
  }
  const perPage = 50;
  for (let start = 0; start < lines.length; start += perPage) {
    const page = pdf.addPage([595, 842]);
    lines.slice(start, start + perPage).forEach((line, i) => page.drawText(line, { x: 56, y: 842 - 72 - i * 14, size, font }));
  }
  return pdf.save();
}
