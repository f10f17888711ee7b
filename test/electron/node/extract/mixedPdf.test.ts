// A PDF mixing pages of text and scanned pages: with OCR its pages without a text layer are read
// with it, in page order, and it is marked as read with OCR; a PDF of text whose other pages hold
// no picture is not. Through the real extraction workers and a scan with an index kept in memory.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createExtractPool } from '../../../../electron/node/extract/extractPool.ts';
import { stopOcr } from '../../../../electron/node/extract/ocrEngine.ts';
import { createMemoryCache } from '../../../../electron/node/index/memoryCache.ts';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import { prose } from '../../../helpers/documents.ts';
import { pagePng, wrapLines } from '../../../helpers/scanDocuments.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const TYPED = prose(71, 2, 6);
const SCANNED = prose(72, 2, 6);
const words = (text: string) => text.toLowerCase().match(/[a-z]+/g) ?? [];

/** A PDF of `pages`: each either lines set as text (a text layer) or a picture of lines (a scanned page, no text layer), or empty. */
async function mixedPdf(pages: ({ typed: string[] } | { scanned: string[] } | 'empty')[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const content of pages) {
    const page = doc.addPage([595, 842]);
    if (content === 'empty') continue;
    if ('typed' in content) content.typed.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 16, size: 11, font }));
    else page.drawImage(await doc.embedPng(pagePng(content.scanned)), { x: 0, y: 0, width: 595, height: 842 });
  }
  return doc.save();
}

let tree: TempTree;
beforeAll(async () => {
  tree = await createTempTree({
    'docs/mixed.pdf': await mixedPdf([{ typed: wrapLines(TYPED) }, { scanned: wrapLines(SCANNED) }]),
    'docs/typed with a blank page.pdf': await mixedPdf([{ typed: wrapLines(TYPED) }, 'empty']),
    'docs/both.txt': `${TYPED}\n\n${SCANNED}`,
  });
});
afterAll(async () => {
  await stopOcr();
  await tree.remove();
});

it('reads the pages without a text layer with OCR, in page order, and marks the PDF as read with OCR', async () => {
  const pool = createExtractPool({ threads: 1, ocr: true });
  try {
    const mixed = await pool.extract(tree.path('docs/mixed.pdf'));
    expect(mixed).toMatchObject({ ok: true, format: 'pdf', scanned: true });
    const read = words(mixed.ok ? mixed.text : '');
    const scannedWords = words(SCANNED);
    // The typed page's words, exactly, then nearly all of the scanned page's (OCR may misread a few).
    expect(read.slice(0, words(TYPED).length)).toEqual(words(TYPED));
    const rest = new Set(read.slice(words(TYPED).length));
    expect(scannedWords.filter((word) => rest.has(word)).length / scannedWords.length).toBeGreaterThan(0.9);

    const blank = await pool.extract(tree.path('docs/typed with a blank page.pdf'));
    expect(blank.ok && words(blank.text)).toEqual(words(TYPED));
    expect(blank).not.toHaveProperty('scanned');
  } finally {
    await pool.destroy();
  }
});

it('reads again with OCR a PDF the index holds a reading without OCR of', async () => {
  const cache = createMemoryCache();
  const options = { ...defaultScanOptions, roots: [tree.path('docs')] };
  await runScan(options, { cache });
  const withOcr = await runScan({ ...options, ocr: true }, { cache });
  const mixed = withOcr.clusters.flatMap((cluster) => cluster.files).find((file) => file.path === tree.path('docs/mixed.pdf'));
  expect(mixed).toMatchObject({ scanned: true });
  const cluster = withOcr.clusters.find((c) => c.files.includes(mixed!))!;
  expect(cluster.files.map((file) => file.path)).toContain(tree.path('docs/both.txt'));
  // Read once: the next scan with OCR takes both PDFs' readings from the index.
  const again = await runScan({ ...options, ocr: true, folders: false }, { cache });
  expect(again.stats.filesRead).toBe(0);
});
