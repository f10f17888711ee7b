// What the bulk marks say: the counts line, a folder's count before acting, and the note on a
// Delete mark that will not act.
import { describe, expect, it } from 'vitest';
import { folderMarkText, includedKinds, markCountsText, willNotActNote } from '../../renderer/marks/bulkSteps.ts';
import { cluster } from './fakeEngine.ts';

describe('bulk mark texts', () => {
  it('counts the Delete marks, how many will go and what the others need', () => {
    expect(markCountsText({ marked: 0, willGo: 0, need: { near: 0, contained: 0 } })).toBeNull();
    expect(markCountsText({ marked: 8, willGo: 8, need: { near: 0, contained: 0 } })).toBe('8 marked Delete · 8 will go');
    expect(markCountsText({ marked: 8, willGo: 5, need: { near: 2, contained: 1 } })).toBe('8 marked Delete · 5 will go · 2 need Edited versions · 1 need Excerpts');
  });

  it("tells a folder's count before acting: the last copies kept, reference files, the unmarked that then go", () => {
    expect(folderMarkText('delete', { files: 0, clusters: 0, lastCopies: 0, reference: 0, othersGo: 0 })).toBe('Nothing here to mark Delete.');
    expect(folderMarkText('delete', { files: 5, clusters: 4, lastCopies: 2, reference: 1, othersGo: 0 })).toBe(
      'Marks 5 files Delete in 4 clusters. 2 clusters have every file here or marked Delete: one file of each stays, marked Keep. 1 file in reference folders stays.',
    );
    expect(folderMarkText('keep', { files: 3, clusters: 3, lastCopies: 0, reference: 0, othersGo: 4 })).toBe(
      'Marks 3 files Keep in 3 clusters. The other 4 files of these clusters, unmarked, then go in a clean-up by marks.',
    );
  });

  it('says which marked files stay for a kind left out, and nothing once it is included', () => {
    const near = cluster('n1', 'near', ['/docs/a.txt', '/docs/b.txt', '/docs/c.txt']);
    const marks = { n1: { '/docs/b.txt': 'delete' as const, '/docs/c.txt': 'delete' as const } };
    expect(willNotActNote(near, marks, [], [1, 2])).toBe('2 files marked Delete are edited versions or excerpts: they stay unless “Edited versions” is ticked in the clean-up.');
    expect(willNotActNote(near, marks, includedKinds({ includeNear: true, includeContained: false }), [1, 2])).toBeNull();
  });
});
