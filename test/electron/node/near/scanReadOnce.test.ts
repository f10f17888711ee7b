// Each scanned page is read by OCR once in a scan: the claims' checks and the cluster's description
// take the text the fingerprint step read (scanTexts.ts) rather than read the scan again. Every
// extraction pool the scan starts is watched, and the scan's file counted each time one with OCR
// is asked for it. One one-page scan (OCR: seconds).
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { stopOcr } from '../../../../electron/node/extract/ocrEngine.ts';
import { createScanTexts } from '../../../../electron/node/near/scanTexts.ts';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import { prose } from '../../../helpers/documents.ts';
import { ocrReads } from '../../../helpers/ocrReads.ts';
import { scannedPdf, wrapLines } from '../../../helpers/scanDocuments.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

vi.mock('../../../../electron/node/extract/extractPool.ts', async (original) => (await import('../../../helpers/ocrReads.ts')).countingOcrReads(await original()));

const LETTER = prose(61, 3, 6);
let tree: TempTree;
beforeAll(async () => {
  // The scan's name sorts first: it is the cluster's representative, whose text the description reads.
  tree = await createTempTree({ 'letters/a scan.pdf': await scannedPdf([wrapLines(LETTER)]), 'letters/b letter.txt': LETTER });
});
afterAll(async () => {
  await stopOcr();
  await tree.remove();
});

it('reads a scan with OCR once: its check and its description take the text the fingerprint step read', async () => {
  const report = await runScan({ ...defaultScanOptions, roots: [tree.path('letters')], ocr: true });
  expect(report.errors).toEqual([]);
  expect(report.clusters).toHaveLength(1);
  const [cluster] = report.clusters;
  expect(cluster!.files.map((file) => [file.path, file.scanned ?? false])).toEqual([
    [tree.path('letters/a scan.pdf'), true],
    [tree.path('letters/b letter.txt'), false],
  ]);
  // Checked and described as a scan read with OCR is: below 100 %, with a description.
  expect(cluster!.similarity).toBeLessThan(1);
  expect(cluster!.description).toBeTruthy();
  expect(ocrReads.filter((path) => path === tree.path('letters/a scan.pdf'))).toHaveLength(1);
});

it('keeps scans’ texts up to its budget, past which a scan is read again rather than held', () => {
  const texts = createScanTexts(10);
  texts.keep('/a.pdf', 'abcdef');
  texts.keep('/b.pdf', 'ghijkl');
  texts.keep('/a.pdf', 'abcdefgh');
  expect([texts.get('/a.pdf'), texts.get('/b.pdf')]).toEqual(['abcdefgh', undefined]);
});
