// What a document's card says of its similarity: the figure is to the member the engine matched
// it with, so the card names that member, not always the first file.
import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../shared/report.ts';
import { comparison } from '../../renderer/review/fileComparison.ts';

const cluster: Cluster = {
  id: 'n1',
  kind: 'near',
  similarity: 0.53,
  reclaimable: 20,
  files: [
    { path: '/d/c.txt', size: 10, mtime: 1 },
    { path: '/d/y.txt', size: 10, mtime: 1, similarity: 0.8, matches: '/d/c.txt' },
    { path: '/d/x.txt', size: 10, mtime: 1, similarity: 0.534, matches: '/d/y.txt' },
  ],
} as Cluster;
const names = ['c.txt', 'y.txt', 'x.txt'];
const card = (fileIndex: number, details = true) => comparison({ cluster, fileIndex, names, base: 0, sameAs: undefined, changes: undefined, mostDifferent: false, details });

describe('a card’s similarity', () => {
  it('names the member it matches', () => {
    expect(card(1)).toBe('80% similar to c.txt');
    expect(card(2)).toBe('53% similar to y.txt');
  });

  it('says where a contained part lies, folded or not', () => {
    const contained = { ...cluster, kind: 'contained' } as Cluster;
    const props = { cluster: contained, names, base: 0, sameAs: undefined, changes: undefined, mostDifferent: false };
    expect(comparison({ ...props, fileIndex: 2, details: true })).toBe('53% of it inside y.txt');
    expect(comparison({ ...props, fileIndex: 2, details: false })).toBe('53% of it inside another');
    expect(comparison({ ...props, fileIndex: 1, details: false })).toBe('80% of it inside the first');
  });

  it('says the same words with other punctuation or case, not 100 % similar', () => {
    const words = { ...cluster, files: [cluster.files[0]!, { path: '/d/C.txt', size: 10, mtime: 1, identical: 'words', similarity: 1, matches: '/d/c.txt' }] } as Cluster;
    const props = { cluster: words, fileIndex: 1, names: ['c.txt', 'C.txt'], base: 0, sameAs: undefined, mostDifferent: false };
    expect(comparison({ ...props, changes: { changes: 2 } as never, details: true })).toBe('2 differences · Same words as c.txt, other punctuation or case');
    expect(comparison({ ...props, changes: undefined, details: false })).toBe('Same words, other punctuation or case');
  });
});
