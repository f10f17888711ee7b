// A PDF's text depends on the reader as well as the file: the readings cached before PDFium took
// over from pdf.js are kept under another key, so a PDF is read again rather than compared, by its
// old reading, with a PDF read by the new reader. Other documents keep their cached readings.
import { writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createMemoryCache } from '../../../../electron/node/index/memoryCache.ts';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import { prose, renderPdf } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

let tree: TempTree;
beforeEach(async () => {
  const text = prose(4101, 3, 5);
  tree = await createTempTree({ 'docs/report.txt': text });
  await writeFile(tree.path('docs/report.pdf'), await renderPdf(text));
});
afterEach(() => tree.remove());

it('keeps a PDF’s reading under a key of its reader, and asks for no other', async () => {
  const cache = createMemoryCache();
  const asked: string[] = [];
  const saved: string[] = [];
  const recording = {
    ...cache,
    extraction: (file: Parameters<typeof cache.extraction>[0], settings: string) => (asked.push(`${file.path.slice(tree.root.length + 1)} ${settings}`), cache.extraction(file, settings)),
    saveExtraction: (...args: Parameters<typeof cache.saveExtraction>) => (saved.push(`${args[0].path.slice(tree.root.length + 1)} ${args[1]}`), cache.saveExtraction(...args)),
  };
  const report = await runScan({ ...defaultScanOptions, roots: [tree.path('docs')] }, { cache: recording });
  // The two are the same text in two formats: found, whichever reader read the PDF.
  expect(report.clusters.map((c) => c.files.map((f) => f.path.slice(tree.root.length + 1)).sort())).toEqual([['docs/report.pdf', 'docs/report.txt']]);
  expect(asked.filter((line) => line.startsWith('docs/report.pdf'))).toEqual([expect.stringMatching(/ v\d+\/words\/minhash\/pdfium$/)]);
  expect(asked.filter((line) => line.startsWith('docs/report.txt'))).toEqual([expect.stringMatching(/ v\d+\/words\/minhash$/)]);
  expect(saved.sort()).toEqual(asked.sort());
});
