// Telling what changed between two sets of clusters, as a UI needs it.
import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../../../shared/report.ts';
import { diffClusters, trackCluster } from '../../../../electron/node/watch/clusterChanges.ts';

function cluster(id: string, paths: string[], similarity = 0.8): Cluster {
  return { id, kind: 'near', similarity, reclaimable: 100 * (paths.length - 1), files: paths.map((path) => ({ path, size: 100, mtime: 1 })) };
}

/** File ids: by default each path its own inode; `inodes` maps paths to shared ones. */
function tracked(clusters: Cluster[], inodes: Record<string, string> = {}) {
  return clusters.map((c) => trackCluster(c, (path) => inodes[path] ?? `1:${path.length}${path}`));
}

describe('diffClusters', () => {
  it('reports nothing for the same clusters', () => {
    const a = cluster('near-a', ['/x/1', '/x/2']);
    expect(diffClusters(tracked([a]), tracked([structuredClone(a)]))).toEqual([]);
  });

  it('reports a cluster with the same id and other content as changed, in place', () => {
    const a = cluster('near-a', ['/x/1', '/x/2']);
    const edited = cluster('near-a', ['/x/1', '/x/2'], 0.7);
    expect(diffClusters(tracked([a]), tracked([edited]))).toEqual([{ event: 'cluster-changed', cluster: edited, previousId: 'near-a' }]);
  });

  it('pairs a cluster whose members changed by the files it shares', () => {
    const before = cluster('near-a', ['/x/1', '/x/2']);
    const after = cluster('near-b', ['/x/1', '/x/2', '/x/3']);
    expect(diffClusters(tracked([before]), tracked([after]))).toEqual([{ event: 'cluster-changed', cluster: after, previousId: 'near-a' }]);
  });

  it('pairs clusters whose every path changed by their files ids (a moved folder)', () => {
    const before = cluster('near-a', ['/x/1', '/x/2']);
    const after = cluster('near-b', ['/y/1', '/y/2']);
    const inodes = { '/x/1': '9:1', '/x/2': '9:2', '/y/1': '9:1', '/y/2': '9:2' };
    expect(diffClusters(tracked([before], inodes), tracked([after], inodes))).toEqual([{ event: 'cluster-changed', cluster: after, previousId: 'near-a' }]);
    // Without the file ids to tell, it is a removal and an addition.
    expect(diffClusters(tracked([before]), tracked([after])).map((c) => c.event)).toEqual(['cluster-removed', 'cluster-added']);
  });

  it('gives a split cluster to its larger part and adds the other', () => {
    const before = cluster('near-a', ['/x/1', '/x/2', '/x/3', '/x/4', '/x/5']);
    const small = cluster('near-c', ['/x/4', '/x/5']);
    const large = cluster('near-b', ['/x/1', '/x/2', '/x/3']);
    expect(diffClusters(tracked([before]), tracked([small, large]))).toEqual([
      { event: 'cluster-changed', cluster: large, previousId: 'near-a' },
      { event: 'cluster-added', cluster: small },
    ]);
  });

  it('keeps one of two merged clusters and removes the other', () => {
    const one = cluster('near-a', ['/x/1', '/x/2']);
    const two = cluster('near-b', ['/x/3', '/x/4', '/x/5']);
    const merged = cluster('near-c', ['/x/1', '/x/2', '/x/3', '/x/4', '/x/5']);
    expect(diffClusters(tracked([one, two]), tracked([merged]))).toEqual([
      { event: 'cluster-removed', cluster: one },
      { event: 'cluster-changed', cluster: merged, previousId: 'near-b' },
    ]);
  });

  it('counts a file once, whether its path, its file id or both match', () => {
    // /x/1 matches `one` by path and by file id; /y/1 and /y/2 match `two` by file id only.
    const one = cluster('near-a', ['/x/1', '/x/9']);
    const two = cluster('near-b', ['/x/3', '/x/4']);
    const after = cluster('near-c', ['/x/1', '/y/1', '/y/2']);
    const inodes = { '/x/1': '9:1', '/x/3': '9:3', '/x/4': '9:4', '/y/1': '9:3', '/y/2': '9:4' };
    expect(diffClusters(tracked([one, two], inodes), tracked([after], inodes))).toEqual([
      { event: 'cluster-removed', cluster: one },
      { event: 'cluster-changed', cluster: after, previousId: 'near-b' },
    ]);
  });

  it('reports unrelated clusters as removed and added, removals first', () => {
    const a = cluster('near-a', ['/x/1', '/x/2']);
    const b = cluster('near-b', ['/x/3', '/x/4']);
    expect(diffClusters(tracked([a]), tracked([b]))).toEqual([
      { event: 'cluster-removed', cluster: a },
      { event: 'cluster-added', cluster: b },
    ]);
  });
});
