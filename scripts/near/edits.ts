// What people do to the documents they copy, as text transforms: rewrap, edit a few words, add a
// letterhead, rebrand, move paragraphs, cut an excerpt, rewrite most of it. Every transform is
// driven by a seeded PlanRandom, so the corpus is the same on every run.
import type { PlanRandom } from '../bench/random.ts';

const WORD = /\S+/g;
const PARAGRAPH_BREAK = /\n[^\S\n]*\n\s*/;

function paragraphs(text: string): string[] {
  return text.split(PARAGRAPH_BREAK).filter((p) => p.trim() !== '');
}

/** Greedy line filling: the layout of a text editor's "reflow paragraph". */
function wrapWords(words: readonly string[], width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}

/** Rewraps every paragraph at `width` columns: the words stay, only the line breaks move. */
export function reflow(text: string, width: number): string {
  return paragraphs(text)
    .map((p) => wrapWords(p.match(WORD) ?? [], width))
    .join('\n\n');
}

/**
 * Edits about `rate` of the words: each edit substitutes, deletes, or inserts after the word a
 * word taken from the document itself, as a reviser would.
 */
export function editWords(text: string, rate: number, random: PlanRandom): string {
  const vocabulary = text.match(WORD) ?? [];
  return text.replace(WORD, (word) => {
    if (!random.chance(rate)) return word;
    const other = random.pick(vocabulary);
    const operation = random.int(3);
    return operation === 0 ? other : operation === 1 ? '' : `${word} ${other}`;
  });
}

const COMPANIES = ['Northwind Traders', 'Globex Corporation', 'Initech Systems', 'Umbrella Logistics', 'Vandelay Industries', 'Tyrell Archives'];
const BRANDS = ['Zyntrax', 'Quillobar', 'Marvendo', 'Plexorium', 'Vantigo', 'Orbelune'];

/** A letterhead and a print footer around the text (about 40 words in all). */
export function addHeaderFooter(text: string, random: PlanRandom): string {
  const company = random.pick(COMPANIES);
  const date = `${random.between(1, 28)} ${random.pick(['March', 'June', 'October'])} ${random.between(2015, 2024)}`;
  const code = `${random.pick(['HR', 'LEG', 'OPS', 'ENG'])}-${random.between(100, 999)}`;
  const domain = `${company.split(' ')[0]!.toLowerCase()}.example`;
  const header = `${company}\nInternal document ${code}, revision ${random.between(2, 9)} of ${date}\nDistribution: all staff. Do not forward outside the company.\n\n`;
  const footer = `\n\n--\nThis copy was printed from the ${company} document archive on ${date}.\nQuestions about this document go to records@${domain}.\n`;
  return header + text.trimEnd() + footer;
}

// Capitalised words that open sentences rather than name anything.
const NOT_NAMES = new Set(['The', 'This', 'That', 'These', 'Those', 'There', 'Then', 'When', 'With', 'What', 'Where', 'Which', 'While', 'From', 'Some', 'Also', 'Note', 'Each', 'They', 'Other', 'More', 'Most', 'Only', 'Such', 'Many', 'Your', 'Here']);

/** The most frequent capitalised word that is not a mere sentence opener, or null. */
function mostFrequentName(text: string): string | null {
  const counts = new Map<string, number>();
  for (const [word] of text.matchAll(/\b[A-Z][A-Za-z0-9]{3,}\b/g)) if (!NOT_NAMES.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  let best: string | null = null;
  for (const [word, count] of counts) if (count >= 2 && (best === null || count > counts.get(best)!)) best = word;
  return best;
}

/** Replaces a frequent name everywhere, in all its casings: a rebranded copy. */
export function rebrand(text: string, random: PlanRandom): { text: string; from: string; to: string } | null {
  const from = mostFrequentName(text);
  if (from === null) return null;
  const to = BRANDS.find((brand) => !text.includes(brand)) ?? random.pick(BRANDS);
  const casings = new Map([
    [from, to],
    [from.toLowerCase(), to.toLowerCase()],
    [from.toUpperCase(), to.toUpperCase()],
  ]);
  const pattern = new RegExp(`\\b(${[...casings.keys()].join('|')})\\b`, 'g');
  return { text: text.replace(pattern, (word) => casings.get(word) ?? word), from, to };
}

/** Moves `swaps` pairs of paragraphs (groups of four lines when the text has few paragraphs). */
export function swapParagraphs(text: string, swaps: number, random: PlanRandom): string {
  let blocks = paragraphs(text);
  if (blocks.length < 4) {
    const lines = text.split('\n');
    blocks = [];
    for (let i = 0; i < lines.length; i += 4) blocks.push(lines.slice(i, i + 4).join('\n'));
  }
  for (let s = 0; s < swaps && blocks.length > 1; s++) {
    const i = random.int(blocks.length);
    const j = (i + 1 + random.int(blocks.length - 1)) % blocks.length;
    [blocks[i], blocks[j]] = [blocks[j]!, blocks[i]!];
  }
  return blocks.join('\n\n');
}

/** The text from word `first` through word `first + count - 1`, as written between them. */
function wordRange(text: string, first: number, count: number): string {
  const words = [...text.matchAll(WORD)];
  const start = words[first]!;
  const end = words[Math.min(words.length, first + count) - 1]!;
  return text.slice(start.index, end.index + end[0].length);
}

function wordCount(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/** A contiguous excerpt of `share` of the words, starting anywhere. */
export function excerpt(text: string, share: number, random: PlanRandom): string {
  const total = wordCount(text);
  const count = Math.max(1, Math.round(share * total));
  return wordRange(text, random.int(total - count + 1), count);
}

/** The first `share` of the words: a copy cut short. */
export function truncate(text: string, share: number): string {
  return wordRange(text, 0, Math.max(1, Math.round(share * wordCount(text))));
}

// Rewrites go by runs of this many words: kept runs keep most of their shingles, which puts the
// resemblance of a heavy rewrite near, not far below, the negative limit.
const REWRITE_RUN = 30;

/**
 * Rewrites about `share` of the text in runs of words: each rewritten run has its words shuffled
 * and half of them replaced by other words of the document. Spacing is kept as written.
 */
export function heavyRewrite(text: string, share: number, random: PlanRandom): string {
  const words = [...text.matchAll(WORD)];
  const vocabulary = words.map((w) => w[0]);
  const out: string[] = [];
  let last = 0;
  for (let run = 0; run < words.length; run += REWRITE_RUN) {
    const group = words.slice(run, run + REWRITE_RUN);
    const rewritten = random.chance(share);
    const replacement = group.map((w) => w[0]);
    if (rewritten) {
      for (let i = replacement.length - 1; i > 0; i--) {
        const j = random.int(i + 1);
        [replacement[i], replacement[j]] = [replacement[j]!, replacement[i]!];
      }
      for (let i = 0; i < replacement.length; i++) if (random.chance(0.5)) replacement[i] = random.pick(vocabulary);
    }
    group.forEach((word, i) => {
      out.push(text.slice(last, word.index), replacement[i]!);
      last = word.index + word[0].length;
    });
  }
  out.push(text.slice(last));
  return out.join('');
}

/** The text with a licence appended: boilerplate that different documents share. */
export function appendLicence(text: string, licence: string): string {
  return `${text.trimEnd()}\n\n${licence.trim()}\n`;
}
