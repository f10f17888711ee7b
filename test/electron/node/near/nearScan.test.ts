// The near-duplicate stage end to end through the scan service: real files, real workers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cluster, ScanReport } from '../../../../shared/report.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import { containmentSample } from '../../../../shared/fingerprint/containment.ts';
import { wordShingles } from '../../../../shared/fingerprint/shingles.ts';
import { canonicalTokenHashes } from '../../../../shared/text/canonicalTokens.ts';
import { editEveryNthWord, prose, renderHtml, renderPdf } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { runCli } from '../../../helpers/runCli.ts';

const source = prose(1);
// About 90 words from the middle: a handful of sampled shingles, enough to be found as a candidate.
const shortExcerpt = source.split(' ').slice(150, 240).join(' ');
const boilerplate = 'Licensed under the Apache License, Version 2.0. You may not use this file except in compliance with the License. '.repeat(3);

function clusterWith(report: ScanReport, path: string): Cluster | undefined {
  return report.clusters.find((c) => c.files.some((f) => f.path === path));
}

describe('near-duplicate scan', () => {
  let tree: TempTree;
  let report: ScanReport;
  beforeAll(async () => {
    tree = await createTempTree({
      'Documents/contract.txt': source,
      'Backup/contract.txt': source,
      'Documents/contract.html': renderHtml(source, 'Contract'),
      'Documents/contract-reflowed.txt': source.replace(/\. /g, '.\n'),
      'Documents/contract-v2.md': editEveryNthWord(source, 20),
      'Documents/contract-header.txt': `DRAFT — for internal review only\n\n${source}`,
      'Documents/excerpt.txt': source.slice(0, Math.floor(source.length * 0.4)),
      'Documents/quote.txt': shortExcerpt,
      'Notes/one.txt': `${boilerplate}\n\n${prose(2)}`,
      'Notes/two.txt': `${boilerplate}\n\n${prose(3)}`,
      'Notes/unrelated.txt': prose(4),
    });
    await tree.write('Documents/contract.pdf', await renderPdf(source));
    report = await runScan({ ...defaultScanOptions, roots: [tree.root] });
  });
  afterAll(() => tree.remove());

  it('puts the txt, html, pdf, reflowed, edited and re-headed versions in one near cluster', () => {
    const cluster = clusterWith(report, tree.path('Documents/contract.txt'));
    expect(cluster?.kind).toBe('near');
    const paths = cluster!.files.map((f) => f.path).sort();
    expect(paths).toEqual(
      ['Backup/contract.txt', 'Documents/contract.txt', 'Documents/contract.html', 'Documents/contract.pdf', 'Documents/contract-reflowed.txt', 'Documents/contract-v2.md', 'Documents/contract-header.txt']
        .map((p) => tree.path(p))
        .sort(),
    );
    const formats = Object.fromEntries(cluster!.files.map((f) => [f.path, f.format]));
    expect(formats[tree.path('Documents/contract.pdf')]).toBe('pdf');
    expect(formats[tree.path('Documents/contract.html')]).toBe('html');
    expect(cluster!.similarity).toBeGreaterThanOrEqual(defaultScanOptions.threshold);
    expect(cluster!.similarity).toBeLessThan(1);
    expect(cluster!.description).toBeTruthy();
    expect(source).toContain(cluster!.description!.replace(/…$/, '').split(' ').slice(0, 4).join(' '));
  });

  it('marks byte-identical and text-identical members, and absorbs the exact cluster', () => {
    const cluster = clusterWith(report, tree.path('Documents/contract.txt'))!;
    const marks = cluster.files.map((f) => f.identical).filter(Boolean).sort();
    // The two contract.txt copies share bytes; the reflowed .txt has the same canonical text.
    expect(marks).toContain('bytes');
    expect(marks).toContain('text');
    expect(report.clusters.filter((c) => c.kind === 'exact')).toEqual([]);
    const words = new Set(cluster.files.filter((f) => f.identical).map((f) => f.words));
    expect(words.size).toBe(1);
  });

  it('reports an excerpt as contained, container first', () => {
    const cluster = clusterWith(report, tree.path('Documents/excerpt.txt'));
    expect(cluster?.kind).toBe('contained');
    const excerpt = cluster!.files.find((f) => f.path === tree.path('Documents/excerpt.txt'));
    expect(cluster!.files.indexOf(excerpt!)).toBeGreaterThan(0);
    expect(cluster!.files[0]!.words).toBeGreaterThan(excerpt!.words!);
    expect(cluster!.similarity).toBeGreaterThanOrEqual(0.9);
    expect(cluster!.reclaimable).toBe(cluster!.files.slice(1).reduce((s, f) => s + f.size, 0));
  });

  it('reports a short excerpt as contained after checking it exactly', () => {
    const samples = containmentSample(wordShingles(canonicalTokenHashes(shortExcerpt))).length;
    expect(samples).toBeGreaterThanOrEqual(3);
    expect(samples).toBeLessThan(8);
    const cluster = clusterWith(report, tree.path('Documents/quote.txt'));
    expect(cluster?.kind).toBe('contained');
    expect(cluster!.files.find((f) => f.path === tree.path('Documents/quote.txt'))!.similarity).toBe(1);
  });

  it('keeps documents that only share licence boilerplate apart', () => {
    expect(clusterWith(report, tree.path('Notes/one.txt'))).toBeUndefined();
    expect(clusterWith(report, tree.path('Notes/two.txt'))).toBeUndefined();
    expect(clusterWith(report, tree.path('Notes/unrelated.txt'))).toBeUndefined();
  });

  it('never lists a file in two clusters, except a container shown for reference', () => {
    const seen = new Map<string, number>();
    for (const cluster of report.clusters) {
      cluster.files.forEach((f, i) => {
        if (cluster.kind === 'contained' && i === 0) return;
        seen.set(f.path, (seen.get(f.path) ?? 0) + 1);
      });
    }
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  });

  it('the CLI reports the same clusters; --no-near reports only the exact one', async () => {
    const near = await runCli(['scan', tree.root, '--json']);
    expect(near.code).toBe(0);
    const fromCli = JSON.parse(near.stdout) as ScanReport;
    expect(fromCli.clusters.map((c) => c.id).sort()).toEqual(report.clusters.map((c) => c.id).sort());

    const exact = await runCli(['scan', tree.root, '--json', '--no-near']);
    const exactReport = JSON.parse(exact.stdout) as ScanReport;
    expect(exactReport.clusters.map((c) => c.kind)).toEqual(['exact']);
    expect(exactReport.clusters[0]!.files.map((f) => f.path).sort()).toEqual([tree.path('Backup/contract.txt'), tree.path('Documents/contract.txt')]);
  });

  it('the lists method follows the threshold', async () => {
    const strict = await runScan({ ...defaultScanOptions, roots: [tree.root], method: 'lists', threshold: 0.95 });
    const cluster = clusterWith(strict, tree.path('Documents/contract.txt'));
    // The 5 %-edited copy resembles the original at about 0.6: in at 0.5 (below), out at 0.95.
    expect(cluster?.files.map((f) => f.path)).not.toContain(tree.path('Documents/contract-v2.md'));
    const loose = await runScan({ ...defaultScanOptions, roots: [tree.root], method: 'lists', threshold: 0.5 });
    expect(clusterWith(loose, tree.path('Documents/contract.txt'))?.files.map((f) => f.path)).toContain(tree.path('Documents/contract-v2.md'));
  });

  it('finds the cluster with every method and unit', async () => {
    for (const [method, unit, threshold] of [['lists', 'words', 0.5], ['simhash', 'words', 0.8], ['minhash', 'sentences', 0.5], ['minhash', 'paragraphs', 0.3]] as const) {
      const r = await runScan({ ...defaultScanOptions, roots: [tree.root], method, unit, threshold });
      const cluster = clusterWith(r, tree.path('Documents/contract.html'));
      expect(cluster?.kind, `${method}/${unit}`).toBe('near');
      expect(cluster!.files.map((f) => f.path), `${method}/${unit}`).toContain(tree.path('Documents/contract.txt'));
      expect(clusterWith(r, tree.path('Notes/unrelated.txt')), `${method}/${unit}`).toBeUndefined();
    }
  });
});
