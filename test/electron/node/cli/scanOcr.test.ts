// `shingle scan --ocr`: without it a scan is listed as not compared and the summary says how to
// read it; with it the scan joins its source, marked scanned, and a clean-up can remove it.
// One one-page scan (OCR: seconds).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ScanReport } from '../../../../shared/report.ts';
import { prose } from '../../../helpers/documents.ts';
import { runCli } from '../../../helpers/runCli.ts';
import { scannedPdf, wrapLines } from '../../../helpers/scanDocuments.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import { deleteScanOfLetter } from './scanCleanup.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const MEMO = prose(51, 3, 5);
let tree: TempTree;
beforeAll(async () => {
  tree = await createTempTree({ 'Memos/memo.txt': MEMO, 'Memos/memo scan.pdf': await scannedPdf([wrapLines(MEMO)]) });
});
afterAll(() => tree.remove());

it('says how many scans were not compared and how to read them, and reads them with --ocr', async () => {
  const without = await runCli(['scan', tree.path('Memos'), '--no-index']);
  expect(without.code).toBe(0);
  expect(without.stdout).toContain('1 scanned document (PDFs of page pictures) not compared: scan again with --ocr to read it.');
  expect(without.stderr).toContain(': ESCAN: ');

  const withOcr = await runCli(['scan', tree.path('Memos'), '--json', '--no-index', '--ocr']);
  expect(withOcr.code).toBe(0);
  const report = JSON.parse(withOcr.stdout) as ScanReport;
  expect(report.errors).toEqual([]);
  expect(report.clusters.map((c) => c.files.map((f) => [f.path, f.scanned ?? false]))).toEqual([
    [
      [tree.path('Memos/memo.txt'), false],
      [tree.path('Memos/memo scan.pdf'), true],
    ],
  ]);

  // A clean-up checks a scan, next to the action, on what OCR reads of it, as the scan measured it.
  await deleteScanOfLetter(tree, withOcr.stdout, 'Memos/memo.txt', 'Memos/memo scan.pdf');
});
