// pdftotext against pdf.js: the same canonical text on generated PDFs and, where the machine has
// some, close to it on real ones; and pdftotext's own limits and fallbacks.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jaccard } from '../../../../shared/fingerprint/jaccard.ts';
import { wordShingles } from '../../../../shared/fingerprint/shingles.ts';
import { canonicalTokenHashes, canonicalTokens } from '../../../../shared/text/canonicalTokens.ts';
import { joinPdfPages } from '../../../../electron/node/extract/pdfPages.ts';
import { PDFTOTEXT_MIN_BYTES, pdfjsPages, pdfText } from '../../../../electron/node/extract/pdfText.ts';
import { findPdftotext, pdftotextPages, pdftotextTools } from '../../../../electron/node/extract/pdftotextText.ts';
import { prose, renderPdf } from '../../../helpers/documents.ts';
import { encryptedPdf, READER_CASES, realPdfBytes, realPdfs, slowPdf } from './pdfFixtures.ts';

const tools = pdftotextTools();
const missing = tools ? '' : ' (skipped: pdftotext is not installed; apt-get install poppler-utils)';
if (!tools) console.warn(`pdftotext tests${missing}`);

const dir = mkdtempSync(join(tmpdir(), 'shingle-pdftotext-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bothTexts(bytes: Uint8Array): Promise<{ poppler: string; pdfjs: string }> {
  const pages = await pdftotextPages(bytes);
  if (pages === null) throw new Error('pdftotext gave no answer');
  // pdf.js may take over the bytes' buffer, so it gets a copy.
  return { poppler: joinPdfPages(pages), pdfjs: joinPdfPages(await pdfjsPages(bytes.slice())) };
}

describe.skipIf(!tools)(`pdftotext${missing}`, () => {
  it.each(READER_CASES)('gives the same canonical text as pdf.js: %s', async (_name, make) => {
    const { poppler, pdfjs } = await bothTexts(await make());
    expect(canonicalTokens(poppler).length).toBeGreaterThan(5);
    expect(canonicalTokens(poppler)).toEqual(canonicalTokens(pdfjs));
  });

  const real = realPdfs();
  it.skipIf(real.length === 0)(`comes close to pdf.js on the real PDFs under /usr/share/doc${real.length ? '' : ' (skipped: none here)'}`, async () => {
    const resemblances: number[] = [];
    for (const path of real) {
      const bytes = realPdfBytes(path);
      // One that either reader cannot open is read by the other (pdfText falls back): nothing to compare.
      const pages = await pdftotextPages(bytes).catch(() => null);
      const pdfjsText = await pdfjsPages(bytes.slice()).then(joinPdfPages, () => null);
      if (pages === null || pdfjsText === null) {
        console.log(`not read by ${pages === null ? 'pdftotext' : 'pdf.js'}  ${path}`);
        continue;
      }
      const poppler = canonicalTokens(joinPdfPages(pages)).join(' ');
      const pdfjs = canonicalTokens(pdfjsText).join(' ');
      // Two empty texts (an image-only PDF, such as groff's penguin) agree: there is no shingle to
      // measure, and Jaccard's 0 for two empty sets would count as the readers disagreeing.
      const resemblance = poppler === pdfjs ? 1 : jaccard(wordShingles(canonicalTokenHashes(joinPdfPages(pages))), wordShingles(canonicalTokenHashes(pdfjsText)));
      console.log(`${poppler === pdfjs ? (poppler === '' ? 'no text in either' : 'same text') : `resemblance ${resemblance.toFixed(3)}`}  ${path}`);
      resemblances.push(resemblance);
    }
    if (resemblances.length === 0) return;
    // Where they differ it is mathematics (sub- and superscripts, footnote marks) and accents that
    // poppler composes: each real file still lands in one near-duplicate cluster with itself.
    expect(Math.min(...resemblances)).toBeGreaterThan(0.7);
    expect(resemblances.sort((a, b) => a - b)[Math.floor(resemblances.length / 2)]).toBeGreaterThan(0.99);
  });

  it('gives no answer for files it cannot read, so that the reader in the worker decides', async () => {
    // Large enough for pdfText to try pdftotext first.
    const valid = Buffer.from(await renderPdf(prose(9, 120, 50)));
    const truncated = valid.subarray(0, valid.length / 2);
    const locked = encryptedPdf('Secret words', 'secret', PDFTOTEXT_MIN_BYTES);
    expect(truncated.length).toBeGreaterThanOrEqual(PDFTOTEXT_MIN_BYTES);
    expect(await pdftotextPages(truncated)).toBeNull();
    expect(await pdftotextPages(locked)).toBeNull();
    await expect(pdfText(locked)).rejects.toMatchObject({ code: 'EENCRYPTED' });
    await expect(pdfText(truncated)).rejects.toMatchObject({ code: 'ECORRUPT' });
    // An owner password alone restricts copying, which a reader of one's own files ignores.
    expect(await pdftotextPages(encryptedPdf('Open words', '', PDFTOTEXT_MIN_BYTES))).toEqual(['Open words\n']);
    expect(await pdfText(encryptedPdf('Open words', '', PDFTOTEXT_MIN_BYTES))).toBe('Open words');
  });

  it('ends a child past its CPU or text limit', async () => {
    const limits = { cpuSeconds: 1, memoryBytes: 512 * 2 ** 20, maxTextBytes: 2 ** 20 };
    // pdftotext spends about 0.5 CPU-seconds per million text runs.
    await expect(pdftotextPages(slowPdf(4_000_000), limits)).rejects.toMatchObject({ code: 'ETIMEOUT' });
    const long = await renderPdf(prose(9, 40, 8));
    expect(await pdftotextPages(long, limits)).not.toBeNull();
    await expect(pdftotextPages(long, { ...limits, maxTextBytes: 1000 })).rejects.toMatchObject({ code: 'EMEMORY' });
  });
});

describe('finding pdftotext', () => {
  it('is off when asked, uses a named binary, and never a relative PATH entry', () => {
    const fake = join(dir, 'pdftotext');
    writeFileSync(fake, '#!/bin/sh\n');
    chmodSync(fake, 0o755);
    expect(findPdftotext({ PATH: dir, SHINGLE_PDFTOTEXT: 'off' })).toBeNull();
    expect(findPdftotext({ PATH: dir })?.pdftotext).toBe(fake);
    expect(findPdftotext({ PATH: '/nonexistent', SHINGLE_PDFTOTEXT: fake })?.pdftotext).toBe(fake);
    expect(findPdftotext({ PATH: '/nonexistent', SHINGLE_PDFTOTEXT: join(dir, 'missing') })).toBeNull();
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      // A scan's current folder could hold any "pdftotext".
      expect(findPdftotext({ PATH: `.:/nonexistent:` })).toBeNull();
    } finally {
      process.chdir(cwd);
    }
  });
});
