// Keep rules: each rule alone, composition (first decides, later break ties), the path as last
// tie-break, contained clusters, parsing, and the preview summary.
import { describe, expect, it } from 'vitest';
import { KeepRuleError, parseKeepRule, rankFiles } from '../../shared/selection/keepRules.ts';
import { selectCluster, selectFiles, summarizeSelection } from '../../shared/selection/selectFiles.ts';
import type { Cluster, ReportFile, ScanReport } from '../../shared/report.ts';

const files: ReportFile[] = [
  { path: '/home/u/Downloads/report (1).html', size: 300, mtime: 3000, format: 'html' },
  { path: '/home/u/Documents/report.pdf', size: 900, mtime: 1000, format: 'pdf' },
  { path: '/home/u/Documents/old/report.txt', size: 100, mtime: 2000, format: 'text' },
  { path: '/home/u/a.txt', size: 100, mtime: 2000, format: 'text' },
];
const kept = (...rules: string[]) => rankFiles(files, rules.map(parseKeepRule))[0]!.path;

describe('keep rules', () => {
  it('each rule picks its file', () => {
    expect(kept('newest')).toBe('/home/u/Downloads/report (1).html');
    expect(kept('oldest')).toBe('/home/u/Documents/report.pdf');
    expect(kept('largest')).toBe('/home/u/Documents/report.pdf');
    expect(kept('shortest-path')).toBe('/home/u/a.txt');
    expect(kept('in:/home/u/Downloads')).toBe('/home/u/Downloads/report (1).html');
    expect(kept('format:html>pdf')).toBe('/home/u/Downloads/report (1).html');
  });

  it('composes: later rules break the ties of earlier ones, then the path', () => {
    // not-in:Documents leaves two; newest picks between them.
    expect(kept('not-in:/home/u/Documents', 'oldest')).toBe('/home/u/a.txt');
    expect(kept('not-in:/home/u/Documents', 'newest')).toBe('/home/u/Downloads/report (1).html');
    // format:text ties the two .txt files with the same mtime; the path decides.
    expect(kept('format:text', 'oldest')).toBe('/home/u/Documents/old/report.txt');
    expect(rankFiles([...files].reverse(), []).map((f) => f.path)).toEqual([...files].map((f) => f.path).sort());
  });

  it('a folder rule does not match a folder that only shares a prefix', () => {
    expect(kept('in:/home/u/Docu', 'shortest-path')).toBe('/home/u/a.txt');
  });

  it('refuses rules it does not know', () => {
    expect(() => parseKeepRule('biggest')).toThrow(KeepRuleError);
    expect(() => parseKeepRule('format:pdf>pages')).toThrow(KeepRuleError);
    // Every format Shingle reads can be ranked.
    expect(parseKeepRule('format:docx>odt>rtf>epub')).toEqual({ kind: 'format-order', formats: ['docx', 'odt', 'rtf', 'epub'] });
    expect(parseKeepRule('format:xlsx>ods>doc>pptx>odp>eml')).toEqual({ kind: 'format-order', formats: ['xlsx', 'ods', 'doc', 'pptx', 'odp', 'eml'] });
    expect(() => parseKeepRule('in:')).toThrow(KeepRuleError);
  });
});

describe('selection', () => {
  const cluster = (id: string, kind: Cluster['kind'], list: ReportFile[]): Cluster => ({ id, kind, similarity: 1, reclaimable: 0, files: list });
  const report: ScanReport = {
    version: 1,
    roots: ['/home/u'],
    stats: { files: 4, bytes: 1400, ms: 1 },
    clusters: [cluster('exact-1', 'exact', files.slice(2)), cluster('contained-1', 'contained', files.slice(0, 2))],
    errors: [],
  };

  it('keeps exactly one file per cluster, and the container of a contained cluster', () => {
    const selection = selectFiles(report, [parseKeepRule('largest')]);
    expect(selection.clusters).toEqual([
      { clusterId: 'exact-1', keep: ['/home/u/Documents/old/report.txt'], act: ['/home/u/a.txt'], order: ['/home/u/Documents/old/report.txt', '/home/u/a.txt'] },
      // The container first, whatever the rules say.
      { clusterId: 'contained-1', keep: ['/home/u/Downloads/report (1).html'], act: ['/home/u/Documents/report.pdf'], order: ['/home/u/Downloads/report (1).html', '/home/u/Documents/report.pdf'] },
    ]);
    expect(selectCluster(cluster('empty', 'exact', []), []).keep).toEqual([]);
  });

  it('summarizes files, bytes and clusters touched', () => {
    expect(summarizeSelection(report, selectFiles(report, [parseKeepRule('largest')]))).toEqual({ files: 2, bytes: 1000, clusters: 2 });
  });
});
