// Scans read with OCR: in this thread through scannedPdfText, and through the real extraction
// workers with OCR on and off. OCR costs about a second a page, so the scans here are short.
import { BroadcastChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExtractErrorCode } from '../../../../electron/node/extract/extractError.ts';
import { createExtractPool } from '../../../../electron/node/extract/extractPool.ts';
import { SCAN_PAGES_CHANNEL } from '../../../../electron/node/extract/extractProtocol.ts';
import type { ScanPageMessage } from '../../../../electron/node/extract/extractProtocol.ts';
import { OCR_OPTIONS, startOcrWorker, stopOcr } from '../../../../electron/node/extract/ocrEngine.ts';
import { MAX_SCAN_PAGES, scannedPdfText } from '../../../../electron/node/extract/scannedPdfText.ts';
import { prose } from '../../../helpers/documents.ts';
import { imagePdf, pagePng, scannedPdf, tiffScan, wrapLines } from '../../../helpers/scanDocuments.ts';
import { scannedTiffText } from '../../../../electron/node/extract/scannedTiffText.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { rawPdf } from './pdfFixtures.ts';

const SOURCE = prose(27, 3, 5);
const words = (text: string) => text.toLowerCase().match(/[a-z]+/g) ?? [];

/** The share of the source's words, in order, that the read text has: OCR may drop or misread a few. */
function recall(read: string, source: string): number {
  const readWords = new Set(words(read));
  const sourceWords = words(source);
  return sourceWords.filter((word) => readWords.has(word)).length / sourceWords.length;
}

let tree: TempTree;
beforeAll(async () => {
  tree = await createTempTree();
});
afterAll(async () => {
  await stopOcr();
  await tree.remove();
});

describe('scannedPdfText', () => {
  it('reads the text of a scanned page and skips a blank one', async () => {
    const pdf = await imagePdf([pagePng([]), pagePng(wrapLines(SOURCE))]);
    const pagesSeen: number[] = [];
    const text = await scannedPdfText(pdf, (page, pages) => pagesSeen.push(page * 100 + pages));
    expect(pagesSeen).toEqual([102, 202]);
    expect(recall(text, SOURCE)).toBeGreaterThan(0.95);
  });

  it('refuses a scan of more pages than it reads, before reading any', async () => {
    // Written by hand: pdf-lib takes half a minute over 10,000 pages. Each page paints one grey picture.
    const pages = Array.from({ length: 10_000 }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 3 0 R >> >> /Contents 4 0 R >>');
    const long = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${pages.map((_, i) => `${i + 5} 0 R`).join(' ')}] /Count ${pages.length} >>`,
      '<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 4 >>\nstream\n\x00\xff\xff\x00\nendstream',
      '<< /Length 31 >>\nstream\nq 595 0 0 842 0 0 cm /Im1 Do Q\nendstream',
      ...pages,
    ]);
    let pagesRead = 0;
    await expect(scannedPdfText(long, () => pagesRead++)).rejects.toMatchObject({
      code: ExtractErrorCode.tooBig,
      message: `A scan of 10000 pages: OCR reads at most ${MAX_SCAN_PAGES}`,
    });
    expect(pagesRead).toBe(0);
  });

  it('reads no text, and does not fail, when the picture on a page is corrupt', async () => {
    const garbage = Buffer.from('this is not deflated image data at all'.repeat(20));
    const corrupt = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>',
      Buffer.concat([Buffer.from(`<< /Type /XObject /Subtype /Image /Width 1240 /Height 1754 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${garbage.length} >>\nstream\n`), garbage, Buffer.from('\nendstream')]),
      '<< /Length 31 >>\nstream\nq 595 0 0 842 0 0 cm /Im1 Do Q\nendstream',
    ]);
    const text = await scannedPdfText(corrupt);
    expect(words(text)).toEqual([]);
  });

  it('runs tesseract in a thread that cannot download: a data folder given as a URL fails to load', async () => {
    await expect(startOcrWorker({ ...OCR_OPTIONS, langPath: 'https://tessdata.example/4.0.0_best_int' })).rejects.toThrow(/OCR downloads nothing/);
    // …and the packaged data is read from disk in that same kind of thread (the tests above): a
    // file: URL, which the thread's own fetch answers from each language's package folder.
    expect(OCR_OPTIONS.langPath).toMatch(/^file:/);
    expect(OCR_OPTIONS.cacheMethod).toBe('none');
  });
});

describe('scannedTiffText', () => {
  it('reads a TIFF scan, and refuses bytes that are no TIFF', async () => {
    expect(recall(await scannedTiffText(tiffScan(wrapLines(SOURCE))), SOURCE)).toBeGreaterThan(0.95);
    await expect(scannedTiffText(new TextEncoder().encode('II* but then nothing a TIFF holds'))).rejects.toMatchObject({ code: ExtractErrorCode.corrupt });
    await expect(scannedTiffText(new TextEncoder().encode('not a TIFF at all'))).rejects.toMatchObject({ code: ExtractErrorCode.corrupt });
  });
});

describe('the extraction workers', () => {
  it('read a scan with OCR only when asked, and say that its text came from OCR', async () => {
    const path = await tree.write('scan.pdf', await scannedPdf([wrapLines(SOURCE)]));
    const withOcr = createExtractPool({ threads: 1, ocr: true });
    const withoutOcr = createExtractPool({ threads: 1 });
    try {
      const read = await withOcr.extract(path);
      expect(read).toMatchObject({ ok: true, format: 'pdf', scanned: true });
      expect(recall((read as { text: string }).text, SOURCE)).toBeGreaterThan(0.95);
      const unread = await withoutOcr.extract(path);
      expect(unread).toEqual({ ok: true, format: 'pdf', bytes: read.ok ? read.bytes : -1, text: '' });
    } finally {
      await Promise.all([withOcr.destroy(), withoutOcr.destroy()]);
    }
  });

  it('say which page of a scan OCR starts on, for the scan progress', async () => {
    const path = await tree.write('two pages.pdf', await scannedPdf([['The first page of the minutes.'], ['The second page of the minutes.']]));
    const channel = new BroadcastChannel(SCAN_PAGES_CHANNEL);
    const messages: ScanPageMessage[] = [];
    const both = new Promise<void>((resolve) => {
      channel.onmessage = (event) => {
        messages.push((event as { data: ScanPageMessage }).data);
        if (messages.length === 2) resolve();
      };
    });
    const pool = createExtractPool({ threads: 1, ocr: true });
    try {
      // Small (under pdftotext's threshold), so pdf.js reads its text layer first: OCR still has the bytes.
      expect(await pool.extract(path)).toMatchObject({ ok: true, scanned: true, text: 'The first page of the minutes.\nThe second page of the minutes.' });
      await both;
      expect(messages).toEqual([
        { path, page: 1, pages: 2 },
        { path, page: 2, pages: 2 },
      ]);
    } finally {
      channel.close();
      await pool.destroy();
    }
  });
});
