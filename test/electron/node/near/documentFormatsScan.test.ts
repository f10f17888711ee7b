// One text saved in every format Shingle reads lands in one near cluster, each file with its format;
// one table saved as .csv, .xlsx and .ods lands in another, as the same text.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ScanReport } from '../../../../shared/report.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import { createMemoryCache } from '../../../../electron/node/index/memoryCache.ts';
import type { ScanCache } from '../../../../electron/node/index/knownFiles.ts';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import { prose, renderHtml, renderPdf } from '../../../helpers/documents.ts';
import { renderEml } from '../../../helpers/mailDocuments.ts';
import { renderDocx, renderEpub, renderOdt, renderRtf } from '../../../helpers/officeDocuments.ts';
import { renderCsv, renderOds, renderXlsx, sentenceTable } from '../../../helpers/sheetDocuments.ts';
import { renderOdp, renderPptx } from '../../../helpers/slideDocuments.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { renderDoc } from '../../../helpers/wordBinary.ts';

const source = prose(11);
const table = sentenceTable(prose(13));
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
    'report.doc': renderDoc(source),
    'report.pptx': renderPptx(source),
    'report.odp': renderOdp(source),
    'report.eml': renderEml(source),
    'other.docx': renderDocx(prose(12)),
    'table.csv': renderCsv(table),
    'table.xlsx': renderXlsx(table),
    'table.ods': renderOds(table),
  });
  await tree.write('report.pdf', await renderPdf(source));
  report = await runScan({ ...defaultScanOptions, roots: [tree.root] });
});
afterAll(() => tree.remove());

it('clusters the copies of the text in every format together, and the .csv, .xlsx and .ods of the table together', () => {
  expect(report.errors).toEqual([]);
  expect(report.clusters).toHaveLength(2);
  const formatsOf = (name: string) => {
    const cluster = report.clusters.find((c) => c.files.some((f) => f.path.endsWith(name)))!;
    expect(cluster.kind).toBe('near');
    return Object.fromEntries(cluster.files.map((f) => [f.path.slice(tree.root.length + 1), f.format]));
  };
  expect(formatsOf('report.txt')).toEqual({
    'report.txt': 'text',
    'report.html': 'html',
    'report.pdf': 'pdf',
    'report.docx': 'docx',
    'report.odt': 'odt',
    'report.rtf': 'rtf',
    'report.epub': 'epub',
    'report.doc': 'doc',
    'report.pptx': 'pptx',
    'report.odp': 'odp',
    'report.eml': 'eml',
  });
  expect(formatsOf('table.csv')).toEqual({ 'table.csv': 'text', 'table.xlsx': 'xlsx', 'table.ods': 'ods' });
  // All but the PDF hold exactly the same text: each after the first is marked as the same text.
  for (const cluster of report.clusters) {
    for (const file of cluster.files.filter((f) => f.format !== 'pdf').slice(1)) expect([file.path, file.identical]).toEqual([file.path, 'text']);
  }
});

it('reads again by its reader a file an earlier version cached as text or as no document', async () => {
  const cache = createMemoryCache();
  const options = { ...defaultScanOptions, roots: [tree.root] };
  await runScan(options, { cache });
  // What a version without these readers saved: the .eml read as plain text, the .doc as no document.
  const older: ScanCache = {
    ...cache,
    extraction(file, settings) {
      const known = cache.extraction(file, settings);
      if (file.path.endsWith('.eml') && known?.ok) return { ...known, format: 'text' };
      if (file.path.endsWith('.doc')) return { ok: false, code: 'ENOTDOC', message: 'Not a document' };
      return known;
    },
    // No analysis kept from the first scan: the files' extractions are looked up.
    memo: () => undefined,
  };
  const again = await runScan(options, { cache: older });
  const formats = new Map(again.clusters.flatMap((c) => c.files).map((f) => [f.path.slice(tree.root.length + 1), f.format]));
  expect([formats.get('report.eml'), formats.get('report.doc')]).toEqual(['eml', 'doc']);
});
