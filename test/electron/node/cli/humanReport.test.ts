// The human `shingle scan` output says what each near figure is measured against: the first file,
// or the member named beside a file matched through another.
import { describe, expect, it } from 'vitest';
import { formatHumanReport } from '../../../../electron/node/cli/humanReport.ts';
import type { ScanReport } from '../../../../shared/report.ts';

const report = {
  version: 1,
  roots: ['/d'],
  stats: { files: 3, bytes: 30, ms: 5 },
  errors: [],
  clusters: [
    {
      id: 'n1',
      kind: 'near',
      similarity: 0.53,
      reclaimable: 20,
      files: [
        { path: '/d/c.txt', size: 10, mtime: 1, format: 'text', words: 100 },
        { path: '/d/y.txt', size: 10, mtime: 1, format: 'text', words: 100, similarity: 0.8, matches: '/d/c.txt' },
        { path: '/d/x.txt', size: 10, mtime: 1, format: 'text', words: 100, similarity: 0.534, matches: '/d/y.txt' },
      ],
    },
  ],
} as unknown as ScanReport;

describe('human scan output', () => {
  it('names the member a file is similar to when it is not the first', () => {
    const lines = formatHumanReport(report).split('\n');
    expect(lines[0]).toBe('  20 B reclaimable · 3 near-duplicates, each ≥ 53% similar to the first or to the one named');
    expect(lines[1]).toBe('    /d/c.txt  [text, 100 words]');
    expect(lines[2]).toBe('    /d/y.txt  [text, 100 words]');
    expect(lines[3]).toBe('    /d/x.txt  [text, 100 words]  (53% similar to /d/y.txt)');
  });

  it('says only "to the first" when every file matches the first, and where contained parts lie', () => {
    const [cluster] = report.clusters;
    const direct = { ...report, clusters: [{ ...cluster!, files: cluster!.files.slice(0, 2) }] } as ScanReport;
    expect(formatHumanReport(direct).split('\n')[0]).toBe('  20 B reclaimable · 2 near-duplicates, each ≥ 53% similar to the first');
    const contained = { ...report, clusters: [{ ...cluster!, kind: 'contained' }] } as ScanReport;
    const lines = formatHumanReport(contained).split('\n');
    expect(lines[0]).toBe('  20 B reclaimable · contained (≥ 53% of each inside the first or the one named)');
    expect(lines[3]).toBe('    /d/x.txt  [text, 100 words]  (53% of it inside /d/y.txt)');
  });

  it('names the byte copies and the same texts of a near cluster, and never says 100 % of files that differ', () => {
    const [cluster] = report.clusters;
    const files = [
      { path: '/d/c.txt', size: 10, mtime: 1, format: 'text', words: 100 },
      { path: '/d/copy/c.txt', size: 10, mtime: 1, format: 'text', words: 100, identical: 'bytes', similarity: 1, matches: '/d/c.txt' },
      { path: '/d/c.html', size: 10, mtime: 1, format: 'html', words: 100, identical: 'text', similarity: 1, matches: '/d/c.txt' },
      { path: '/d/C.txt', size: 10, mtime: 1, format: 'text', words: 100, identical: 'words', similarity: 1, matches: '/d/c.txt' },
      // A report that rounded 0.9996 up.
      { path: '/d/draft.txt', size: 10, mtime: 1, format: 'text', words: 100, similarity: 1, matches: '/d/c.txt' },
    ];
    const near = { ...report, clusters: [{ ...cluster!, similarity: 1, files }] } as ScanReport;
    const lines = formatHumanReport(near).split('\n');
    expect(lines[0]).toBe('  20 B reclaimable · 5 near-duplicates, each ≥ 99% similar to the first');
    expect(lines.slice(2, 5)).toEqual([
      '    /d/copy/c.txt  [text, 100 words]  (same bytes as /d/c.txt)',
      '    /d/c.html  [html, 100 words]  (same text as /d/c.txt)',
      '    /d/C.txt  [text, 100 words]  (same words as /d/c.txt, other punctuation or case)',
    ]);
    // One text only: said to be identical, or the same words where punctuation or case differ.
    const oneText = { ...report, clusters: [{ ...cluster!, similarity: 1, files: files.slice(0, 3) }] } as ScanReport;
    expect(formatHumanReport(oneText).split('\n')[0]).toBe('  20 B reclaimable · 3 files of identical text');
    const sameWords = { ...report, clusters: [{ ...cluster!, similarity: 1, files: files.slice(0, 4) }] } as ScanReport;
    expect(formatHumanReport(sameWords).split('\n')[0]).toBe('  20 B reclaimable · 4 files of the same words, not all with the same punctuation or case');
  });

  it('marks with ≈ the figures that are sketch estimates, not measured on the texts', () => {
    const [cluster] = report.clusters;
    const files = cluster!.files.map((file, i) => (i === 2 ? { ...file, estimated: true } : file));
    const lines = formatHumanReport({ ...report, clusters: [{ ...cluster!, files, estimated: true }] } as ScanReport).split('\n');
    expect(lines[0]).toBe('  20 B reclaimable · 3 near-duplicates, each ≥ ≈53% similar to the first or to the one named (≈: estimated from samples of the texts)');
    expect(lines[3]).toBe('    /d/x.txt  [text, 100 words]  (≈53% similar to /d/y.txt)');
  });
});
