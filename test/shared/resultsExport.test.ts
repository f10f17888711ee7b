import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../shared/report.ts';
import { toCsv, toJson } from '../../shared/resultsExport.ts';

const cluster: Cluster = {
  id: 'near-1',
  kind: 'near',
  similarity: 0.8,
  reclaimable: 10,
  files: [
    { path: '/docs/report, final.txt', size: 10, mtime: Date.UTC(2026, 0, 2) },
    { path: '/docs/report "old".txt', size: 12, mtime: Date.UTC(2026, 0, 1), similarity: 0.8, matches: '/docs/report, final.txt', format: 'text' },
  ],
};

describe('toCsv', () => {
  it('writes one row per file, quoting fields, with a mark column when marks are given', () => {
    const lines = toCsv([cluster], { 'near-1': { '/docs/report "old".txt': 'delete' } }).split('\r\n');
    expect(lines[0]).toBe('cluster,kind,similarity,matches,path,size,modified,format,links,mark');
    // The file the others are measured to claims no figure of its own.
    expect(lines[1]).toBe('near-1,near,,,"/docs/report, final.txt",10,2026-01-02T00:00:00.000Z,,,');
    expect(lines[2]).toBe('near-1,near,0.8,"/docs/report, final.txt","/docs/report ""old"".txt",12,2026-01-01T00:00:00.000Z,text,,delete');
    expect(toCsv([cluster]).split('\r\n')[0]).toBe('cluster,kind,similarity,matches,path,size,modified,format,links');
  });
});

describe('toJson', () => {
  it('adds each marked file its mark and leaves the rest as reported', () => {
    const [out] = JSON.parse(toJson([cluster], { 'near-1': { '/docs/report, final.txt': 'keep' } })) as Cluster[];
    expect(out!.files.map((f) => (f as { mark?: string }).mark)).toEqual(['keep', undefined]);
    expect(JSON.parse(toJson([cluster]))).toEqual([cluster]);
  });
});
