// One text saved in every format Shingle reads lands in one near cluster, each file with its format.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ScanReport } from '../../../../shared/report.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import { prose, renderHtml, renderPdf } from '../../../helpers/documents.ts';
import { renderDocx, renderEpub, renderOdt, renderRtf } from '../../../helpers/officeDocuments.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const source = prose(11);
let tree: TempTree;
let report: ScanReport;

beforeAll(async () => {
  tree = await createTempTree({
    'report.txt': source,
    'report.html': renderHtml(source, 'Report'),
    'report.docx': renderDocx(source),
    'report.odt': renderOdt(source),
    'report.rtf': renderRtf(source),
    'report.epub': renderEpub(source),
    'other.docx': renderDocx(prose(12)),
  });
  await tree.write('report.pdf', await renderPdf(source));
  report = await runScan({ ...defaultScanOptions, roots: [tree.root] });
});
afterAll(() => tree.remove());

it('clusters the .txt, .html, .pdf, .docx, .odt, .rtf and .epub copies together, and nothing else', () => {
  expect(report.errors).toEqual([]);
  expect(report.clusters).toHaveLength(1);
  const [cluster] = report.clusters;
  expect(cluster!.kind).toBe('near');
  const formats = Object.fromEntries(cluster!.files.map((f) => [f.path.slice(tree.root.length + 1), f.format]));
  expect(formats).toEqual({
    'report.txt': 'text',
    'report.html': 'html',
    'report.pdf': 'pdf',
    'report.docx': 'docx',
    'report.odt': 'odt',
    'report.rtf': 'rtf',
    'report.epub': 'epub',
  });
  // All but the PDF hold exactly the same words: each after the first is marked as the same text.
  const exceptPdf = cluster!.files.filter((f) => f.format !== 'pdf').slice(1);
  for (const file of exceptPdf) expect([file.path, file.identical]).toEqual([file.path, 'text']);
});
