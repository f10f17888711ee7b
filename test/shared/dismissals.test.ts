// The "Not duplicates" filter: matched by member paths, not ids, across rescans.
import { describe, expect, it } from 'vitest';
import { withoutDismissed } from '../../shared/dismissals.ts';

function cluster(id: string, ...paths: string[]) {
  return { id, reclaimable: (paths.length - 1) * 10, files: paths.map((path) => ({ path, size: 10 })) };
}

describe('withoutDismissed', () => {
  it('keeps everything when nothing is dismissed', () => {
    const clusters = [cluster('a', '/x', '/y')];
    expect(withoutDismissed(clusters, [])).toEqual(clusters);
  });

  it('hides a dismissed cluster under a new id, and after one of its members is gone', () => {
    const dismissed = [{ paths: ['/a', '/b', '/c'] }];
    expect(withoutDismissed([cluster('new-id', '/a', '/b', '/c')], dismissed)).toEqual([]);
    expect(withoutDismissed([cluster('other-id', '/a', '/c')], dismissed)).toEqual([]);
  });

  it('shows a dismissed cluster again when a new file joins it', () => {
    const grown = cluster('g', '/a', '/b', '/c', '/d');
    expect(withoutDismissed([grown], [{ paths: ['/a', '/b', '/c'] }])).toEqual([grown]);
  });

  it('removes a dismissed file from the cluster it was dismissed beside and recounts what is reclaimable', () => {
    const [left] = withoutDismissed([cluster('k', '/a', '/b', '/c')], [{ paths: ['/a', '/b', '/c'], file: '/c' }]);
    expect(left?.files.map((f) => f.path)).toEqual(['/a', '/b']);
    expect(left?.reclaimable).toBe(10);
  });

  it('drops a cluster left with one file', () => {
    expect(withoutDismissed([cluster('k', '/a', '/b')], [{ paths: ['/a', '/b'], file: '/b' }])).toEqual([]);
  });

  it('drops a contained cluster whose container is dismissed, as no claim is left about the rest', () => {
    const contained = { ...cluster('k', '/whole', '/part1', '/part2'), kind: 'contained' };
    expect(withoutDismissed([contained], [{ paths: ['/whole', '/part1', '/part2'], file: '/whole' }])).toEqual([]);
    expect(withoutDismissed([contained], [{ paths: ['/whole', '/part1', '/part2'], file: '/part2' }])[0]?.files).toHaveLength(2);
  });

  it('leaves a dismissed file in a cluster of other files', () => {
    const elsewhere = cluster('e', '/c', '/z');
    expect(withoutDismissed([elsewhere], [{ paths: ['/a', '/b', '/c'], file: '/c' }])).toEqual([elsewhere]);
  });
});
