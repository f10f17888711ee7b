// A duplicate-folder pair's files and its clean-up selection, read off clusters: copies (bytes,
// same text, another name of the file) are matched, an edited version or an excerpt is changed,
// the rest only here; the clean-up acts on the cleaned folder's copies only and each removal is
// checked against its twin in the kept folder, not a copy elsewhere.
import { describe, expect, it } from 'vitest';
import { planActions } from '../../../../electron/node/actions/planActions.ts';
import { folderCleanupSelection } from '../../../../shared/folders/folderCleanup.ts';
import { folderPairFiles } from '../../../../shared/folders/folderFiles.ts';
import type { Cluster, FolderMatch, ReportFile, ScanReport } from '../../../../shared/report.ts';

const match: FolderMatch = {
  id: 'folder-1',
  kind: 'folder',
  folders: ['/h/A', '/h/B'],
  similarity: 0.9,
  matchedBytes: 100,
  matchedFiles: 3,
  onlyInA: ['/h/A/own.txt'],
  onlyInB: ['/h/B/gone.txt', '/h/B/notes.txt'],
  matchedInA: ['/h/A/t1.txt', '/h/A/t2.txt', '/h/A/old.txt'],
  matchedInB: ['/h/B/t1.txt', '/h/B/t2.html'],
};

function file(path: string, extra: Partial<ReportFile> = {}): ReportFile {
  return { path, size: 10, mtime: 1, ...extra };
}

// Two texts, each in C/, A/ and B/: t1 as byte copies, t2 with B's copy as .html (same text).
const near: Cluster = {
  id: 'near-1',
  kind: 'near',
  similarity: 0.9,
  reclaimable: 40,
  files: [
    file('/h/C/t1.txt'),
    file('/h/A/t1.txt', { identical: 'bytes', similarity: 1 }),
    file('/h/B/t1.txt', { identical: 'bytes', similarity: 1 }),
    file('/h/C/t2.txt', { similarity: 0.9 }),
    file('/h/A/t2.txt', { identical: 'bytes', similarity: 0.9, matches: '/h/C/t2.txt' }),
    file('/h/B/t2.html', { identical: 'text', similarity: 0.9, matches: '/h/C/t2.txt' }),
  ],
};
// A's book contains B's excerpt: alike, not a copy.
const contained: Cluster = { id: 'contained-1', kind: 'contained', similarity: 0.95, reclaimable: 10, files: [file('/h/A/book.txt'), file('/h/B/chapter.txt', { similarity: 0.95 })] };
// Another name of A's file lies in B (a hard link): the same file, so a copy.
const linked: Cluster = { id: 'exact-1', kind: 'exact', similarity: 1, reclaimable: 10, files: [file('/h/A/photo.jpg', { links: ['/h/B/photo.jpg'] }), file('/h/C/photo.jpg')] };

describe('a folder pair’s files', () => {
  it('marks copies matched, edited versions and excerpts changed, the rest only here, and leaves out files gone', () => {
    const { a, b } = folderPairFiles(match, [near, contained, linked], 'posix', new Set(['/h/B/gone.txt']));
    const marks = (files: typeof a) => Object.fromEntries(files.map((f) => [f.path, [f.state, f.counterpart]]));
    expect(marks(b)).toEqual({
      '/h/B/t1.txt': ['matched', '/h/A/t1.txt'],
      '/h/B/t2.html': ['matched', '/h/A/t2.txt'],
      '/h/B/chapter.txt': ['changed', '/h/A/book.txt'],
      '/h/B/photo.jpg': ['matched', '/h/A/photo.jpg'],
      '/h/B/notes.txt': ['only-here', undefined],
    });
    // A file the scan matched that is in no cluster now lost its copy: only here.
    expect(marks(a)).toMatchObject({ '/h/A/t1.txt': ['matched', '/h/B/t1.txt'], '/h/A/book.txt': ['changed', '/h/B/chapter.txt'], '/h/A/photo.jpg': ['matched', '/h/B/photo.jpg'], '/h/A/old.txt': ['only-here', undefined], '/h/A/own.txt': ['only-here', undefined] });
  });

  it('calls a file changed only against the file the scan measured it to, not every member of its cluster', () => {
    // Both edited from C's text: each resembles C's, not necessarily the other.
    const star: Cluster = { id: 'near-2', kind: 'near', similarity: 0.6, reclaimable: 20, files: [file('/h/C/r.txt'), file('/h/A/r1.txt', { similarity: 0.6 }), file('/h/B/r2.txt', { similarity: 0.6 })] };
    expect(folderPairFiles(match, [star], 'posix').b.find((f) => f.path === '/h/B/r2.txt')).toEqual({ path: '/h/B/r2.txt', size: 10, state: 'only-here' });
    const measured: Cluster = { ...star, files: [file('/h/C/r.txt'), file('/h/A/r1.txt', { similarity: 0.6 }), file('/h/B/r2.txt', { similarity: 0.7, matches: '/h/A/r1.txt' })] };
    expect(folderPairFiles(match, [measured], 'posix').b.find((f) => f.path === '/h/B/r2.txt')).toMatchObject({ state: 'changed', counterpart: '/h/A/r1.txt' });
  });
});

describe('a folder clean-up’s selection', () => {
  it('acts on the cleaned folder’s copies only, and the planner checks each against its twin in the kept folder', () => {
    const { selection, kept, cleaned } = folderCleanupSelection(match, [near, contained, linked], 'b', 'posix');
    expect([kept, cleaned]).toEqual(['/h/A', '/h/B']);
    // The excerpt is not a copy; the hard link is no cluster member of its own.
    expect(selection).toEqual([{ clusterId: 'near-1', keep: ['/h/A/t1.txt', '/h/A/t2.txt'], act: ['/h/B/t1.txt', '/h/B/t2.html'] }]);
    const report: ScanReport = { version: 1, roots: ['/h'], clusters: [near], errors: [], stats: { files: 0, bytes: 0, ms: 0 } };
    const plan = planActions(report, { clusters: selection }, { action: 'trash' });
    expect(plan.steps.map((step) => [step.path, step.relation, step.kept.path])).toEqual([
      ['/h/B/t1.txt', 'copy', '/h/A/t1.txt'],
      // Not C's copy, which comes first in the cluster: the twin in the kept folder.
      ['/h/B/t2.html', 'same-text', '/h/A/t2.txt'],
    ]);
  });
});
