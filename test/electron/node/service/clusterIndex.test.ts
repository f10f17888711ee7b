// The list view's queries over a home folder's worth of clusters: 100,000 of them. The time
// limits are loose (the suite shares two cores); they catch work proportional to all clusters
// where a page's worth was expected, not small slowdowns.
import { describe, expect, it } from 'vitest';
import { documentFormats } from '../../../../shared/contract/vocabulary.ts';
import type { Cluster, ClusterKind } from '../../../../shared/report.ts';
import { createClusterIndex } from '../../../../electron/node/service/clusterIndex.ts';

const KINDS: ClusterKind[] = ['exact', 'near', 'contained'];
const EXTENSIONS = ['.jpg', '.txt', '.html', '.pdf', '.bin'];

function syntheticClusters(count: number): Cluster[] {
  return Array.from({ length: count }, (_, i) => {
    const kind = KINDS[i % 3]!;
    const ext = EXTENSIONS[i % EXTENSIONS.length]!;
    const files = Array.from({ length: 2 + (i % 4) }, (_, f) => ({
      path: `/home/ann/${f === 0 ? 'Documents' : 'Backup'}/folder${i % 97}/File-${i}-${f}${ext}`,
      size: 1000 + ((i * 7919) % 100_000),
      mtime: 0,
      ...(kind === 'exact' ? {} : { format: ext === '.html' ? ('html' as const) : ext === '.pdf' ? ('pdf' as const) : ('text' as const) }),
    }));
    return { id: `${kind}-${i.toString(16).padStart(8, '0')}`, kind, similarity: kind === 'exact' ? 1 : 0.5 + (i % 50) / 100, reclaimable: files[0]!.size * (files.length - 1), files };
  });
}

describe('cluster index at 100,000 clusters', () => {
  const clusters = syntheticClusters(100_000);
  const index = createClusterIndex(clusters);

  it('pages the default order without filtering anything', () => {
    const first = index.list({ offset: 0, limit: 200, sort: 'reclaimable' });
    expect(first.total).toBe(100_000);
    expect(first.counts).toEqual({ exact: 33_334, near: 33_333, contained: 33_333 });
    const reclaimable = first.clusters.map((c) => c.reclaimable);
    expect(reclaimable).toEqual(reclaimable.toSorted((a, b) => b - a));
  });

  it('keeps a filtered selection while the UI scrolls through it', () => {
    const query = { offset: 0, limit: 100, sort: 'path' as const, search: 'FOLDER7/', kinds: ['near' as const] };
    const first = index.list(query);
    const expected = clusters.filter((c) => c.kind === 'near' && c.files.some((f) => f.path.toLowerCase().includes('folder7/')));
    expect(first.total).toBe(expected.length);
    expect(first.totalReclaimable).toBe(expected.reduce((sum, c) => sum + c.reclaimable, 0));
    const paths = first.clusters.map((c) => c.files[0]!.path.toLowerCase());
    expect(paths).toEqual(paths.toSorted());

    const next = index.list({ ...query, offset: 100 });
    expect(next.clusters[0]).toBe(clusters.find((c) => c.id === next.clusters[0]!.id));
  });

  it('answers a new filter over all clusters', () => {
    const value = index.list({ offset: 0, limit: 50, sort: 'reclaimable', formats: ['pdf'], folder: '/home/ann/Backup' });
    expect(value.total).toBe(clusters.filter((c) => c.files.some((f) => f.path.endsWith('.pdf'))).length);
  });
});

it('filters by each document format, the last ones listed too', () => {
  // Each cluster pairs a .txt with one other format.
  const clusters: Cluster[] = documentFormats.map((format, i) => ({
    id: `near-${i}`,
    kind: 'near',
    similarity: 0.9,
    reclaimable: 1,
    files: [{ path: `/d/${i}.txt`, size: 1, mtime: 0, format: 'text' }, { path: `/d/${i}.${format}`, size: 1, mtime: 0, format }],
  }));
  const index = createClusterIndex(clusters);
  for (const [i, format] of documentFormats.entries()) {
    if (format === 'text') continue;
    expect([format, index.list({ offset: 0, limit: 50, sort: 'path', formats: [format] }).clusters.map((c) => c.id)]).toEqual([format, [`near-${i}`]]);
  }
});
