// The list's path search (substring, wildcard, regular expression) and its sorts, over a small
// home-like set of clusters whose figures differ in every sorted column.
import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../../../shared/report.ts';
import { createClusterIndex } from '../../../../electron/node/service/clusterIndex.ts';
import { pathMatcher, SEARCH_PATTERN_MAX, SearchError, searchMode } from '../../../../electron/node/service/pathSearch.ts';

function cluster(id: string, paths: string[], figures: { reclaimable: number; similarity: number; mtime: number }): Cluster {
  const files = paths.map((path, i) => ({ path, size: 100, mtime: figures.mtime - i }));
  return { id, kind: figures.similarity === 1 ? 'exact' : 'near', similarity: figures.similarity, reclaimable: figures.reclaimable, files };
}

const clusters = [
  cluster('a', ['/home/ann/Documents/Report.PDF', '/home/ann/Backup/Report.pdf'], { reclaimable: 300, similarity: 1, mtime: 5_000 }),
  cluster('b', ['/home/ann/Downloads/notes.txt', '/home/ann/Backup/2023/notes.txt', '/home/ann/Documents/notes (1).txt'], { reclaimable: 100, similarity: 0.8, mtime: 9_000 }),
  cluster('c', ['/home/ann/Backup/Licenses/GFDL-1.2.txt', '/home/ann/Documents/Licenses/GFDL.txt'], { reclaimable: 200, similarity: 0.9, mtime: 1_000 }),
  cluster('d', ['/home/ann/Archive/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.txt', '/home/ann/Archive/copy.txt'], { reclaimable: 50, similarity: 0.7, mtime: 3_000 }),
];
const index = createClusterIndex(clusters);
const ids = (query: Partial<Parameters<typeof index.list>[0]>) => index.list({ offset: 0, limit: 100, sort: 'reclaimable', ...query }).clusters.map((c) => c.id);

describe('path search', () => {
  it('reads the form of the search: /regex/, a wildcard, else a substring', () => {
    expect(searchMode('/\\.pdf$/')).toBe('regex');
    expect(searchMode('*.pdf')).toBe('wildcard');
    expect(searchMode('Backup/20??')).toBe('wildcard');
    expect(searchMode('/home/')).toBe('regex');
    expect(searchMode('Report')).toBe('text');
    expect(searchMode('/')).toBe('text');
  });

  it('finds by substring, case-insensitive', () => {
    expect(ids({ search: 'report' })).toEqual(['a']);
  });

  it('matches wildcards at folder boundaries: * and ? within a name, ** across folders', () => {
    expect(ids({ search: '*.pdf' })).toEqual(['a']);
    // Backup/*/notes.txt needs one folder between; Backup/*.txt only files directly in Backup.
    expect(ids({ search: 'Backup/*/notes.txt' })).toEqual(['b']);
    expect(ids({ search: 'Backup/*.txt' })).toEqual([]);
    expect(ids({ search: 'Backup/**.txt' })).toEqual(['c', 'b']);
    expect(ids({ search: 'gfdl-?.?.txt' })).toEqual(['c']);
    // A name matches as a whole: notes*.txt, not the middle of "Downloads".
    expect(ids({ search: 'notes (?).txt' })).toEqual(['b']);
    expect(ids({ search: 'load*' })).toEqual([]);
    // A leading slash anchors at the start of the path.
    expect(ids({ search: '/home/*/Archive/**' })).toEqual(['d']);
    expect(ids({ search: '/Archive/**' })).toEqual([]);
  });

  it('matches a regular expression, case-sensitive', () => {
    expect(ids({ search: '/\\.pdf$/' })).toEqual(['a']);
    expect(ids({ search: '/\\.PDF$/' })).toEqual(['a']);
    expect(ids({ search: '/GFDL-\\d\\.\\d/' })).toEqual(['c']);
    expect(ids({ search: '/^\\/home\\/ann\\/(Downloads|Archive)\\//' })).toEqual(['b', 'd']);
  });

  it('refuses an invalid pattern, a too long one, and one that could not run in linear time, each with why', () => {
    expect(() => index.list({ offset: 0, limit: 10, sort: 'reclaimable', search: '/(unclosed/' })).toThrow(/Not a valid regular expression: Unterminated group/);
    expect(() => pathMatcher('/(a)\\1/')).toThrow(/cannot be searched in linear time/);
    expect(() => pathMatcher('/a{1,100000}/')).toThrow(SearchError);
    expect(() => pathMatcher(`*${'x'.repeat(SEARCH_PATTERN_MAX)}`)).toThrow(/at most 300 characters/);
  });

  it('runs a catastrophic pattern over a long path in linear time', () => {
    // On a backtracking engine, (a+)+$ against 60 a's and one other character takes 2^60 steps.
    expect(ids({ search: '/(a+)+$/' })).toEqual([]);
    expect(ids({ search: '/(a|aa)+b/' })).toEqual([]);
    expect(ids({ search: '*a*a*a*a*a*a*a*a*a*a*a*a*b' })).toEqual([]);
    expect(pathMatcher('/(a+)+$/')(`/${'a'.repeat(100_000)}!`)).toBe(false);
  });
});

describe('sorts', () => {
  it('orders by space, files, similarity, folder and date', () => {
    expect(ids({ sort: 'reclaimable' })).toEqual(['a', 'c', 'b', 'd']);
    expect(ids({ sort: 'files' })).toEqual(['b', 'a', 'c', 'd']);
    expect(ids({ sort: 'similarity' })).toEqual(['a', 'c', 'b', 'd']);
    // The folder of the first file, then most space: Archive, Backup/Licenses, Documents, Downloads.
    expect(ids({ sort: 'folder' })).toEqual(['d', 'c', 'a', 'b']);
    expect(ids({ sort: 'date' })).toEqual(['b', 'a', 'd', 'c']);
  });

  it('sorts the clusters a search selects', () => {
    expect(ids({ sort: 'date', search: '**/Backup/**' })).toEqual(['b', 'a', 'c']);
  });
});
