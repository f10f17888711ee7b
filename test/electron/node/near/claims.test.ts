// The rules every near and contained claim obeys, end to end through the scan service on real
// files: each claim verified on exact sets (whatever the method), documents found by content, no
// document with a partner left out, containment only in a clearly larger document, tiny documents
// matched only on identical text.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryCache } from '../../../../electron/node/index/memoryCache.ts';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import { containmentSample } from '../../../../shared/fingerprint/containment.ts';
import { containment, jaccard } from '../../../../shared/fingerprint/jaccard.ts';
import { wordShingles } from '../../../../shared/fingerprint/shingles.ts';
import type { Cluster, ScanReport } from '../../../../shared/report.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import { canonicalTokenHashes } from '../../../../shared/text/canonicalTokens.ts';
import { renderHtml } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { randomWords, seededRandom, vocabulary } from '../../../shared/textFixtures.ts';

const random = seededRandom(1010);
const vocab = vocabulary(random);
const words = (count: number) => randomWords(random, vocab, count);
const shingles = (text: string) => wordShingles(canonicalTokenHashes(text));
/** Replaces the words at the positions `at` accepts with words found nowhere else. */
const replaced = (list: readonly string[], at: (i: number) => boolean, tag: string) => list.map((w, i) => (at(i) ? `zq${tag}x${i}` : w));
const text = (list: readonly string[]) => list.join(' ');

// No orphan: T is the center of a star (M and three longer versions of T); X resembles M only.
const base = words(600);
const middle = replaced(base, (i) => i % 25 === 0, 'm');
const late = replaced(middle, (i) => i % 25 === 12, 'x');
const longer = [1, 2, 3].map(() => [...base, ...words(360)]);

// Verified containment: an excerpt edited where the containment sample cannot see it, so its
// sample lies wholly inside the source while the exact containment is below 0.9.
const source = words(1500);
const excerpt = source.slice(900, 1300);
function hiddenEdits(): string[] {
  const whole = shingles(text(source));
  const part = source.slice(300, 800);
  for (let p = 2; containment(shingles(text(part)), whole) >= 0.85 && p < part.length; p += 7) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const trial = [...part];
      trial[p] = `hidden${p}y${attempt}`;
      const sample = containmentSample(shingles(text(trial)));
      if (sample.every((h) => containment(Uint32Array.of(h), whole) === 1)) {
        part[p] = trial[p]!;
        break;
      }
    }
  }
  return part;
}
const disguised = hiddenEdits();

// The opposite: edits whose new shingles land in the sample, so the sample says "below 0.9"
// while the exact containment is above it.
function sampledEdits(): string[] {
  const whole = shingles(text(source));
  const part = source.slice(100, 600);
  const estimate = (list: readonly string[]) => containment(containmentSample(shingles(text(list))), containmentSample(whole));
  for (let p = 3; estimate(part) >= 0.88 && p < part.length; p += 40) {
    for (let attempt = 0; attempt < 60; attempt++) {
      const trial = [...part];
      trial[p] = `sampled${p}y${attempt}`;
      if (estimate(trial) < estimate(part)) {
        part[p] = trial[p]!;
        break;
      }
    }
  }
  return part;
}
const undersampled = sampledEdits();

// Every method verified: versions of one text edited every n-th word, resembling each other from
// about 0.1 to 0.7.
const family = words(800);
const editRates = [3, 4, 5, 6, 8, 10, 14, 20];

// Documents by content, whatever their names.
const licence = text(words(400));
// Smaller-only containment: a version with 8 % more text is not "contained" in it.
const version = words(600);

function clusterWith(report: ScanReport, path: string): Cluster | undefined {
  return report.clusters.find((c) => c.files.some((f, i) => f.path === path && !(c.kind === 'contained' && i === 0)));
}

describe('claims', () => {
  let tree: TempTree;
  let report: ScanReport;
  const read = (path: string) => readFileSync(path, 'utf8');
  beforeAll(async () => {
    tree = await createTempTree({
      'star/T.txt': text(base),
      'star/M.txt': text(middle),
      'star/X.txt': text(late),
      ...Object.fromEntries(longer.map((l, i) => [`star/T-longer-${i}.txt`, text(l)])),
      'source/book.txt': text(source),
      'source/excerpt.txt': text(excerpt),
      'source/disguised.txt': text(disguised),
      'source/undersampled.txt': text(undersampled),
      'source/part.txt': text(source.slice(0, 400)),
      'source/part.html': renderHtml(text(source.slice(0, 400))),
      ...Object.fromEntries(editRates.map((n) => [`family/every-${n}.txt`, text(replaced(family, (i) => i % n === 0, String(n)))])),
      'family/original.txt': text(family),
      'tiny/a.rst': 'include:: CONTRIBUTING.rst',
      'tiny/b.rst': 'include:: NEWS.rst',
      'tiny/c.rst': 'include:: CONTRIBUTING.rst\n',
      'common-licenses/Apache-2.0': licence,
      'pkg/NEWS.Debian': `Licence of the package\n\n${licence}`,
      'pkg/page': renderHtml(licence, 'Licence'),
      'pkg/blob': new Uint8Array(randomBytes(20_000)),
      'pkg/licence.gz': `${licence}\n`,
      'size/version.txt': text(version),
      'size/version-longer.txt': text([...version, ...words(50)]),
    });
    report = await runScan({ ...defaultScanOptions, roots: [tree.root] });
  });
  afterAll(() => tree.remove());

  it('leaves no document with a partner out, and names the member it really matches', () => {
    const j = (a: string, b: string) => jaccard(shingles(a), shingles(b));
    // The scene: X resembles M only; T has more partners than M, so T is the center.
    expect(j(text(late), text(middle))).toBeGreaterThanOrEqual(0.5);
    expect(j(text(late), text(base))).toBeLessThan(0.5);
    expect(j(text(middle), text(base))).toBeGreaterThanOrEqual(0.5);
    for (const l of longer) {
      expect(j(text(l), text(base))).toBeGreaterThanOrEqual(0.5);
      expect(j(text(l), text(middle))).toBeLessThan(0.5);
    }
    const cluster = clusterWith(report, tree.path('star/X.txt'));
    expect(cluster?.kind).toBe('near');
    expect(cluster!.files[0]!.path).toBe(tree.path('star/T.txt'));
    const x = cluster!.files.find((f) => f.path === tree.path('star/X.txt'))!;
    expect(x.matches).toBe(tree.path('star/M.txt'));
    expect(x.similarity).toBeCloseTo(j(text(late), text(middle)), 2);
    expect(cluster!.similarity).toBeLessThanOrEqual(x.similarity!);
  });

  it('shows every pair a cluster asserts at or above the threshold, on the exact sets', () => {
    let asserted = 0;
    for (const cluster of report.clusters.filter((c) => c.kind === 'near')) {
      for (const file of cluster.files.slice(1)) {
        expect(file.matches, file.path).toBeDefined();
        expect(cluster.files.some((f) => f.path === file.matches)).toBe(true);
        expect(jaccard(shingles(read(file.path)), shingles(read(file.matches!))), `${file.path} ~ ${file.matches}`).toBeGreaterThanOrEqual(0.5);
        asserted++;
      }
    }
    expect(asserted).toBeGreaterThan(10);
  });

  it('verifies containment on the exact sets, not on the sample', () => {
    const whole = shingles(text(source));
    const sample = containmentSample(shingles(text(disguised)));
    expect(sample.length).toBeGreaterThanOrEqual(8);
    expect(sample.every((h) => containment(Uint32Array.of(h), whole) === 1)).toBe(true);
    expect(containment(shingles(text(disguised)), whole)).toBeLessThan(0.9);
    expect(clusterWith(report, tree.path('source/disguised.txt'))).toBeUndefined();
    const real = clusterWith(report, tree.path('source/excerpt.txt'));
    expect(real?.kind).toBe('contained');
    expect(real!.files[0]!.path).toBe(tree.path('source/book.txt'));
    expect(real!.files[1]!.matches).toBe(tree.path('source/book.txt'));
  });

  it('finds a containment that its sample underestimates, checked on the exact sets', () => {
    const whole = shingles(text(source));
    const set = shingles(text(undersampled));
    expect(containment(containmentSample(set), containmentSample(whole))).toBeLessThan(0.9);
    const exact = containment(set, whole);
    expect(exact).toBeGreaterThanOrEqual(0.9);
    const cluster = clusterWith(report, tree.path('source/undersampled.txt'));
    expect(cluster?.kind).toBe('contained');
    // Floored to three decimals: never more than measured.
    const shown = cluster!.files.find((f) => f.path === tree.path('source/undersampled.txt'))!.similarity!;
    expect(shown).toBeLessThanOrEqual(exact);
    expect(shown).toBeGreaterThan(exact - 0.001);
  });

  it('shows a text held by several files as their own near cluster, not as contained', () => {
    const cluster = clusterWith(report, tree.path('source/part.txt'));
    expect(cluster?.kind).toBe('near');
    expect(cluster!.files.map((f) => f.path).sort()).toEqual([tree.path('source/part.html'), tree.path('source/part.txt')]);
    expect(cluster!.files[1]!).toMatchObject({ identical: 'text', similarity: 1, matches: cluster!.files[0]!.path });
  });

  it('matches tiny documents only on identical text', () => {
    const cluster = clusterWith(report, tree.path('tiny/a.rst'));
    expect(cluster?.files.map((f) => f.path).sort()).toEqual([tree.path('tiny/a.rst'), tree.path('tiny/c.rst')]);
    expect(clusterWith(report, tree.path('tiny/b.rst'))).toBeUndefined();
  });

  it('finds documents by content whatever their names, and passes binaries over silently', () => {
    const cluster = clusterWith(report, tree.path('common-licenses/Apache-2.0'));
    expect(cluster?.kind).toBe('near');
    const formats = Object.fromEntries(cluster!.files.map((f) => [f.path, f.format]));
    expect(formats).toEqual({ [tree.path('common-licenses/Apache-2.0')]: 'text', [tree.path('pkg/NEWS.Debian')]: 'text', [tree.path('pkg/page')]: 'html' });
    expect(clusterWith(report, tree.path('pkg/blob'))).toBeUndefined();
    expect(clusterWith(report, tree.path('pkg/licence.gz'))).toBeUndefined();
    expect(report.errors).toEqual([]);
  });

  it('calls a document contained only in a clearly larger one that it does not resemble', async () => {
    expect(clusterWith(report, tree.path('size/version.txt'))?.kind).toBe('near');
    const strict = await runScan({ ...defaultScanOptions, roots: [tree.path('size')], threshold: 0.95 });
    expect(jaccard(shingles(read(tree.path('size/version.txt'))), shingles(read(tree.path('size/version-longer.txt'))))).toBeLessThan(0.95);
    expect(strict.clusters).toEqual([]);
  });

  it('remembers every exact check: an unchanged rescan reads nothing and shows the same claims', async () => {
    const cache = createMemoryCache();
    const first = await runScan({ ...defaultScanOptions, roots: [tree.root] }, { cache });
    expect(first.stats.filesRead).toBeGreaterThan(0);
    const again = await runScan({ ...defaultScanOptions, roots: [tree.root] }, { cache });
    expect(again.stats.filesRead).toBe(0);
    expect(again.clusters).toEqual(first.clusters);
    expect(first.clusters.map((c) => c.id).sort()).toEqual(report.clusters.map((c) => c.id).sort());
  });

  it('verifies the candidates of every method', async () => {
    for (const method of ['lists', 'simhash'] as const) {
      const r = await runScan({ ...defaultScanOptions, roots: [tree.path('family')], method });
      const near = r.clusters.filter((c) => c.kind === 'near');
      expect(near.length, method).toBeGreaterThan(0);
      for (const file of near.flatMap((c) => c.files.slice(1))) {
        expect(jaccard(shingles(read(file.path)), shingles(read(file.matches!))), `${method}: ${file.path} ~ ${file.matches}`).toBeGreaterThanOrEqual(0.5);
      }
    }
  });
});
