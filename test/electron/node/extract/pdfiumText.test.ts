// PDFium against pdf.js: the same canonical text on generated PDFs and, on the real PDFs the
// machine has, close to it; and PDFium's own limits: encrypted, broken, image-only, too demanding.
import { describe, expect, it } from 'vitest';
import { jaccard } from '../../../../shared/fingerprint/jaccard.ts';
import { wordShingles } from '../../../../shared/fingerprint/shingles.ts';
import { canonicalTokenHashes, canonicalTokens } from '../../../../shared/text/canonicalTokens.ts';
import { joinPdfPages } from '../../../../electron/node/extract/pdfPages.ts';
import { pdfiumPages } from '../../../../electron/node/extract/pdfiumText.ts';
import { PDF_READER_ENV, pdfjsPages, pdfText } from '../../../../electron/node/extract/pdfText.ts';
import { prose, renderPdf } from '../../../helpers/documents.ts';
import { encryptedPdf, linesPdf, operatorsPdf, READER_CASES, realPdfBytes, realPdfs, slowPdf } from './pdfFixtures.ts';

async function bothTexts(bytes: Uint8Array): Promise<{ pdfium: string; pdfjs: string }> {
  // pdf.js may take over the bytes' buffer, so it gets a copy.
  return { pdfium: joinPdfPages(await pdfiumPages(bytes)), pdfjs: joinPdfPages(await pdfjsPages(bytes.slice())) };
}

describe('PDFium', () => {
  it.each(READER_CASES)('gives the same canonical text as pdf.js: %s', async (_name, make) => {
    const { pdfium, pdfjs } = await bothTexts(await make());
    expect(canonicalTokens(pdfium).length).toBeGreaterThan(5);
    expect(canonicalTokens(pdfium)).toEqual(canonicalTokens(pdfjs));
  });

  it('gives words hyphenated at a line end back as the hyphen and the line break, as pdf.js does', async () => {
    // PDFium itself drops such a line break and marks the hyphen: joinPdfPages decides for every reader.
    const { pdfium, pdfjs } = await bothTexts(await linesPdf([['The docu-', 'ment is a well-', 'known document.']]));
    expect(pdfium).toBe('The document is a well-known document.');
    expect(pdfium).toBe(pdfjs);
  });

  const real = realPdfs();
  it.skipIf(real.length === 0)(`comes close to pdf.js on the real PDFs under /usr/share/doc${real.length ? '' : ' (skipped: none here)'}`, async () => {
    const resemblances: number[] = [];
    for (const path of real) {
      const texts = await bothTexts(realPdfBytes(path)).catch((error: unknown) => error);
      // One that either reader refuses (encrypted, broken) leaves nothing to compare.
      if (texts instanceof Error) {
        console.log(`not read (${texts.message})  ${path}`);
        continue;
      }
      const { pdfium, pdfjs } = texts as { pdfium: string; pdfjs: string };
      const [a, b] = [canonicalTokenHashes(pdfium), canonicalTokenHashes(pdfjs)];
      // Two empty texts (an image-only PDF) agree: Jaccard's 0 for two empty sets would not.
      const same = a.length === b.length && a.every((hash, i) => hash === b[i]);
      const resemblance = same ? 1 : jaccard(wordShingles(a), wordShingles(b));
      console.log(`${same ? (a.length === 0 ? 'no text in either' : 'same text') : `resemblance ${resemblance.toFixed(3)}`}  ${path}`);
      resemblances.push(resemblance);
    }
    if (resemblances.length === 0) return;
    // Where they differ, PDFium sets the parts of a line left to right, pdf.js in the order the
    // file draws them (texinfo's right-aligned "[Function]" labels, drawn first), and mathematics:
    // each real file still lands in one near-duplicate cluster with itself.
    expect(Math.min(...resemblances)).toBeGreaterThan(0.7);
    expect(resemblances.sort((x, y) => x - y)[Math.floor(resemblances.length / 2)]).toBeGreaterThan(0.9);
  });

  it('reports PDFs that need a password, and reads those that only restrict copying', async () => {
    await expect(pdfiumPages(encryptedPdf('Secret words', 'secret'))).rejects.toMatchObject({ code: 'EENCRYPTED' });
    expect(joinPdfPages(await pdfiumPages(encryptedPdf('Open words', '')))).toBe('Open words');
    // Through pdfText, below the size pdftotext is tried at: PDFium alone decides.
    await expect(pdfText(encryptedPdf('Secret words', 'secret'))).rejects.toMatchObject({ code: 'EENCRYPTED' });
  });

  it('reports broken files, and finds no text in a page without any', async () => {
    const valid = Buffer.from(await renderPdf(prose(9, 12, 8)));
    await expect(pdfiumPages(valid.subarray(0, valid.length / 2))).rejects.toMatchObject({ code: 'ECORRUPT' });
    await expect(pdfiumPages(Buffer.from('%PDF-1.4\nnot a PDF at all'))).rejects.toMatchObject({ code: 'ECORRUPT' });
    // A page that only draws (an image-only scan has no text operators either).
    expect(await pdfiumPages(operatorsPdf('q 10 0 0 10 0 0 cm 0 0 1 1 re f Q'))).toEqual(['']);
  });

  it('leaves PDFs to pdf.js when SHINGLE_PDF_READER=pdfjs', async () => {
    const valid = Buffer.from(await renderPdf(prose(9, 12, 8)));
    const truncated = valid.subarray(0, valid.length / 2);
    // The two readers word their refusals differently.
    await expect(pdfText(truncated)).rejects.toThrow(/PDFium/);
    process.env[PDF_READER_ENV] = 'pdfjs';
    try {
      await expect(pdfText(truncated)).rejects.toMatchObject({ code: 'ECORRUPT', message: expect.not.stringMatching(/PDFium/) });
    } finally {
      delete process.env[PDF_READER_ENV];
    }
  });

  it('fails a file that needs more memory than its cap, and reads the next one afresh', async () => {
    await expect(pdfiumPages(slowPdf(1_000_000), 64 * 2 ** 20)).rejects.toMatchObject({ code: 'EMEMORY' });
    expect(joinPdfPages(await pdfiumPages(await linesPdf([['Read after the failure.']])))).toBe('Read after the failure.');
  });
});
