// A scanned member's estimated figure, measured when its cluster is opened, is measured on what OCR
// reads of it, as the scan's was: not on the empty text the PDF holds without OCR.
import { statSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stopOcr } from '../../../../electron/node/extract/ocrEngine.ts';
import { measureClusters } from '../../../../electron/node/service/exactFigures.ts';
import type { Cluster } from '../../../../shared/report.ts';
import { prose } from '../../../helpers/documents.ts';
import { scannedPdf, wrapLines } from '../../../helpers/scanDocuments.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const NOTE = prose(61, 3, 5);
let tree: TempTree;
beforeAll(async () => {
  tree = await createTempTree({ 'note.txt': NOTE, 'note scan.pdf': await scannedPdf([wrapLines(NOTE)]) });
});
afterAll(async () => {
  await stopOcr();
  await tree.remove();
});

it('measures an estimated scan on its OCR text', async () => {
  const file = (name: string) => ({ path: tree.path(name), size: statSync(tree.path(name)).size, mtime: 0 });
  const cluster: Cluster = {
    id: 'n1',
    kind: 'near',
    similarity: 0.9,
    reclaimable: 0,
    estimated: true,
    files: [
      { ...file('note.txt'), format: 'text' },
      { ...file('note scan.pdf'), format: 'pdf', similarity: 0.9, matches: tree.path('note.txt'), estimated: true, scanned: true },
    ],
  };
  const [measured] = await measureClusters([cluster], 'words');
  const scan = measured!.files[1]!;
  expect(scan.estimated).toBeUndefined();
  expect(scan.scanned).toBe(true);
  expect(scan.similarity).toBeGreaterThan(0.5);
  expect(scan.similarity).toBeLessThan(1);
});
