// The side-by-side view's text of a scan: read with OCR once while the file is unchanged, and read
// again once it changes (the kept text is keyed by the file's identity). Every extraction pool is
// watched and each request to read the scan with OCR counted. Two one-page scans (OCR: seconds).
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createDocumentTexts } from '../../../../electron/node/service/documentText.ts';
import type { Cluster } from '../../../../shared/report.ts';
import { prose } from '../../../helpers/documents.ts';
import { ocrReads } from '../../../helpers/ocrReads.ts';
import { scannedPdf, wrapLines } from '../../../helpers/scanDocuments.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

vi.mock('../../../../electron/node/extract/extractPool.ts', async (original) => (await import('../../../helpers/ocrReads.ts')).countingOcrReads(await original()));

const FIRST = prose(91, 2, 5);
const SECOND = prose(92, 2, 5);
const words = (text: string) => new Set(text.toLowerCase().match(/[a-z]+/g) ?? []);
const share = (read: string, source: string) => [...words(source)].filter((word) => words(read).has(word)).length / words(source).size;

let tree: TempTree;
beforeAll(async () => {
  tree = await createTempTree({ 'memo scan.pdf': await scannedPdf([wrapLines(FIRST)]) });
});
afterAll(() => tree.remove());

it('reads a scan with OCR once while it is unchanged, and again once it changed', async () => {
  const path = tree.path('memo scan.pdf');
  const file = { path, size: 1, mtime: 0, scanned: true as const };
  const cluster: Cluster = { id: 'c1', kind: 'near', similarity: 0.9, reclaimable: 0, files: [file] };
  const texts = createDocumentTexts();
  try {
    const first = await texts.text(cluster, file);
    expect(share(first.text, FIRST)).toBeGreaterThan(0.9);
    expect(await texts.text(cluster, file)).toEqual(first);
    expect(ocrReads).toEqual([path]);

    await tree.write('memo scan.pdf', await scannedPdf([wrapLines(SECOND)]));
    const changed = await texts.text(cluster, file);
    expect(share(changed.text, SECOND)).toBeGreaterThan(0.9);
    expect(ocrReads).toEqual([path, path]);
  } finally {
    await texts.dispose();
  }
});
