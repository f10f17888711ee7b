// The documents made from one source: its near-duplicate variants, its containment cases and a
// hard negative. Each keeps the text it was generated from, the ground truth that its exact
// resemblance to the others is measured on (never the text extracted back from the file).
import type { DocumentFormat } from '../../shared/report.ts';
import { jaccard } from '../../shared/fingerprint/jaccard.ts';
import { wordShingles } from '../../shared/fingerprint/shingles.ts';
import { canonicalTokenHashes } from '../../shared/text/canonicalTokens.ts';
import { PlanRandom } from '../bench/random.ts';
import { addHeaderFooter, appendLicence, editWords, excerpt, heavyRewrite, rebrand, reflow, swapParagraphs, truncate } from './edits.ts';
import { LICENCE_NOTICES } from './notices.ts';
import { encodeUtf16, renderHtml, renderPdf } from './render.ts';
import type { PdfLayout } from './render.ts';
import { maxContainment, MAX_SOURCE_RESEMBLANCE } from './sources.ts';
import type { Source } from './sources.ts';

export type VariantKind =
  | 'original' | 'copy' | 'reflow' | 'edit-2%' | 'edit-5%' | 'header-footer' | 'rebrand' | 'paragraph-swap'
  | 'licence-footer' | 'html' | 'pdf' | 'utf16' | 'excerpt' | 'truncated' | 'rewrite';

/**
 * variant: a near-duplicate of every other variant of its source (positive pairs).
 * containment: an excerpt or a cut-short copy, to be found beside its source, not as a near-duplicate.
 * negative: a heavy rewrite, resemblance below MAX_SOURCE_RESEMBLANCE: grouping it is a false positive.
 */
export type Role = 'variant' | 'containment' | 'negative';

export const ROLE_OF: Record<VariantKind, Role> = {
  original: 'variant', copy: 'variant', reflow: 'variant', 'edit-2%': 'variant', 'edit-5%': 'variant',
  'header-footer': 'variant', rebrand: 'variant', 'paragraph-swap': 'variant', 'licence-footer': 'variant',
  html: 'variant', pdf: 'variant', utf16: 'variant', excerpt: 'containment', truncated: 'containment', rewrite: 'negative',
};

export interface Variant {
  kind: VariantKind;
  /** File name inside the family's folder. */
  name: string;
  format: DocumentFormat;
  content: string | Uint8Array;
  /** The text the file was generated from. */
  truth: string;
  note?: string;
}

/** A licence appended to a document is boilerplate, not its body: at most this share of its words. */
const MAX_LICENCE_SHARE = 1 / 3;
/** An excerpt this much inside another source would be that source's containment case too. */
const MAX_EXCERPT_ELSEWHERE = 0.5;
const EXCERPT_TRIES = 8;

function shinglesOf(text: string): Uint32Array {
  return wordShingles(canonicalTokenHashes(text));
}

const notices = LICENCE_NOTICES.map((notice) => ({ ...notice, words: canonicalTokenHashes(notice.text).length, shingles: shinglesOf(notice.text) }));

const round2 = (x: number) => x.toFixed(2);

/** The source's path as a short title: "/usr/share/doc/bash/NEWS.gz" → "bash NEWS". */
function sourceTitle(path: string): string {
  const parts = path.replace(/\.gz$/, '').split('/');
  return parts.slice(-2).join(' ').replace(/[^ -~]/g, '?');
}

function pdfLayout(title: string, random: PlanRandom): PdfLayout {
  return {
    reflow: random.chance(0.5),
    fontSize: random.pick([9, 10, 11]),
    pageNumbers: random.pick(['none', 'number', 'page-of'] as const),
    ...(random.chance(0.5) ? { runningHeader: `${title} (archive copy)` } : {}),
  };
}

/** Every document of family `index`, made from sources[index] with its own seeded random stream. */
export async function familyVariants(sources: readonly Source[], index: number, seed: number): Promise<Variant[]> {
  const source = sources[index]!;
  const random = new PlanRandom(seed * 1_000_003 + index);
  const text = source.text;
  const title = sourceTitle(source.path);
  const plain = (kind: VariantKind, content: string, note?: string): Variant => ({
    kind, name: `${kind}.txt`, format: 'text', content, truth: content, ...(note ? { note } : {}),
  });
  const variants: Variant[] = [
    plain('original', text, source.path),
    { ...plain('copy', text), name: 'original (copy).txt' },
  ];
  const width = random.between(50, 110);
  variants.push(plain('reflow', reflow(text, width), `width ${width}`));
  variants.push(plain('edit-2%', editWords(text, 0.02, random)));
  variants.push(plain('edit-5%', editWords(text, 0.05, random)));
  variants.push(plain('header-footer', addHeaderFooter(text, random)));
  const rebranded = rebrand(text, random);
  if (rebranded) variants.push(plain('rebrand', rebranded.text, `${rebranded.from} → ${rebranded.to}`));
  variants.push(plain('paragraph-swap', swapParagraphs(text, 3, random), '3 swaps'));
  const fitting = notices.filter((notice) => notice.words <= source.words * MAX_LICENCE_SHARE);
  if (fitting.length > 0) {
    const notice = random.pick(fitting);
    variants.push(plain('licence-footer', appendLicence(text, notice.text), notice.name));
  }

  variants.push({ kind: 'html', name: 'html.html', format: 'html', content: renderHtml(text, title), truth: text });
  const layout = pdfLayout(title, random);
  const pdf = await renderPdf(text, layout);
  const layoutNote = `${layout.reflow ? 'reflowed' : 'line for line'}, ${layout.fontSize} pt, folios ${layout.pageNumbers}${layout.runningHeader ? ', running header' : ''}`;
  variants.push({ kind: 'pdf', name: 'pdf.pdf', format: 'pdf', content: pdf.bytes, truth: pdf.drawnText, note: layoutNote });
  variants.push({ kind: 'utf16', name: 'utf16.txt', format: 'text', content: encodeUtf16(text), truth: text });

  const elsewhere = [...sources.filter((_, i) => i !== index).map((s) => s.shingles), ...notices.map((n) => n.shingles)];
  let cut = '';
  let share = 0;
  for (let attempt = 0; attempt < EXCERPT_TRIES; attempt++) {
    share = 0.3 + 0.3 * random.next();
    cut = excerpt(text, share, random);
    if (maxContainment(shinglesOf(cut), elsewhere) < MAX_EXCERPT_ELSEWHERE) break;
  }
  variants.push(plain('excerpt', cut, `${round2(share)} of the words`));
  const kept = 0.8 + 0.15 * random.next();
  variants.push(plain('truncated', truncate(text, kept), `first ${round2(kept)} of the words`));

  // Rewrite more until the exact resemblance is below the negative limit.
  let rewriteShare = 0.5 + 0.2 * random.next();
  let rewritten = heavyRewrite(text, rewriteShare, random);
  while (jaccard(shinglesOf(rewritten), source.shingles) >= MAX_SOURCE_RESEMBLANCE && rewriteShare < 1) {
    rewriteShare = Math.min(1, rewriteShare + 0.1);
    rewritten = heavyRewrite(text, rewriteShare, random);
  }
  variants.push(plain('rewrite', rewritten, `${round2(rewriteShare)} of the text rewritten`));
  return variants;
}
