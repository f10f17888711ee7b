// A scan of a born-digital document, read with OCR, joins that document's cluster marked as a scan,
// with a measured figure: never the same text or bytes. Without OCR the scan is counted, not
// compared, and the report says how to read it. What OCR read is kept in the index apart from
// the reading without it. OCR costs about a second a page: one one-page scan.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMemoryCache } from '../../../../electron/node/index/memoryCache.ts';
import { stopOcr } from '../../../../electron/node/extract/ocrEngine.ts';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import { formatHumanReport } from '../../../../electron/node/cli/humanReport.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import { prose } from '../../../helpers/documents.ts';
import { scannedPdf, tiffScan, wrapLines } from '../../../helpers/scanDocuments.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const LETTER = prose(41, 3, 6);

let tree: TempTree;
beforeAll(async () => {
  tree = await createTempTree({
    'letters/letter.txt': LETTER,
    'letters/letter scanned.pdf': await scannedPdf([wrapLines(LETTER)]),
    // Without OCR a TIFF is counted as a scan not compared, as an image-only PDF is.
    'letters/letter fax.tif': tiffScan(wrapLines(LETTER), 200),
    'letters/other.txt': prose(42, 3, 6),
  });
});
afterAll(async () => {
  await stopOcr();
  await tree.remove();
});

it('counts a scan as not compared without OCR, and with OCR puts it beside its source, marked, below 100 %', async () => {
  const cache = createMemoryCache();
  const options = { ...defaultScanOptions, roots: [tree.path('letters')] };

  const without = await runScan(options, { cache });
  expect(without.clusters).toEqual([]);
  expect(without.errors).toEqual([
    { path: tree.path('letters/letter fax.tif'), code: 'ESCAN', message: expect.stringContaining('a TIFF image, which may be a scan. Scan with OCR to read it: --ocr') },
    { path: tree.path('letters/letter scanned.pdf'), code: 'ESCAN', message: expect.stringContaining('--ocr') },
  ]);
  expect(formatHumanReport(without)).toContain('2 scanned documents (PDFs of page pictures, TIFF images) not compared: scan again with --ocr to read them.');

  // The cache's "no text" from the scan without OCR does not stand for a reading with it.
  const withOcr = await runScan({ ...options, ocr: true }, { cache });
  expect(withOcr.errors).toEqual([]);
  expect(withOcr.clusters).toHaveLength(1);
  const [cluster] = withOcr.clusters;
  expect(cluster!.kind).toBe('near');
  const scan = cluster!.files.find((file) => file.path.endsWith('.pdf'))!;
  const source = cluster!.files.find((file) => file.path.endsWith('letter.txt'))!;
  expect(cluster!.files.map((file) => file.path).sort()).toEqual([tree.path('letters/letter fax.tif'), tree.path('letters/letter scanned.pdf'), tree.path('letters/letter.txt')]);
  expect(scan).toMatchObject({ scanned: true, format: 'pdf' });
  expect(cluster!.files.find((file) => file.path.endsWith('.tif'))).toMatchObject({ scanned: true, format: 'tiff' });
  expect(source.scanned).toBeUndefined();
  for (const file of cluster!.files) expect(file.identical).toBeUndefined();
  expect(cluster!.similarity).toBeLessThan(1);
  expect(cluster!.similarity).toBeGreaterThan(0.5);
  expect(formatHumanReport(withOcr)).toContain('(scan, read with OCR)');

  // Read once: a rescan with OCR takes the scan's reading from the cache…
  const again = await runScan({ ...options, ocr: true, folders: false }, { cache });
  expect(again.stats.filesRead).toBe(0);
  expect(again.clusters.map((c) => c.files.filter((file) => file.scanned).map((file) => file.path).sort())).toEqual([[tree.path('letters/letter fax.tif'), tree.path('letters/letter scanned.pdf')]]);
  // …and a scan without OCR does not: the scan is again counted, not compared.
  const off = await runScan({ ...options, folders: false }, { cache });
  expect(off.errors.map((error) => error.code)).toEqual(['ESCAN', 'ESCAN']);
});
