// A cluster losing files to a clean-up keeps every claim true: the flags of identical files are
// written again, the measures stay those against the representative's text, and a cluster that
// lost that text entirely is not shown with measures nobody can vouch for.
import { describe, expect, it } from 'vitest';
import { withoutFiles } from '../../../../electron/node/service/clusterMembers.ts';
import type { Cluster } from '../../../../shared/report.ts';

// Laid out as assembleClusters writes a near cluster: the report as .txt (representative), its
// byte copy, the same text as .html; then an edited version and its byte copy.
const near: Cluster = {
  id: 'near-1',
  kind: 'near',
  similarity: 0.8,
  reclaimable: 400,
  files: [
    { path: '/r.txt', size: 100, mtime: 1, format: 'text' },
    { path: '/copy/r.txt', size: 100, mtime: 1, format: 'text', identical: 'bytes', similarity: 1, matches: '/r.txt' },
    { path: '/r.html', size: 150, mtime: 1, format: 'html', identical: 'text', similarity: 1, matches: '/r.txt' },
    { path: '/edited.txt', size: 90, mtime: 2, format: 'text', similarity: 0.8, matches: '/r.txt' },
    { path: '/copy/edited.txt', size: 90, mtime: 2, format: 'text', identical: 'bytes', similarity: 1, matches: '/edited.txt' },
  ],
};

const gone = (...paths: string[]) => new Set(paths);

describe('withoutFiles', () => {
  it('leaves a cluster none of whose files went unchanged', () => {
    expect(withoutFiles(near, gone('/elsewhere.txt'))).toEqual({ outcome: 'unchanged' });
  });

  it('promotes a file with the representative text and writes the flags again', () => {
    const reduced = withoutFiles(near, gone('/r.txt', '/edited.txt'));
    expect(reduced.outcome).toBe('changed');
    if (reduced.outcome !== 'changed') return;
    expect(reduced.cluster.id).toBe('near-1');
    // Each figure is now to a file still there: the stand-in with the same text.
    expect(reduced.cluster.files).toEqual([
      { path: '/copy/r.txt', size: 100, mtime: 1, format: 'text' },
      { path: '/r.html', size: 150, mtime: 1, format: 'html', identical: 'text', similarity: 1, matches: '/copy/r.txt' },
      { path: '/copy/edited.txt', size: 90, mtime: 2, format: 'text', similarity: 0.8, matches: '/copy/r.txt' },
    ]);
    expect(reduced.cluster.reclaimable).toBe(240);
    expect(reduced.cluster.similarity).toBe(0.8);
  });

  it('raises the cluster similarity when its least similar member leaves', () => {
    const reduced = withoutFiles(near, gone('/edited.txt', '/copy/edited.txt'));
    expect(reduced).toMatchObject({ outcome: 'changed', cluster: { similarity: 1, reclaimable: 250 } });
  });

  it('dissolves a cluster left with one file', () => {
    expect(withoutFiles(near, gone('/copy/r.txt', '/r.html', '/edited.txt', '/copy/edited.txt'))).toEqual({ outcome: 'dissolved' });
  });

  it('will not vouch for measures against a text no longer in the cluster', () => {
    expect(withoutFiles(near, gone('/r.txt', '/copy/r.txt', '/r.html'))).toEqual({ outcome: 'unverifiable' });
  });

  it("gives a node's measure to its next file when its first goes, never a copy's 1 (measured against another member too)", () => {
    // An edited version E and its copy, the report R measured against E, and R's byte copy.
    const chained: Cluster = {
      id: 'near-2',
      kind: 'near',
      similarity: 0.67,
      reclaimable: 300,
      files: [
        { path: '/e.txt', size: 100, mtime: 1 },
        { path: '/e2.txt', size: 100, mtime: 1, identical: 'bytes', similarity: 1, matches: '/e.txt' },
        { path: '/r.txt', size: 100, mtime: 1, similarity: 0.67, matches: '/e.txt' },
        { path: '/r2.txt', size: 100, mtime: 1, identical: 'bytes', similarity: 1, matches: '/r.txt' },
        { path: '/s.txt', size: 100, mtime: 1, similarity: 0.9, matches: '/r.txt' },
      ],
    };
    const reduced = withoutFiles(chained, gone('/r.txt'));
    expect(reduced).toMatchObject({ outcome: 'changed', cluster: { similarity: 0.67 } });
    if (reduced.outcome !== 'changed') return;
    expect(reduced.cluster.files.slice(2)).toEqual([
      { path: '/r2.txt', size: 100, mtime: 1, similarity: 0.67, matches: '/e.txt' },
      { path: '/s.txt', size: 100, mtime: 1, similarity: 0.9, matches: '/r2.txt' },
    ]);
    // R's text gone with both its files: S's figure was to it.
    expect(withoutFiles(chained, gone('/r.txt', '/r2.txt'))).toEqual({ outcome: 'unverifiable' });
  });

  it('keeps exact clusters exact, with the space of the copies left, and drops removed hard-link names', () => {
    const exact: Cluster = {
      id: 'exact-1',
      kind: 'exact',
      similarity: 1,
      reclaimable: 200,
      files: [
        { path: '/a', size: 100, mtime: 1, links: ['/a-link'] },
        { path: '/b', size: 100, mtime: 1 },
        { path: '/c', size: 100, mtime: 1 },
      ],
    };
    expect(withoutFiles(exact, gone('/c', '/a-link'))).toEqual({
      outcome: 'changed',
      cluster: { ...exact, reclaimable: 100, files: [{ path: '/a', size: 100, mtime: 1 }, { path: '/b', size: 100, mtime: 1 }] },
    });
  });
});
